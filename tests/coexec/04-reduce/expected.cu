#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
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

/* cuflow --lower=coexec: partial as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_partial(unsigned long long cuflow_lo, unsigned long long cuflow_hi, const int *in, long long *out, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
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

}

extern "C" void cuflow_cpu_partial(void **, const unsigned *, size_t, long long, long long);

/* a launch of partial: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_partial(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, const int *in, long long *out, int n)
{
	void *cuflow_av[] = {(void *)&in, (void *)&out, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {1, 2, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"partial", 3, cuflow_use, cuflow_cpu_partial, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*in), ((1LL * (long long)cuflow_b.x) * 2LL), 0LL, 0LL, (((0LL * (long long)cuflow_b.x) * 2LL) + 0LL), (((0LL * (long long)cuflow_b.x) * 2LL) + ((long long)cuflow_b.x - 1))}, {0, sizeof(*in), ((1LL * (long long)cuflow_b.x) * 2LL), 0LL, 0LL, ((((0LL * (long long)cuflow_b.x) * 2LL) + 0LL) + (long long)cuflow_b.x), ((((0LL * (long long)cuflow_b.x) * 2LL) + ((long long)cuflow_b.x - 1)) + (long long)cuflow_b.x)}, {1, sizeof(*out), 1LL, 0LL, 0LL, 0LL, 0LL}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			partial<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(in, out, n);
		else
			cuflow_part_partial<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, in, out, n);
	});
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
        cuflow_coexec_partial(blocks, threads, 0, 0, din, dout, n);
        cudaMemcpy(out, dout, blocks * sizeof(long long), cudaMemcpyDeviceToHost);
        got = 0;
        for (int b = 0; b < blocks; b++)
            got += out[b];
    }
    printf("TIME %.3f ms\n", std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    printf("RESULT reduce sum=%lld ok=%d\n", got, got == want);
    return 0;
}
