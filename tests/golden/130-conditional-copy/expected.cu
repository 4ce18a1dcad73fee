// case: must never: a copy under a condition the new place does not share: from iteration warm on (warm = 3, from argc) the loop uploads new weights h_w1 over d_w, which held h_w0 for the first iterations
// expect: "cudaMemcpy(d_w, h_w1, bytes, cudaMemcpyHostToDevice);" (line 37) is not hoisted to the loop's preheader: it runs only under "if (t >= warm)" (line 36); it may stay, or run only in the first iteration with t >= warm (later ones are redundant), never before iteration warm
// trap: hoisting it before the loop makes iterations 0 to 2 read h_w1 instead of h_w0
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void acc(int *x, const int *w, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + w[i] * (t + 1)) % 100003;
}

int main(int argc, char **argv)
{
    (void)argv;
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    // 3 unless the program gets more than 50 arguments
    int warm = argc > 50 ? 0 : 3;
    int *h_w0 = (int *)malloc(bytes);
    int *h_w1 = (int *)malloc(bytes);
    int *h_x = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_w0[i] = i % 3;
        h_w1[i] = 20 + (i * 7) % 31;
    }
    int *d_w, *d_x;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);
    cudaMemcpy(d_w, h_w0, bytes, cudaMemcpyHostToDevice);

    for (int t = 0; t < 8; ++t) {
        if (t >= warm)
            cudaMemcpy(d_w, h_w1, bytes, cudaMemcpyHostToDevice);
        acc<<<(n + 255) / 256, 256>>>(d_x, d_w, n, t);
    }

    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 7 + 1);
    printf("RESULT %lld %d\n", s, warm);
    cudaFree(d_w);
    cudaFree(d_x);
    free(h_w0);
    free(h_w1);
    free(h_x);
    return 0;
}
