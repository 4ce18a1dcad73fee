// horner.cu: Horner's rule polynomial evaluation as a kernel dataflow graph
// (Table 4 row "20 12 Horner's rule polynom. eval.", Table 5; Kessler,
// /work/shared/papers/kessler-transfer-fusion.txt, Section 5), as a CUDA
// program for cuflow's --passes=fuse.
//
// y = a10 x^10 + ... + a1 x + a0, elementwise over n points, as 10 steps of
// two kernels each: mulk: tk = y(k+1) * x (y10 = a10) and addk: yk = tk + ak.
// N = 20 kernels; 12 vectors live on entry (x, a10..a0); 20 intermediates
// t9..t0, y9..y0 (SSA); y0 live on exit. |x| <= 0.47 and |ak| <= 0.32 keep
// |y| < 1.
//
// Mapping (the paper gives none): the multiplies on the CPU, the
// coefficient additions on the GPU, and the last step (mul0, add0) on the
// GPU as well, because y1 is already there and nothing on the host needs it
// (a data-locality choice a mapper would make). This is a ping-pong
// pipeline, every step crosses the bus both ways, and with it the optimum
// saving is 11, as in Table 4 (all multiplies on the CPU gives 10; adds on
// the CPU, multiplies on the GPU gives 1).
//   mul9 C, add9 G, mul8 C, add8 G, ..., mul1 C, add1 G, mul0 G, add0 G
// a10 is only on the host, t0 and y1 only on the device; x is uploaded for
// mul0 only.
//
// Baseline (paper, Section 3): per repetition 20 uploads (tk and ak before
// addk for k = 9..1, x before mul0, a0 before add0) + 9 downloads (y9..y2
// for the next CPU multiply, y0 for the end) = 29 cudaMemcpy.
// Windows (time = kernel index 0..19): up tk [2(9-k)+1] exactly; ak [0, time
// of addk]; x [0,18]; dn yk [time of addk] exactly; y0 [19,19].
// Kessler's optimum: 18 transfers (saving 11): up {t9, a9..a0, x} before
// add9, then up t8, ..., t1 singly (8); the 9 downloads cannot fuse (their
// windows are single, disjoint time steps). The tight variant uploads each
// ak with tk, and x, a0 with t1, a1: also 18.
// Fusing only the transfers already consecutive here gives 20 ({tk, ak} for
// k = 9..1; saving 9).
// Transfer trace (CUFLOW_TRACE, doc/trace.md) of one repetition, lowered
// original on the CPU runtime: h2d count 20, d2h count 9, alloc count 31.
//
// usage: horner [n points, 4096] [reps, 100]
// stdout: RESULT with the sum of y0; stderr: TIME_US per repetition (the rep
// loop only; no allocation inside it; every host buffer is written once
// before it, so no first touch is timed).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static void mul9(const float *a10, const float *x, float *t9, int n)
{
	for (int idx = 0; idx < n; idx++) {
		t9[idx] = a10[idx] * x[idx];
	}
}

__global__ void add9(const float *t9, const float *a9, float *y9, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		y9[idx] = t9[idx] + a9[idx];
	}
}

static void mul8(const float *y9, const float *x, float *t8, int n)
{
	for (int idx = 0; idx < n; idx++) {
		t8[idx] = y9[idx] * x[idx];
	}
}

__global__ void add8(const float *t8, const float *a8, float *y8, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		y8[idx] = t8[idx] + a8[idx];
	}
}

static void mul7(const float *y8, const float *x, float *t7, int n)
{
	for (int idx = 0; idx < n; idx++) {
		t7[idx] = y8[idx] * x[idx];
	}
}

__global__ void add7(const float *t7, const float *a7, float *y7, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		y7[idx] = t7[idx] + a7[idx];
	}
}

static void mul6(const float *y7, const float *x, float *t6, int n)
{
	for (int idx = 0; idx < n; idx++) {
		t6[idx] = y7[idx] * x[idx];
	}
}

