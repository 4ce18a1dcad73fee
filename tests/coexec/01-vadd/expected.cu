#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// Vector add, data from the host: each block writes its own slice.
#include <cstdio>
#include <cstdlib>
#include <chrono>

__global__ void vadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

/* cuflow --lower=coexec: vadd as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_vadd(unsigned long long cuflow_lo, unsigned long long cuflow_hi, const float *a, const float *b, float *c, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

}

extern "C" void cuflow_cpu_vadd(void **, const unsigned *, size_t, long long, long long);

/* a launch of vadd: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_vadd(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, const float *a, const float *b, float *c, int n)
{
	void *cuflow_av[] = {(void *)&a, (void *)&b, (void *)&c, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {1, 1, 2, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"vadd", 4, cuflow_use, cuflow_cpu_vadd, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*a), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {1, sizeof(*b), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {2, sizeof(*c), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			vadd<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(a, b, c, n);
		else
			cuflow_part_vadd<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, a, b, c, n);
	});
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 20; // elements
    size_t bytes = n * sizeof(float);
    float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
    for (int i = 0; i < n; i++) {
        a[i] = (float)(i % 1000);
        b[i] = (float)(2 * (i % 777));
    }
    float *da, *db, *dc;
    cudaMalloc(&da, bytes);
    cudaMalloc(&db, bytes);
    cudaMalloc(&dc, bytes);
    auto t0 = std::chrono::steady_clock::now(); // the phase from the first upload to the last download
    cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
    for (int round = 0; round < 4; round++)
        cuflow_coexec_vadd((n + 255) / 256, 256, 0, 0, da, db, dc, n);
    cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
    printf("TIME %.3f ms\n", std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    int bad = 0;
    double s = 0;
    for (int i = 0; i < n; i++) {
        bad += c[i] != a[i] + b[i];
        s += c[i];
    }
    printf("RESULT vadd bad=%d sum=%.1f\n", bad, s);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    free(a);
    free(b);
    free(c);
    return 0;
}
