// case: a loop holds an #ifdef TRACE_HOST block that writes h_b, then an #ifndef NO_GPU group with a round trip of h_a around a kernel and a loop-invariant upload of h_b, and an #else group that updates h_c on the host; a second loop holds an invariant upload in the #else group of an #if
// expect: the round trip of h_a (lines 38 and 41) leaves the first loop, each copy re-emitted under the loop's "#ifndef NO_GPU" line: the groups this build leaves out (TRACE_HOST, the #else) name neither h_a, d_a nor bytes; the upload of h_b (line 39) stays: the TRACE_HOST block names h_b; the upload of d_c in the second loop (line 53) stays: it lies in an #else group, whose condition cuflow cannot repeat
// trap: hoisting line 39 makes a -DTRACE_HOST build compute with a stale d_b (that rewrite with TRACE_HOST defined prints RESULT 28792.219 in the oracle, the original with TRACE_HOST defined 28806.281; the oracle runs this case's configs, each macro of it defined on top of the original and of the rewrite, and they must agree); re-emitting the moved copies without their #ifndef NO_GPU line breaks a -DNO_GPU build, where d_a is not declared
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void relax(float *a, const float *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = 0.5f * a[i] + b[i];
}

int main()
{
    const int n = 4096, steps = 8;
    size_t bytes = n * sizeof(float);
    float *h_a = (float *)malloc(bytes), *h_b = (float *)malloc(bytes), *h_c = (float *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_a[i] = (float)(i % 17);
        h_b[i] = (float)(i % 5);
        h_c[i] = 1.0f;
    }
#ifndef NO_GPU
    float *d_a, *d_b, *d_c;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, bytes);
    cudaMalloc(&d_c, bytes);
#endif
    double s = 0;
#ifndef NO_GPU
    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
#endif
    for (int t = 0; t < steps; ++t) {
        s += t;
#ifdef TRACE_HOST
        h_b[t] += 1.0f;
#endif
#ifndef NO_GPU
        cudaMemcpy(d_b, h_b, bytes, cudaMemcpyHostToDevice);
        relax<<<(n + 255) / 256, 256>>>(d_a, d_b, n);
#else
        for (int i = 0; i < n; ++i)
            h_c[i] += 0.25f;
#endif
    }
#ifndef NO_GPU
    cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);
#endif
    for (int i = 0; i < n; ++i)
        s += h_a[i] + h_c[i];
#ifndef NO_GPU
    for (int t = 0; t < steps; ++t) {
#if defined(STAGE_ASYNC)
        cudaMemcpyAsync(d_c, h_c, bytes, cudaMemcpyHostToDevice, 0);
#else
        cudaMemcpy(d_c, h_c, bytes, cudaMemcpyHostToDevice);
#endif
        relax<<<(n + 255) / 256, 256>>>(d_a, d_c, n);
    }
    cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        s += h_a[i];
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
#endif
    printf("RESULT %.3f\n", s);
    free(h_a);
    free(h_b);
    free(h_c);
    return 0;
}
