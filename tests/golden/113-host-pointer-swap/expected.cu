// case: must never: host double buffering; each iteration uploads *cur, the kernel derives d_y from it, d_y is downloaded into *nxt, and the host pointers swap (tmp = cur; cur = nxt; nxt = tmp), so the next upload reads what the last download wrote
// expect: both copies stay in the loop: "cudaMemcpy(d_x, cur, bytes, cudaMemcpyHostToDevice);" (line 31) reads a different host buffer each iteration (cur, swapped at line 35), written by "cudaMemcpy(nxt, d_y, bytes, cudaMemcpyDeviceToHost);" (line 33) of the previous iteration
// trap: hoisting the upload feeds h_a's initial contents to every iteration; treating cur as "never written in the loop" because no store names it is the mistake
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void next(int *y, const int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = (x[i] * 5 + x[(i + 1) % n] + t) % 1009;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_a = (int *)malloc(bytes);
    int *h_b = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_a[i] = i % 41;
        h_b[i] = 0;
    }
    int *d_x, *d_y;
    cudaMalloc(&d_x, bytes);
    cudaMalloc(&d_y, bytes);

    int *cur = h_a, *nxt = h_b;
    for (int t = 0; t < 7; ++t) {
        cudaMemcpy(d_x, cur, bytes, cudaMemcpyHostToDevice);
        next<<<(n + 255) / 256, 256>>>(d_y, d_x, n, t);
        cudaMemcpy(nxt, d_y, bytes, cudaMemcpyDeviceToHost);
        int *tmp = cur;
        cur = nxt;
        nxt = tmp;
    }

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)cur[i] * (i % 5 + 1) + nxt[i];
    printf("RESULT %lld\n", s);
    cudaFree(d_x);
    cudaFree(d_y);
    free(h_a);
    free(h_b);
    return 0;
}
