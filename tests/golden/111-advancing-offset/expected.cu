// case: must never: chunked streaming; each iteration uploads the chunk at h_in + off, processes it, and downloads it to h_out + off, with off advancing by chunk
// expect: both copies stay in the loop: "cudaMemcpy(d_c, h_in + off, chunk * sizeof(int), cudaMemcpyHostToDevice);" (line 29) and "cudaMemcpy(h_out + off, d_c, chunk * sizeof(int), cudaMemcpyDeviceToHost);" (line 31); the report says off (line 28) changes in the loop
// trap: hoisting the upload uploads only the first chunk, so every chunk is computed from it; sinking the download writes only the last chunk to h_out (the rest keep their -1 sentinels)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void square(int *c, int m, int off)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < m)
        c[i] = (c[i] * c[i] + off) % 1013;
}

int main()
{
    const int n = 1 << 12;
    const int chunk = 512;
    int *h_in = (int *)malloc(n * sizeof(int));
    int *h_out = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i) {
        h_in[i] = (i * 29) % 331;
        h_out[i] = -1;
    }
    int *d_c;
    cudaMalloc(&d_c, chunk * sizeof(int));

    for (int off = 0; off < n; off += chunk) {
        cudaMemcpy(d_c, h_in + off, chunk * sizeof(int), cudaMemcpyHostToDevice);
        square<<<(chunk + 127) / 128, 128>>>(d_c, chunk, off);
        cudaMemcpy(h_out + off, d_c, chunk * sizeof(int), cudaMemcpyDeviceToHost);
    }

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_out[i] * (i % 7 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_c);
    free(h_in);
    free(h_out);
    return 0;
}