__global__ void add6(const float *t6, const float *a6, float *y6, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		y6[idx] = t6[idx] + a6[idx];
	}
}

static void mul5(const float *y6, const float *x, float *t5, int n)
{
	for (int idx = 0; idx < n; idx++) {
		t5[idx] = y6[idx] * x[idx];
	}
}

__global__ void add5(const float *t5, const float *a5, float *y5, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		y5[idx] = t5[idx] + a5[idx];
	}
}

static void mul4(const float *y5, const float *x, float *t4, int n)
{
	for (int idx = 0; idx < n; idx++) {
		t4[idx] = y5[idx] * x[idx];
	}
}

__global__ void add4(const float *t4, const float *a4, float *y4, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		y4[idx] = t4[idx] + a4[idx];
	}
}

static void mul3(const float *y4, const float *x, float *t3, int n)
{
	for (int idx = 0; idx < n; idx++) {
		t3[idx] = y4[idx] * x[idx];
	}
}

__global__ void add3(const float *t3, const float *a3, float *y3, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		y3[idx] = t3[idx] + a3[idx];
	}
}

static void mul2(const float *y3, const float *x, float *t2, int n)
{
	for (int idx = 0; idx < n; idx++) {
		t2[idx] = y3[idx] * x[idx];
	}
}

__global__ void add2(const float *t2, const float *a2, float *y2, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		y2[idx] = t2[idx] + a2[idx];
	}
}

static void mul1(const float *y2, const float *x, float *t1, int n)
{
	for (int idx = 0; idx < n; idx++) {
		t1[idx] = y2[idx] * x[idx];
	}
}

__global__ void add1(const float *t1, const float *a1, float *y1, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		y1[idx] = t1[idx] + a1[idx];
	}
}

__global__ void mul0(const float *y1, const float *x, float *t0, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		t0[idx] = y1[idx] * x[idx];
	}
}

__global__ void add0(const float *t0, const float *a0, float *y0, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		y0[idx] = t0[idx] + a0[idx];
	}
}

