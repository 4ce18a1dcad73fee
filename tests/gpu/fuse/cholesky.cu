// cholesky.cu: the dataflow graph of a 4x4-blocks left-looking Cholesky
// factorization (PLASMA order, the paper's Fig. 4 / Table 4 row "20 4 4x4
// blocks Cholesky factoriz."; Kessler, /work/shared/papers/
// kessler-transfer-fusion.txt, Section 5), as a CUDA program for cuflow's
// --passes=fuse. Kernels are linear-work stand-ins for POTRF, TRSM, SYRK and
// GEMM (each block op is an elementwise combination of its operand blocks
// with power-of-two weights: the "linear-work kernels" of Table 5, like an
// extremely sparse matrix), so values stay bounded.
//
// Vectors (n floats = one block each, SSA): the 10 lower blocks A00..A33 live
// on entry; Lkk/Lmk the factor blocks (all 10 live on exit); S.. a diagonal
// block after SYRK updates, G.. an off-diagonal block after GEMM updates
// (intermediates). Mapping: POTRF on the CPU, TRSM/SYRK/GEMM on the GPU.
// Schedule (20 kernels, left-looking: for k: SYRKs, POTRF, then per row m
// the GEMMs and the TRSM):
//    0 potrf_00 C  A00 -> L00            10 syrk_22a G  A22, L20 -> S22a
//    1 trsm_10  G  A10, L00 -> L10       11 syrk_22b G  S22a, L21 -> S22b
//    2 trsm_20  G  A20, L00 -> L20       12 potrf_22 C  S22b -> L22
//    3 trsm_30  G  A30, L00 -> L30       13 gemm_32a G  A32, L30, L20 -> G32a
//    4 syrk_11  G  A11, L10 -> S11       14 gemm_32b G  G32a, L31, L21 -> G32b
//    5 potrf_11 C  S11 -> L11            15 trsm_32  G  G32b, L22 -> L32
//    6 gemm_21  G  A21, L20, L10 -> G21  16 syrk_33a G  A33, L30 -> S33a
//    7 trsm_21  G  G21, L11 -> L21       17 syrk_33b G  S33a, L31 -> S33b
//    8 gemm_31  G  A31, L30, L10 -> G31  18 syrk_33c G  S33b, L32 -> S33c
//    9 trsm_31  G  G31, L11 -> L31       19 potrf_33 C  S33c -> L33
// A00 is only on the host; G.., S22a, S33a, S33b only on the device.
//
// Baseline (paper, Section 3; uploads right before the first GPU user,
// downloads right after the producer): per repetition 12 uploads (A10 A20
// A30 A11 A21 A31 A22 A32 A33, and L00 L11 L22 from the CPU) + 9 downloads
// (L10 L20 L30 L21 L31 L32 for the end, S11 S22b S33c for the CPU POTRFs)
// = 21 cudaMemcpy.
// Windows: up A.. [0, first use]; L00 [1,1]; L11 [6,7]; L22 [13,15].
//          dn L10 L20 L30 L21 L31 L32 [producer, 19]; S11 [4,4];
//          S22b [11,11]; S33c [18,18].
// Kessler's optimum: 6 transfers (saving 15):
//   up {L00 A10 A20 A30 A11 A21 A31 A22 A32 A33} before 1, up {L11} before 7,
//   up {L22} before 15; dn {L10 L20 L30 S11} after 4, dn {L21 L31 S22b}
//   after 11, dn {L32 S33c} after 18 (each group adjacent in memory).
// The paper reports a saving of 14 for its graph (M_init = 4 there; a 4x4
// lower block triangle has 10 input blocks, and Fig. 4 is not in the text we
// have), one less than this graph's 15.
// Fusing only the transfers already consecutive here gives 20 (only {A10,
// L00}; saving 1): the rest needs uploads hoisted and downloads sunk past
// kernels.
// Transfer trace (CUFLOW_TRACE, doc/trace.md) of one repetition, lowered
// original on the CPU runtime: h2d count 12, d2h count 9, alloc count 28.
//
// usage: cholesky [n floats per block, 4096] [reps, 100]
// stdout: RESULT with the sum of each factor block; stderr: TIME_US per
// repetition (the rep loop only; no allocation inside it; every host buffer
// is written once before it, so no first touch is timed).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static void potrf_00(const float *a00, float *l00, int n)
{
	for (int idx = 0; idx < n; idx++) {
		l00[idx] = 0.5f * a00[idx] + 0.5f;
	}
}

