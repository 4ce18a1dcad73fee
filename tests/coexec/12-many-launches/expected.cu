#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// Many small launches of one kernel (a time step): what the split costs
// per launch when the runtime keeps the kernel on the GPU.
#include <cstdio>
#include <cstdlib>

__global__ void step(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 0.5f * in[i] + 1.0f;
}

/* cuflow --lower=coexec: step as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_step(unsigned long long cuflow_lo, unsigned long long cuflow_hi, const float *in, float *out, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 0.5f * in[i] + 1.0f;
}

}

extern "C" void cuflow_cpu_step(void **, const unsigned *, size_t, long long, long long);

/* a launch of step: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_step(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, const float *in, float *out, int n)
{
	void *cuflow_av[] = {(void *)&in, (void *)&out, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {1, 2, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"step", 3, cuflow_use, cuflow_cpu_step, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*in), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {1, sizeof(*out), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			step<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(in, out, n);
		else
			cuflow_part_step<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, in, out, n);
	});
}

int main(int argc, char **argv)
{
    const int steps = argc > 2 ? atoi(argv[2]) : 1000, n = 1 << 14;
    float *h = (float *)malloc(n * sizeof(float)), *a, *b;
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 10);
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMemcpy(a, h, n * sizeof(float), cudaMemcpyHostToDevice);
    for (int s = 0; s < steps; s++) {
        cuflow_coexec_step(n / 256, 256, 0, 0, a, b, n);
        float *t = a;
        a = b;
        b = t;
    }
    cudaMemcpy(h, a, n * sizeof(float), cudaMemcpyDeviceToHost);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += h[i];
    printf("RESULT steps=%d sum=%.3f\n", steps, sum);
    return 0;
}
