// case: must never: a kernel writes the buffer on one branch only: after h_a goes up to d_a, bump writes d_a if mode == 1 (it is, from argc) and d_b otherwise; in the loop, bump writes d_w on every third iteration only
// expect: "cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);" (line 48) stays (it may move into the "if (mode == 1)" branch, after bump, but is never removed: it is redundant only on the else path); "cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);" (line 51) is not hoisted out of the loop: "bump<<<...>>>(d_w, n)" under "if (t % 3 == 1)" (line 53) writes d_w (it may only move to follow that bump under the same condition)
// trap: removing the download leaves h_a unbumped; hoisting the upload lets iterations after a bump read the bumped d_w
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void bump(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (a[i] * 7 + 3) % 1009;
}

__global__ void acc(int *x, const int *w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + w[i]) % 100003;
}

int main(int argc, char **argv)
{
    (void)argv;
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    // 1 unless the program gets more than 50 arguments
    int mode = argc > 50 ? 0 : 1;
    int *h_a = (int *)malloc(bytes);
    int *h_w = (int *)malloc(bytes);
    int *h_x = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_a[i] = (i * 11) % 73;
        h_w[i] = (i * 5) % 41;
    }
    int *d_a, *d_b, *d_w, *d_x;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, bytes);
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);

    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    if (mode == 1)
        bump<<<(n + 255) / 256, 256>>>(d_a, n);
    else
        bump<<<(n + 255) / 256, 256>>>(d_b, n);
    cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);

    for (int t = 0; t < 7; ++t) {
        cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
        acc<<<(n + 255) / 256, 256>>>(d_x, d_w, n);
        if (t % 3 == 1)
            bump<<<(n + 255) / 256, 256>>>(d_w, n);
    }

    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    long long sa = 0, sx = 0;
    for (int i = 0; i < n; ++i) {
        sa += (long long)h_a[i] * (i % 3 + 1);
        sx += (long long)h_x[i] * (i % 7 + 1);
    }
    printf("RESULT %lld %lld %d\n", sa, sx, mode);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_w);
    cudaFree(d_x);
    free(h_a);
    free(h_w);
    free(h_x);
    return 0;
}