__global__ void trsm_10(const float *a10, const float *l00, float *l10, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		l10[idx] = 0.5f * a10[idx] + 0.25f * l00[idx] + 0.125f;
	}
}

__global__ void trsm_20(const float *a20, const float *l00, float *l20, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		l20[idx] = 0.5f * a20[idx] + 0.25f * l00[idx] + 0.125f;
	}
}

__global__ void trsm_30(const float *a30, const float *l00, float *l30, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		l30[idx] = 0.5f * a30[idx] + 0.25f * l00[idx] + 0.125f;
	}
}

__global__ void syrk_11(const float *a11, const float *l10, float *s11, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		s11[idx] = 0.5f * a11[idx] - 0.25f * l10[idx] + 0.25f;
	}
}

static void potrf_11(const float *s11, float *l11, int n)
{
	for (int idx = 0; idx < n; idx++) {
		l11[idx] = 0.5f * s11[idx] + 0.5f;
	}
}

__global__ void gemm_21(const float *a21, const float *l20, const float *l10, float *g21, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		g21[idx] = 0.5f * a21[idx] - 0.25f * l20[idx] + 0.125f * l10[idx] + 0.0625f;
	}
}

__global__ void trsm_21(const float *g21, const float *l11, float *l21, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		l21[idx] = 0.5f * g21[idx] + 0.25f * l11[idx] + 0.125f;
	}
}

__global__ void gemm_31(const float *a31, const float *l30, const float *l10, float *g31, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		g31[idx] = 0.5f * a31[idx] - 0.25f * l30[idx] + 0.125f * l10[idx] + 0.0625f;
	}
}

__global__ void trsm_31(const float *g31, const float *l11, float *l31, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		l31[idx] = 0.5f * g31[idx] + 0.25f * l11[idx] + 0.125f;
	}
}

__global__ void syrk_22a(const float *a22, const float *l20, float *s22a, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		s22a[idx] = 0.5f * a22[idx] - 0.25f * l20[idx] + 0.25f;
	}
}

__global__ void syrk_22b(const float *s22a, const float *l21, float *s22b, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		s22b[idx] = 0.5f * s22a[idx] - 0.25f * l21[idx] + 0.25f;
	}
}

static void potrf_22(const float *s22b, float *l22, int n)
{
	for (int idx = 0; idx < n; idx++) {
		l22[idx] = 0.5f * s22b[idx] + 0.5f;
	}
}

__global__ void gemm_32a(const float *a32, const float *l30, const float *l20, float *g32a, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		g32a[idx] = 0.5f * a32[idx] - 0.25f * l30[idx] + 0.125f * l20[idx] + 0.0625f;
	}
}

__global__ void gemm_32b(const float *g32a, const float *l31, const float *l21, float *g32b, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		g32b[idx] = 0.5f * g32a[idx] - 0.25f * l31[idx] + 0.125f * l21[idx] + 0.0625f;
	}
}

__global__ void trsm_32(const float *g32b, const float *l22, float *l32, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		l32[idx] = 0.5f * g32b[idx] + 0.25f * l22[idx] + 0.125f;
	}
}

__global__ void syrk_33a(const float *a33, const float *l30, float *s33a, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		s33a[idx] = 0.5f * a33[idx] - 0.25f * l30[idx] + 0.25f;
	}
}

__global__ void syrk_33b(const float *s33a, const float *l31, float *s33b, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		s33b[idx] = 0.5f * s33a[idx] - 0.25f * l31[idx] + 0.25f;
	}
}

__global__ void syrk_33c(const float *s33b, const float *l32, float *s33c, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		s33c[idx] = 0.5f * s33b[idx] - 0.25f * l32[idx] + 0.25f;
	}
}

