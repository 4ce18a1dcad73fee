// case: an async upload and download on stream st, a launch on st between, then cudaStreamSynchronize(st), in a loop
// expect: pin pins both buffers and adds no event: the stream's sync waits for the copies
// trap: naming st in the launch counted as changing st, so an event wait went right before the stream's sync
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void work(float *o, const float *i, int n) { int k = blockIdx.x * blockDim.x + threadIdx.x; if (k < n) o[k] = i[k] * 0.5f + 1.0f; }

int main(int argc, char **argv)
{
    const int n = 1 << 16;
    int steps = argc > 1 ? atoi(argv[1]) : 4;
    size_t bytes = n * sizeof(float);
    float *h_in = (float *)malloc(bytes);
    float *h_out = (float *)malloc(bytes);
    for (int i = 0; i < n; ++i) h_in[i] = (float)(i % 29);
    float *d_in, *d_out;
    cudaMalloc(&d_in, bytes);
    cudaMalloc(&d_out, bytes);
    cudaStream_t st;
    cudaStreamCreate(&st);
    double total = 0;
    for (int t = 0; t < steps; ++t) {
        cudaMemcpyAsync(d_in, h_in, bytes, cudaMemcpyHostToDevice, st);
        work<<<(n + 255) / 256, 256, 0, st>>>(d_out, d_in, n);
        cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, st);
        cudaStreamSynchronize(st);
        h_in[t] += h_out[t];
        total += h_out[t * 7];
    }
    printf("RESULT total=%.2f\n", total);
    cudaStreamDestroy(st);
    cudaFree(d_in);
    cudaFree(d_out);
    free(h_in);
    free(h_out);
    return 0;
}
