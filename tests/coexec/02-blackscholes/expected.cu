#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// Black-Scholes over many options, two outputs per option, a grid-stride
// loop (gridDim read in the kernel) and a __device__ helper.
#include <cmath>
#include <cstdio>
#include <cstdlib>

__device__ float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f, a5 = 1.330274429f;
    float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float c = 0.3989422804f * expf(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0 ? 1.0f - c : c;
}

__global__ void blackscholes(float *call, float *put, const float *price, const float *strike, const float *years,
                             float r, float v, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float s = price[i], x = strike[i], t = years[i];
        float sq = sqrtf(t);
        float d1 = (logf(s / x) + (r + 0.5f * v * v) * t) / (v * sq);
        float d2 = d1 - v * sq;
        float e = expf(-r * t);
        call[i] = s * cnd(d1) - x * e * cnd(d2);
        put[i] = x * e * (1.0f - cnd(d2)) - s * (1.0f - cnd(d1));
    }
}

/* cuflow --lower=coexec: blackscholes as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_blackscholes(unsigned long long cuflow_lo, unsigned long long cuflow_hi, float *call, float *put, const float *price, const float *strike, const float *years,
                             float r, float v, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float s = price[i], x = strike[i], t = years[i];
        float sq = sqrtf(t);
        float d1 = (logf(s / x) + (r + 0.5f * v * v) * t) / (v * sq);
        float d2 = d1 - v * sq;
        float e = expf(-r * t);
        call[i] = s * cnd(d1) - x * e * cnd(d2);
        put[i] = x * e * (1.0f - cnd(d2)) - s * (1.0f - cnd(d1));
    }
}

}

extern "C" void cuflow_cpu_blackscholes(void **, const unsigned *, size_t, long long, long long);

/* a launch of blackscholes: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_blackscholes(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, float *call, float *put, const float *price, const float *strike, const float *years,
                             float r, float v, int n)
{
	void *cuflow_av[] = {(void *)&call, (void *)&put, (void *)&price, (void *)&strike, (void *)&years, (void *)&r, (void *)&v, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {2, 2, 1, 1, 1, 0, 0, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"blackscholes", 8, cuflow_use, cuflow_cpu_blackscholes, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			blackscholes<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(call, put, price, strike, years, r, v, n);
		else
			cuflow_part_blackscholes<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, call, put, price, strike, years, r, v, n);
	});
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 20; // options
    size_t bytes = n * sizeof(float);
    float *p = (float *)malloc(bytes), *x = (float *)malloc(bytes), *t = (float *)malloc(bytes);
    float *c = (float *)malloc(bytes), *q = (float *)malloc(bytes);
    srand(7);
    for (int i = 0; i < n; i++) {
        p[i] = 5.0f + 25.0f * (rand() / (float)RAND_MAX);
        x[i] = 1.0f + 99.0f * (rand() / (float)RAND_MAX);
        t[i] = 0.25f + 9.75f * (rand() / (float)RAND_MAX);
    }
    float *dp, *dx, *dt, *dc, *dq;
    cudaMalloc(&dp, bytes);
    cudaMalloc(&dx, bytes);
    cudaMalloc(&dt, bytes);
    cudaMalloc(&dc, bytes);
    cudaMalloc(&dq, bytes);
    cudaMemcpy(dp, p, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dx, x, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dt, t, bytes, cudaMemcpyHostToDevice);
    for (int it = 0; it < 4; it++)
        cuflow_coexec_blackscholes(480, 128, 0, 0, dc, dq, dp, dx, dt, 0.02f, 0.30f, n);
    cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(q, dq, bytes, cudaMemcpyDeviceToHost);
    // against the parity relation: call - put = S - X e^{-rT}
    int bad = 0;
    double sc = 0;
    for (int i = 0; i < n; i++) {
        double parity = p[i] - x[i] * exp(-0.02 * t[i]);
        bad += fabs((c[i] - q[i]) - parity) > 1e-3 * (1 + fabs(parity));
        sc += c[i];
    }
    printf("RESULT blackscholes bad=%d call=%.0f\n", bad, sc);
    cudaFree(dp);
    cudaFree(dx);
    cudaFree(dt);
    cudaFree(dc);
    cudaFree(dq);
    return 0;
}