static void potrf_33(const float *s33c, float *l33, int n)
{
	for (int idx = 0; idx < n; idx++) {
		l33[idx] = 0.5f * s33c[idx] + 0.5f;
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
	float *h_A00 = (float *)malloc(n * sizeof(float));
	float *h_A10 = (float *)malloc(n * sizeof(float));
	float *h_A20 = (float *)malloc(n * sizeof(float));
	float *h_A30 = (float *)malloc(n * sizeof(float));
	float *h_A11 = (float *)malloc(n * sizeof(float));
	float *h_A21 = (float *)malloc(n * sizeof(float));
	float *h_A31 = (float *)malloc(n * sizeof(float));
	float *h_A22 = (float *)malloc(n * sizeof(float));
	float *h_A32 = (float *)malloc(n * sizeof(float));
	float *h_A33 = (float *)malloc(n * sizeof(float));
	float *h_L00 = (float *)malloc(n * sizeof(float));
	float *h_L10 = (float *)malloc(n * sizeof(float));
	float *h_L20 = (float *)malloc(n * sizeof(float));
	float *h_L30 = (float *)malloc(n * sizeof(float));
	float *h_S11 = (float *)malloc(n * sizeof(float));
	float *h_L11 = (float *)malloc(n * sizeof(float));
	float *h_L21 = (float *)malloc(n * sizeof(float));
	float *h_L31 = (float *)malloc(n * sizeof(float));
	float *h_S22b = (float *)malloc(n * sizeof(float));
	float *h_L22 = (float *)malloc(n * sizeof(float));
	float *h_L32 = (float *)malloc(n * sizeof(float));
	float *h_S33c = (float *)malloc(n * sizeof(float));
	float *h_L33 = (float *)malloc(n * sizeof(float));
	float *d_A10;
	float *d_A20;
	float *d_A30;
	float *d_A11;
	float *d_A21;
	float *d_A31;
	float *d_A22;
	float *d_A32;
	float *d_A33;
	float *d_L00;
	float *d_L10;
	float *d_L20;
	float *d_L30;
	float *d_S11;
	float *d_L11;
	float *d_G21;
	float *d_L21;
	float *d_G31;
	float *d_L31;
	float *d_S22a;
	float *d_S22b;
	float *d_L22;
	float *d_G32a;
	float *d_G32b;
	float *d_L32;
	float *d_S33a;
	float *d_S33b;
	float *d_S33c;
	cudaMalloc((void **)&d_A10, n * sizeof(float));
	cudaMalloc((void **)&d_A20, n * sizeof(float));
	cudaMalloc((void **)&d_A30, n * sizeof(float));
	cudaMalloc((void **)&d_A11, n * sizeof(float));
	cudaMalloc((void **)&d_A21, n * sizeof(float));
	cudaMalloc((void **)&d_A31, n * sizeof(float));
	cudaMalloc((void **)&d_A22, n * sizeof(float));
	cudaMalloc((void **)&d_A32, n * sizeof(float));
	cudaMalloc((void **)&d_A33, n * sizeof(float));
	cudaMalloc((void **)&d_L00, n * sizeof(float));
	cudaMalloc((void **)&d_L10, n * sizeof(float));
	cudaMalloc((void **)&d_L20, n * sizeof(float));
	cudaMalloc((void **)&d_L30, n * sizeof(float));
	cudaMalloc((void **)&d_S11, n * sizeof(float));
	cudaMalloc((void **)&d_L11, n * sizeof(float));
	cudaMalloc((void **)&d_G21, n * sizeof(float));
	cudaMalloc((void **)&d_L21, n * sizeof(float));
	cudaMalloc((void **)&d_G31, n * sizeof(float));
	cudaMalloc((void **)&d_L31, n * sizeof(float));
	cudaMalloc((void **)&d_S22a, n * sizeof(float));
	cudaMalloc((void **)&d_S22b, n * sizeof(float));
	cudaMalloc((void **)&d_L22, n * sizeof(float));
	cudaMalloc((void **)&d_G32a, n * sizeof(float));
	cudaMalloc((void **)&d_G32b, n * sizeof(float));
	cudaMalloc((void **)&d_L32, n * sizeof(float));
	cudaMalloc((void **)&d_S33a, n * sizeof(float));
	cudaMalloc((void **)&d_S33b, n * sizeof(float));
	cudaMalloc((void **)&d_S33c, n * sizeof(float));
	for (int i = 0; i < n; i++) {
		h_A00[i] = (float)((i + 0) % 9) * 0.125f - 0.5f;
		h_A10[i] = (float)((i + 1) % 9) * 0.125f - 0.5f;
		h_A20[i] = (float)((i + 2) % 9) * 0.125f - 0.5f;
		h_A30[i] = (float)((i + 3) % 9) * 0.125f - 0.5f;
		h_A11[i] = (float)((i + 4) % 9) * 0.125f - 0.5f;
		h_A21[i] = (float)((i + 5) % 9) * 0.125f - 0.5f;
		h_A31[i] = (float)((i + 6) % 9) * 0.125f - 0.5f;
		h_A22[i] = (float)((i + 7) % 9) * 0.125f - 0.5f;
		h_A32[i] = (float)((i + 8) % 9) * 0.125f - 0.5f;
		h_A33[i] = (float)((i + 9) % 9) * 0.125f - 0.5f;
		h_L00[i] = 0.0f;
		h_L10[i] = 0.0f;
		h_L20[i] = 0.0f;
		h_L30[i] = 0.0f;
		h_S11[i] = 0.0f;
		h_L11[i] = 0.0f;
		h_L21[i] = 0.0f;
		h_L31[i] = 0.0f;
		h_S22b[i] = 0.0f;
		h_L22[i] = 0.0f;
		h_L32[i] = 0.0f;
		h_S33c[i] = 0.0f;
		h_L33[i] = 0.0f;
	}

	auto t0 = std::chrono::steady_clock::now();
	for (int r = 0; r < reps; r++) {
		potrf_00(h_A00, h_L00, n);
		cudaMemcpy(d_A10, h_A10, n * sizeof(float), cudaMemcpyHostToDevice);
		cudaMemcpy(d_L00, h_L00, n * sizeof(float), cudaMemcpyHostToDevice);
		trsm_10<<<(n + 255) / 256, 256>>>(d_A10, d_L00, d_L10, n);
		cudaMemcpy(h_L10, d_L10, n * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(d_A20, h_A20, n * sizeof(float), cudaMemcpyHostToDevice);
		trsm_20<<<(n + 255) / 256, 256>>>(d_A20, d_L00, d_L20, n);
		cudaMemcpy(h_L20, d_L20, n * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(d_A30, h_A30, n * sizeof(float), cudaMemcpyHostToDevice);
		trsm_30<<<(n + 255) / 256, 256>>>(d_A30, d_L00, d_L30, n);
		cudaMemcpy(h_L30, d_L30, n * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(d_A11, h_A11, n * sizeof(float), cudaMemcpyHostToDevice);
		syrk_11<<<(n + 255) / 256, 256>>>(d_A11, d_L10, d_S11, n);
		cudaMemcpy(h_S11, d_S11, n * sizeof(float), cudaMemcpyDeviceToHost);
		potrf_11(h_S11, h_L11, n);
		cudaMemcpy(d_A21, h_A21, n * sizeof(float), cudaMemcpyHostToDevice);
		gemm_21<<<(n + 255) / 256, 256>>>(d_A21, d_L20, d_L10, d_G21, n);
		cudaMemcpy(d_L11, h_L11, n * sizeof(float), cudaMemcpyHostToDevice);
		trsm_21<<<(n + 255) / 256, 256>>>(d_G21, d_L11, d_L21, n);
		cudaMemcpy(h_L21, d_L21, n * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(d_A31, h_A31, n * sizeof(float), cudaMemcpyHostToDevice);
		gemm_31<<<(n + 255) / 256, 256>>>(d_A31, d_L30, d_L10, d_G31, n);
		trsm_31<<<(n + 255) / 256, 256>>>(d_G31, d_L11, d_L31, n);
		cudaMemcpy(h_L31, d_L31, n * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(d_A22, h_A22, n * sizeof(float), cudaMemcpyHostToDevice);
		syrk_22a<<<(n + 255) / 256, 256>>>(d_A22, d_L20, d_S22a, n);
		syrk_22b<<<(n + 255) / 256, 256>>>(d_S22a, d_L21, d_S22b, n);
		cudaMemcpy(h_S22b, d_S22b, n * sizeof(float), cudaMemcpyDeviceToHost);
		potrf_22(h_S22b, h_L22, n);
		cudaMemcpy(d_A32, h_A32, n * sizeof(float), cudaMemcpyHostToDevice);
		gemm_32a<<<(n + 255) / 256, 256>>>(d_A32, d_L30, d_L20, d_G32a, n);
		gemm_32b<<<(n + 255) / 256, 256>>>(d_G32a, d_L31, d_L21, d_G32b, n);
		cudaMemcpy(d_L22, h_L22, n * sizeof(float), cudaMemcpyHostToDevice);
		trsm_32<<<(n + 255) / 256, 256>>>(d_G32b, d_L22, d_L32, n);
		cudaMemcpy(h_L32, d_L32, n * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(d_A33, h_A33, n * sizeof(float), cudaMemcpyHostToDevice);
		syrk_33a<<<(n + 255) / 256, 256>>>(d_A33, d_L30, d_S33a, n);
		syrk_33b<<<(n + 255) / 256, 256>>>(d_S33a, d_L31, d_S33b, n);
		syrk_33c<<<(n + 255) / 256, 256>>>(d_S33b, d_L32, d_S33c, n);
		cudaMemcpy(h_S33c, d_S33c, n * sizeof(float), cudaMemcpyDeviceToHost);
		potrf_33(h_S33c, h_L33, n);
	}
	cudaDeviceSynchronize();
	auto t1 = std::chrono::steady_clock::now();
	cudaError_t err = cudaGetLastError();
	fprintf(stderr, "TIME_US %.3f\n", std::chrono::duration<double, std::micro>(t1 - t0).count() / (reps > 0 ? reps : 1));
	printf("RESULT L00=%.8e L10=%.8e L20=%.8e L30=%.8e L11=%.8e L21=%.8e L31=%.8e L22=%.8e L32=%.8e L33=%.8e\n", sum(h_L00, n), sum(h_L10, n), sum(h_L20, n), sum(h_L30, n), sum(h_L11, n), sum(h_L21, n), sum(h_L31, n), sum(h_L22, n), sum(h_L32, n), sum(h_L33, n));
	free(h_A00);
	free(h_A10);
	free(h_A20);
	free(h_A30);
	free(h_A11);
	free(h_A21);
	free(h_A31);
	free(h_A22);
	free(h_A32);
	free(h_A33);
	free(h_L00);
	free(h_L10);
	free(h_L20);
	free(h_L30);
	free(h_S11);
	free(h_L11);
	free(h_L21);
	free(h_L31);
	free(h_S22b);
	free(h_L22);
	free(h_L32);
	free(h_S33c);
	free(h_L33);
	cudaFree(d_A10);
	cudaFree(d_A20);
	cudaFree(d_A30);
	cudaFree(d_A11);
	cudaFree(d_A21);
	cudaFree(d_A31);
	cudaFree(d_A22);
	cudaFree(d_A32);
	cudaFree(d_A33);
	cudaFree(d_L00);
	cudaFree(d_L10);
	cudaFree(d_L20);
	cudaFree(d_L30);
	cudaFree(d_S11);
	cudaFree(d_L11);
	cudaFree(d_G21);
	cudaFree(d_L21);
	cudaFree(d_G31);
	cudaFree(d_L31);
	cudaFree(d_S22a);
	cudaFree(d_S22b);
	cudaFree(d_L22);
	cudaFree(d_G32a);
	cudaFree(d_G32b);
	cudaFree(d_L32);
	cudaFree(d_S33a);
	cudaFree(d_S33b);
	cudaFree(d_S33c);
	if (err != cudaSuccess) {
		fprintf(stderr, "cholesky: %s\n", cudaGetErrorString(err));
		return 1;
	}
	return 0;
}
