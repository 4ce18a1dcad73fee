// case: main uploads h into d after making a texture object over d, and a kernel reads d only through that texture; a second upload goes into d_pad, which nothing reads
// expect: the upload of d (line 36) stays: cudaCreateTextureObject (line 35) hands d to the runtime, and the kernel reads it through the texture, which no pointer shows; the upload of d_pad (line 37) goes: nothing reads it
// trap: removing line 36 leaves the texture reading uninitialised device memory (wrong.cu: RESULT 0.000000 in the oracle, against 1047552.000000)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

__global__ void rd(cudaTextureObject_t t, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1Dfetch<float>(t, i) * 2.0f;
}

int main()
{
    const int n = 1024;
    float *h = (float *)malloc(n * sizeof(float)), *o = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; ++i)
        h[i] = i;
    float *d, *dout, *d_pad;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&dout, n * sizeof(float));
    cudaMalloc(&d_pad, n * sizeof(float));
    cudaResourceDesc rs;
    memset(&rs, 0, sizeof rs);
    rs.resType = cudaResourceTypeLinear;
    rs.res.linear.devPtr = d;
    rs.res.linear.desc = cudaCreateChannelDesc<float>();
    rs.res.linear.sizeInBytes = n * sizeof(float);
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    cudaTextureObject_t t = 0;
    cudaCreateTextureObject(&t, &rs, &td, NULL);
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    rd<<<(n + 255) / 256, 256>>>(t, dout, n);
    cudaMemcpy(o, dout, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += o[i];
    printf("RESULT %f\n", s);
    cudaDestroyTextureObject(t);
    cudaFree(d);
    cudaFree(d_pad);
    cudaFree(dout);
    free(h);
    free(o);
    return 0;
}
