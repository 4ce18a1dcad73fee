// case: main uploads h_in into d_in and copies d_in to d_out with cudaMemcpy3D, through the pitched pointer make_cudaPitchedPtr makes of d_in; a kernel doubles d_out, which goes back to the host
// expect: no change: cudaMemcpy3D reads d_in through the pitched pointer, which holds d_in's address (the rules say make_cudaPitchedPtr returns its first argument), and the struct assignment p.srcPtr = ... carries that address into p, so the upload of d_in (line 30) is read
// trap: removing line 30 as a copy nothing reads (the build before make_cudaPitchedPtr had its rule did) copies uninitialised memory to d_out (wrong.cu: RESULT 0 in the oracle, against 16773120)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void twice(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2;
}

int main()
{
    const int w = 64, h = 64, n = w * h;
    size_t bytes = n * sizeof(int);
    int *h_in = (int *)malloc(bytes), *h_out = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_in[i] = i;
    int *d_in, *d_out;
    cudaMalloc(&d_in, bytes);
    cudaMalloc(&d_out, bytes);
    cudaMemcpy3DParms p = {0};
    p.srcPtr = make_cudaPitchedPtr(d_in, w * sizeof(int), w, h);
    p.dstPtr = make_cudaPitchedPtr(d_out, w * sizeof(int), w, h);
    p.extent = make_cudaExtent(w * sizeof(int), h, 1);
    p.kind = cudaMemcpyDeviceToDevice;
    cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy3D(&p);
    twice<<<(n + 255) / 256, 256>>>(d_out, n);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += h_out[i];
    printf("RESULT %lld\n", s);
    cudaFree(d_in);
    cudaFree(d_out);
    free(h_in);
    free(h_out);
    return 0;
}
