// A tree reduction into one partial sum per block, then the host adds them.
#include <cstdio>
#include <cstdlib>
#include <chrono>

__global__ void partial(const int *in, long long *out, int n)
{
    __shared__ long long s[256];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x * 2 + t;
    long long v = 0;
    if (i < n)
        v += in[i];
    if (i + blockDim.x < n)
        v += in[i + blockDim.x];
    s[t] = v;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k)
            s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 22, threads = 256, blocks = (n + 2 * threads - 1) / (2 * threads);
    int *in = (int *)malloc(n * sizeof(int));
    long long want = 0;
    for (int i = 0; i < n; i++) {
        in[i] = (i * 2654435761u) % 1000;
        want += in[i];
    }
    int *din;
    long long *dout, *out = (long long *)malloc(blocks * sizeof(long long));
    cudaMalloc(&din, n * sizeof(int));
    cudaMalloc(&dout, blocks * sizeof(long long));
    auto t0 = std::chrono::steady_clock::now(); // the phase from the first upload to the last download
    cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice);
    long long got = 0;
    for (int it = 0; it < 4; it++) {
        partial<<<blocks, threads>>>(din, dout, n);
        cudaMemcpy(out, dout, blocks * sizeof(long long), cudaMemcpyDeviceToHost);
        got = 0;
        for (int b = 0; b < blocks; b++)
            got += out[b];
    }
    printf("TIME %.3f ms\n", std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    printf("RESULT reduce sum=%lld ok=%d\n", got, got == want);
    return 0;
}