static double sum(const float *v, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096;
	int reps = argc > 2 ? atoi(argv[2]) : 100;
	float *h_x = (float *)malloc(n * sizeof(float));
	float *h_a10 = (float *)malloc(n * sizeof(float));
	float *h_a9 = (float *)malloc(n * sizeof(float));
	float *h_a8 = (float *)malloc(n * sizeof(float));
	float *h_a7 = (float *)malloc(n * sizeof(float));
	float *h_a6 = (float *)malloc(n * sizeof(float));
	float *h_a5 = (float *)malloc(n * sizeof(float));
	float *h_a4 = (float *)malloc(n * sizeof(float));
	float *h_a3 = (float *)malloc(n * sizeof(float));
	float *h_a2 = (float *)malloc(n * sizeof(float));
	float *h_a1 = (float *)malloc(n * sizeof(float));
	float *h_a0 = (float *)malloc(n * sizeof(float));
	float *h_t9 = (float *)malloc(n * sizeof(float));
	float *h_y9 = (float *)malloc(n * sizeof(float));
	float *h_t8 = (float *)malloc(n * sizeof(float));
	float *h_y8 = (float *)malloc(n * sizeof(float));
	float *h_t7 = (float *)malloc(n * sizeof(float));
	float *h_y7 = (float *)malloc(n * sizeof(float));
	float *h_t6 = (float *)malloc(n * sizeof(float));
	float *h_y6 = (float *)malloc(n * sizeof(float));
	float *h_t5 = (float *)malloc(n * sizeof(float));
	float *h_y5 = (float *)malloc(n * sizeof(float));
	float *h_t4 = (float *)malloc(n * sizeof(float));
	float *h_y4 = (float *)malloc(n * sizeof(float));
	float *h_t3 = (float *)malloc(n * sizeof(float));
	float *h_y3 = (float *)malloc(n * sizeof(float));
	float *h_t2 = (float *)malloc(n * sizeof(float));
	float *h_y2 = (float *)malloc(n * sizeof(float));
	float *h_t1 = (float *)malloc(n * sizeof(float));
	float *h_y0 = (float *)malloc(n * sizeof(float));
	float *d_x;
	float *d_a9;
	float *d_a8;
	float *d_a7;
	float *d_a6;
	float *d_a5;
	float *d_a4;
	float *d_a3;
	float *d_a2;
	float *d_a1;
	float *d_a0;
	float *d_t9;
	float *d_y9;
	float *d_t8;
	float *d_y8;
	float *d_t7;
	float *d_y7;
	float *d_t6;
	float *d_y6;
	float *d_t5;
	float *d_y5;
	float *d_t4;
	float *d_y4;
	float *d_t3;
	float *d_y3;
	float *d_t2;
	float *d_y2;
	float *d_t1;
	float *d_y1;
	float *d_t0;
	float *d_y0;
	cudaMalloc((void **)&d_x, n * sizeof(float));
	cudaMalloc((void **)&d_a9, n * sizeof(float));
	cudaMalloc((void **)&d_a8, n * sizeof(float));
	cudaMalloc((void **)&d_a7, n * sizeof(float));
	cudaMalloc((void **)&d_a6, n * sizeof(float));
	cudaMalloc((void **)&d_a5, n * sizeof(float));
	cudaMalloc((void **)&d_a4, n * sizeof(float));
	cudaMalloc((void **)&d_a3, n * sizeof(float));
	cudaMalloc((void **)&d_a2, n * sizeof(float));
	cudaMalloc((void **)&d_a1, n * sizeof(float));
	cudaMalloc((void **)&d_a0, n * sizeof(float));
	cudaMalloc((void **)&d_t9, n * sizeof(float));
	cudaMalloc((void **)&d_y9, n * sizeof(float));
	cudaMalloc((void **)&d_t8, n * sizeof(float));
	cudaMalloc((void **)&d_y8, n * sizeof(float));
	cudaMalloc((void **)&d_t7, n * sizeof(float));
	cudaMalloc((void **)&d_y7, n * sizeof(float));
	cudaMalloc((void **)&d_t6, n * sizeof(float));
	cudaMalloc((void **)&d_y6, n * sizeof(float));
	cudaMalloc((void **)&d_t5, n * sizeof(float));
	cudaMalloc((void **)&d_y5, n * sizeof(float));
	cudaMalloc((void **)&d_t4, n * sizeof(float));
	cudaMalloc((void **)&d_y4, n * sizeof(float));
	cudaMalloc((void **)&d_t3, n * sizeof(float));
	cudaMalloc((void **)&d_y3, n * sizeof(float));
	cudaMalloc((void **)&d_t2, n * sizeof(float));
	cudaMalloc((void **)&d_y2, n * sizeof(float));
	cudaMalloc((void **)&d_t1, n * sizeof(float));
	cudaMalloc((void **)&d_y1, n * sizeof(float));
	cudaMalloc((void **)&d_t0, n * sizeof(float));
	cudaMalloc((void **)&d_y0, n * sizeof(float));
	for (int i = 0; i < n; i++) {
		h_x[i] = 0.25f + (float)(i % 8) * 0.03125f;
		h_a10[i] = (float)((i + 30) % 11) * 0.0625f - 0.3125f;
		h_a9[i] = (float)((i + 27) % 11) * 0.0625f - 0.3125f;
		h_a8[i] = (float)((i + 24) % 11) * 0.0625f - 0.3125f;
		h_a7[i] = (float)((i + 21) % 11) * 0.0625f - 0.3125f;
		h_a6[i] = (float)((i + 18) % 11) * 0.0625f - 0.3125f;
		h_a5[i] = (float)((i + 15) % 11) * 0.0625f - 0.3125f;
		h_a4[i] = (float)((i + 12) % 11) * 0.0625f - 0.3125f;
		h_a3[i] = (float)((i + 9) % 11) * 0.0625f - 0.3125f;
		h_a2[i] = (float)((i + 6) % 11) * 0.0625f - 0.3125f;
		h_a1[i] = (float)((i + 3) % 11) * 0.0625f - 0.3125f;
		h_a0[i] = (float)((i + 0) % 11) * 0.0625f - 0.3125f;
		h_t9[i] = 0.0f;
		h_y9[i] = 0.0f;
		h_t8[i] = 0.0f;
		h_y8[i] = 0.0f;
		h_t7[i] = 0.0f;
		h_y7[i] = 0.0f;
		h_t6[i] = 0.0f;
		h_y6[i] = 0.0f;
		h_t5[i] = 0.0f;
		h_y5[i] = 0.0f;
		h_t4[i] = 0.0f;
		h_y4[i] = 0.0f;
		h_t3[i] = 0.0f;
		h_y3[i] = 0.0f;
		h_t2[i] = 0.0f;
		h_y2[i] = 0.0f;
		h_t1[i] = 0.0f;
		h_y0[i] = 0.0f;
	}

	auto t0 = std::chrono::steady_clock::now();
	for (int r = 0; r < reps; r++) {
		mul9(h_a10, h_x, h_t9, n);
		cudaMemcpy(d_t9, h_t9, n * sizeof(float), cudaMemcpyHostToDevice);
		cudaMemcpy(d_a9, h_a9, n * sizeof(float), cudaMemcpyHostToDevice);
		add9<<<(n + 255) / 256, 256>>>(d_t9, d_a9, d_y9, n);
		cudaMemcpy(h_y9, d_y9, n * sizeof(float), cudaMemcpyDeviceToHost);
		mul8(h_y9, h_x, h_t8, n);
		cudaMemcpy(d_t8, h_t8, n * sizeof(float), cudaMemcpyHostToDevice);
		cudaMemcpy(d_a8, h_a8, n * sizeof(float), cudaMemcpyHostToDevice);
		add8<<<(n + 255) / 256, 256>>>(d_t8, d_a8, d_y8, n);
		cudaMemcpy(h_y8, d_y8, n * sizeof(float), cudaMemcpyDeviceToHost);
		mul7(h_y8, h_x, h_t7, n);
		cudaMemcpy(d_t7, h_t7, n * sizeof(float), cudaMemcpyHostToDevice);
		cudaMemcpy(d_a7, h_a7, n * sizeof(float), cudaMemcpyHostToDevice);
		add7<<<(n + 255) / 256, 256>>>(d_t7, d_a7, d_y7, n);
		cudaMemcpy(h_y7, d_y7, n * sizeof(float), cudaMemcpyDeviceToHost);
		mul6(h_y7, h_x, h_t6, n);
		cudaMemcpy(d_t6, h_t6, n * sizeof(float), cudaMemcpyHostToDevice);
		cudaMemcpy(d_a6, h_a6, n * sizeof(float), cudaMemcpyHostToDevice);
		add6<<<(n + 255) / 256, 256>>>(d_t6, d_a6, d_y6, n);
		cudaMemcpy(h_y6, d_y6, n * sizeof(float), cudaMemcpyDeviceToHost);
		mul5(h_y6, h_x, h_t5, n);
		cudaMemcpy(d_t5, h_t5, n * sizeof(float), cudaMemcpyHostToDevice);
		cudaMemcpy(d_a5, h_a5, n * sizeof(float), cudaMemcpyHostToDevice);
		add5<<<(n + 255) / 256, 256>>>(d_t5, d_a5, d_y5, n);
		cudaMemcpy(h_y5, d_y5, n * sizeof(float), cudaMemcpyDeviceToHost);
		mul4(h_y5, h_x, h_t4, n);
		cudaMemcpy(d_t4, h_t4, n * sizeof(float), cudaMemcpyHostToDevice);
		cudaMemcpy(d_a4, h_a4, n * sizeof(float), cudaMemcpyHostToDevice);
		add4<<<(n + 255) / 256, 256>>>(d_t4, d_a4, d_y4, n);
		cudaMemcpy(h_y4, d_y4, n * sizeof(float), cudaMemcpyDeviceToHost);
		mul3(h_y4, h_x, h_t3, n);
		cudaMemcpy(d_t3, h_t3, n * sizeof(float), cudaMemcpyHostToDevice);
		cudaMemcpy(d_a3, h_a3, n * sizeof(float), cudaMemcpyHostToDevice);
		add3<<<(n + 255) / 256, 256>>>(d_t3, d_a3, d_y3, n);
		cudaMemcpy(h_y3, d_y3, n * sizeof(float), cudaMemcpyDeviceToHost);
		mul2(h_y3, h_x, h_t2, n);
		cudaMemcpy(d_t2, h_t2, n * sizeof(float), cudaMemcpyHostToDevice);
		cudaMemcpy(d_a2, h_a2, n * sizeof(float), cudaMemcpyHostToDevice);
		add2<<<(n + 255) / 256, 256>>>(d_t2, d_a2, d_y2, n);
		cudaMemcpy(h_y2, d_y2, n * sizeof(float), cudaMemcpyDeviceToHost);
		mul1(h_y2, h_x, h_t1, n);
		cudaMemcpy(d_t1, h_t1, n * sizeof(float), cudaMemcpyHostToDevice);
		cudaMemcpy(d_a1, h_a1, n * sizeof(float), cudaMemcpyHostToDevice);
		add1<<<(n + 255) / 256, 256>>>(d_t1, d_a1, d_y1, n);
		cudaMemcpy(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice);
		mul0<<<(n + 255) / 256, 256>>>(d_y1, d_x, d_t0, n);
		cudaMemcpy(d_a0, h_a0, n * sizeof(float), cudaMemcpyHostToDevice);
		add0<<<(n + 255) / 256, 256>>>(d_t0, d_a0, d_y0, n);
		cudaMemcpy(h_y0, d_y0, n * sizeof(float), cudaMemcpyDeviceToHost);
	}
	cudaDeviceSynchronize();
	auto t1 = std::chrono::steady_clock::now();
	cudaError_t err = cudaGetLastError();
	fprintf(stderr, "TIME_US %.3f\n", std::chrono::duration<double, std::micro>(t1 - t0).count() / (reps > 0 ? reps : 1));
	printf("RESULT y0=%.8e\n", sum(h_y0, n));
	free(h_x);
	free(h_a10);
	free(h_a9);
	free(h_a8);
	free(h_a7);
	free(h_a6);
	free(h_a5);
	free(h_a4);
	free(h_a3);
	free(h_a2);
	free(h_a1);
	free(h_a0);
	free(h_t9);
	free(h_y9);
	free(h_t8);
	free(h_y8);
	free(h_t7);
	free(h_y7);
	free(h_t6);
	free(h_y6);
	free(h_t5);
	free(h_y5);
	free(h_t4);
	free(h_y4);
	free(h_t3);
	free(h_y3);
	free(h_t2);
	free(h_y2);
	free(h_t1);
	free(h_y0);
	cudaFree(d_x);
	cudaFree(d_a9);
	cudaFree(d_a8);
	cudaFree(d_a7);
	cudaFree(d_a6);
	cudaFree(d_a5);
	cudaFree(d_a4);
	cudaFree(d_a3);
	cudaFree(d_a2);
	cudaFree(d_a1);
	cudaFree(d_a0);
	cudaFree(d_t9);
	cudaFree(d_y9);
	cudaFree(d_t8);
	cudaFree(d_y8);
	cudaFree(d_t7);
	cudaFree(d_y7);
	cudaFree(d_t6);
	cudaFree(d_y6);
	cudaFree(d_t5);
	cudaFree(d_y5);
	cudaFree(d_t4);
	cudaFree(d_y4);
	cudaFree(d_t3);
	cudaFree(d_y3);
	cudaFree(d_t2);
	cudaFree(d_y2);
	cudaFree(d_t1);
	cudaFree(d_y1);
	cudaFree(d_t0);
	cudaFree(d_y0);
	if (err != cudaSuccess) {
		fprintf(stderr, "horner: %s\n", cudaGetErrorString(err));
		return 1;
	}
	return 0;
}
