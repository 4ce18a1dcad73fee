// 48-cublas: cuBLAS calls of a program lowered to the CPU run on CBLAS.
// A kernel fills the operands with small integers, so every product and
// sum is exact in float and any order: level 1 (axpy, scal, copy, dot,
// nrm2 of a 3-4-12 vector, amax from 1), gemv transposed, sgemm and dgemm
// with transposes and beta != 0, geam as a transpose (B NULL, beta 0),
// Hgemm, gemmStridedBatched, GemmEx (half in, float out), DotEx, and
// Set/GetMatrix with leading dimensions. Each field counts mismatches
// against a host reference (bad=0) or prints an exact value. A wrong
// mapping (row- for column-major, a missed transpose, amax from 0, a
// deferred kernel not finished before the call) prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
#include <cublas_v2.h>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); exit(1); } } while (0)

__global__ void fill(float *a, int n, int mod, int shift)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = (float)((i * 7 + shift) % mod) - (float)(mod / 2);
}

__global__ void tohalf(const float *a, __half *h, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		h[i] = __float2half(a[i]);
}

static void fillh(float *d, int n, int mod, int shift)
{
	fill<<<(n + 127) / 128, 128>>>(d, n, mod, shift);
}

/* C = alpha op(A) op(B) + beta C, column-major, on the host */
static void refgemm(bool ta, bool tb, int m, int n, int k, double alpha, const float *A, int lda, const float *B,
                    int ldb, double beta, double *C, int ldc)
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double s = 0;
			for (int p = 0; p < k; p++)
				s += (double)(ta ? A[i * lda + p] : A[p * lda + i]) * (tb ? B[p * ldb + j] : B[j * ldb + p]);
			C[j * ldc + i] = alpha * s + beta * C[j * ldc + i];
		}
}

int main()
{
	const int m = 24, n = 20, k = 16, N = 1000;
	cublasHandle_t h;
	CHECK(cublasCreate(&h));
	float *dA, *dB, *dC, *dx, *dy;
	CHECK(cudaMalloc(&dA, 32 * 32 * sizeof(float)));
	CHECK(cudaMalloc(&dB, 32 * 32 * sizeof(float)));
	CHECK(cudaMalloc(&dC, 32 * 32 * sizeof(float)));
	CHECK(cudaMalloc(&dx, N * sizeof(float)));
	CHECK(cudaMalloc(&dy, N * sizeof(float)));
	float *A = (float *)malloc(32 * 32 * sizeof(float)), *B = (float *)malloc(32 * 32 * sizeof(float));
	float *C = (float *)malloc(32 * 32 * sizeof(float)), *x = (float *)malloc(N * sizeof(float));
	float *y = (float *)malloc(N * sizeof(float));
	double *R = (double *)malloc(32 * 32 * sizeof(double));

	/* level 1 */
	fillh(dx, N, 9, 1);
	fillh(dy, N, 5, 2);
	float two = 2.0f, three = 3.0f, dot = 0, nrm = 0;
	CHECK(cublasSaxpy(h, N, &two, dx, 1, dy, 1)); /* y = 2x + y */
	CHECK(cublasSscal(h, N, &three, dy, 1));      /* y = 3y */
	CHECK(cublasSdot(h, N, dx, 1, dy, 1, &dot));
	CHECK(cudaMemcpy(x, dx, N * sizeof(float), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(y, dy, N * sizeof(float), cudaMemcpyDeviceToHost));
	int bad1 = 0;
	double rdot = 0;
	for (int i = 0; i < N; i++) {
		float x0 = (float)((i * 7 + 1) % 9) - 4, y0 = (float)((i * 7 + 2) % 5) - 2;
		bad1 += y[i] != 3 * (2 * x0 + y0);
		rdot += (double)x[i] * y[i];
	}
	bad1 += dot != (float)rdot;
	float v3[3] = {3, 4, 12};
	CHECK(cudaMemcpy(dx, v3, sizeof v3, cudaMemcpyHostToDevice));
	CHECK(cublasSnrm2(h, 3, dx, 1, &nrm));
	bad1 += nrm < 12.9999f || nrm > 13.0001f;
	int imax = 0;
	CHECK(cublasIsamax(h, 3, dx, 1, &imax)); /* 12 is the third: 3 from 1 */
	bad1 += imax != 3;
	CHECK(cublasScopy(h, 3, dx, 1, dy, 2)); /* every other element */
	CHECK(cudaMemcpy(y, dy, 6 * sizeof(float), cudaMemcpyDeviceToHost));
	bad1 += y[0] != 3 || y[2] != 4 || y[4] != 12;

	/* gemv transposed: y = 2 A^T x + 0 y, A m x n, lda 32 */
	fillh(dA, 32 * 32, 7, 3);
	fillh(dx, N, 5, 0);
	float zero = 0.0f, one = 1.0f;
	CHECK(cublasSgemv(h, CUBLAS_OP_T, m, n, &two, dA, 32, dx, 1, &zero, dy, 1));
	CHECK(cudaMemcpy(A, dA, 32 * 32 * sizeof(float), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(x, dx, N * sizeof(float), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
	int bad2 = 0;
	for (int j = 0; j < n; j++) {
		double s = 0;
		for (int i = 0; i < m; i++)
			s += (double)A[j * 32 + i] * x[i];
		bad2 += y[j] != (float)(2 * s);
	}

	/* sgemm: C = op(A) op(B) + 2 C, every transpose pair */
	int bad3 = 0;
	double trace = 0;
	for (int t = 0; t < 4; t++) {
		bool ta = t & 1, tb = t & 2;
		fillh(dA, 32 * 32, 7, t);
		fillh(dB, 32 * 32, 5, 2 * t + 1);
		fillh(dC, 32 * 32, 3, t);
		CHECK(cudaMemcpy(A, dA, 32 * 32 * sizeof(float), cudaMemcpyDeviceToHost));
		CHECK(cudaMemcpy(B, dB, 32 * 32 * sizeof(float), cudaMemcpyDeviceToHost));
		CHECK(cudaMemcpy(C, dC, 32 * 32 * sizeof(float), cudaMemcpyDeviceToHost));
		for (int i = 0; i < 32 * 32; i++)
			R[i] = C[i];
		CHECK(cublasSgemm(h, ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb ? CUBLAS_OP_T : CUBLAS_OP_N, m, n, k, &one, dA, 32,
		                  dB, 32, &two, dC, 32));
		refgemm(ta, tb, m, n, k, 1, A, 32, B, 32, 2, R, 32);
		CHECK(cudaMemcpy(C, dC, 32 * 32 * sizeof(float), cudaMemcpyDeviceToHost));
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++)
				bad3 += C[j * 32 + i] != (float)R[j * 32 + i];
		trace += C[0] + C[33 * 5];
	}

	/* dgemm on doubles converted by the host */
	double *dD, *hD = (double *)malloc(3 * 32 * 32 * sizeof(double));
	CHECK(cudaMalloc(&dD, 3 * 32 * 32 * sizeof(double)));
	for (int i = 0; i < 3 * 32 * 32; i++)
		hD[i] = (double)((i * 5) % 11) - 5;
	CHECK(cudaMemcpy(dD, hD, 3 * 32 * 32 * sizeof(double), cudaMemcpyHostToDevice));
	double done = 1.0, dzero = 0.0;
	CHECK(cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, &done, dD, 32, dD + 1024, 32, &dzero, dD + 2048, 32));
	CHECK(cudaMemcpy(hD + 2048, dD + 2048, 32 * 32 * sizeof(double), cudaMemcpyDeviceToHost));
	int bad4 = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double s = 0;
			for (int p = 0; p < k; p++)
				s += hD[p * 32 + i] * hD[1024 + p * 32 + j];
			bad4 += hD[2048 + j * 32 + i] != s;
		}

	/* geam as a transpose: C (n x m) = A^T, B not read */
	fillh(dA, 32 * 32, 9, 4);
	CHECK(cudaMemcpy(A, dA, 32 * 32 * sizeof(float), cudaMemcpyDeviceToHost));
	CHECK(cublasSgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, n, m, &one, dA, 32, &zero, NULL, n, dC, n));
	CHECK(cudaMemcpy(C, dC, n * m * sizeof(float), cudaMemcpyDeviceToHost));
	int bad5 = 0;
	for (int j = 0; j < m; j++)
		for (int i = 0; i < n; i++)
			bad5 += C[j * n + i] != A[i * 32 + j];

	/* half: Hgemm, GemmEx (half in, float out), DotEx, strided batches of two */
	__half *hA, *hB, *hC;
	CHECK(cudaMalloc(&hA, 2 * 32 * 32 * sizeof(__half)));
	CHECK(cudaMalloc(&hB, 2 * 32 * 32 * sizeof(__half)));
	CHECK(cudaMalloc(&hC, 2 * 32 * 32 * sizeof(__half)));
	fillh(dA, 32 * 32, 5, 1);
	fillh(dB, 32 * 32, 3, 2);
	CHECK(cudaMemcpy(A, dA, 32 * 32 * sizeof(float), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(B, dB, 32 * 32 * sizeof(float), cudaMemcpyDeviceToHost));
	tohalf<<<8, 128>>>(dA, hA, 32 * 32);
	tohalf<<<8, 128>>>(dB, hB, 32 * 32);
	tohalf<<<8, 128>>>(dA, hA + 1024, 32 * 32);
	tohalf<<<8, 128>>>(dA, hB + 1024, 32 * 32);
	__half hone = __float2half(1.0f), hzero = __float2half(0.0f);
	CHECK(cublasHgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &hone, hA, 32, 1024, hB, 32, 1024, &hzero,
	                                hC, 32, 1024, 2));
	CHECK(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, hA, CUDA_R_16F, 32, hB, CUDA_R_16F, 32, &zero, dC,
	                   CUDA_R_32F, 32, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
	__half hdot = __float2half(0.0f); /* half in, half out, as cuBLAS supports it */
	CHECK(cublasDotEx(h, 32, hA, CUDA_R_16F, 1, hB, CUDA_R_16F, 1, &hdot, CUDA_R_16F, CUDA_R_32F));
	__half *hc = (__half *)malloc(2 * 32 * 32 * sizeof(__half));
	CHECK(cudaMemcpy(hc, hC, 2 * 32 * 32 * sizeof(__half), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(C, dC, 32 * 32 * sizeof(float), cudaMemcpyDeviceToHost));
	int bad6 = 0;
	for (int i = 0; i < 32 * 32; i++)
		R[i] = 0;
	refgemm(false, false, m, n, k, 1, A, 32, B, 32, 0, R, 32);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			bad6 += __half2float(hc[j * 32 + i]) != (float)R[j * 32 + i] || C[j * 32 + i] != (float)R[j * 32 + i];
	for (int i = 0; i < 32 * 32; i++)
		R[i] = 0;
	refgemm(false, false, m, n, k, 1, A, 32, A, 32, 0, R, 32);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			bad6 += __half2float(hc[1024 + j * 32 + i]) != (float)R[j * 32 + i];
	double rh = 0;
	for (int i = 0; i < 32; i++)
		rh += (double)A[i] * B[i];
	bad6 += __half2float(hdot) != (float)rh;

	/* Set/GetMatrix: a 5 x 4 block between leading dimensions 7 and 32 */
	float blk[7 * 4], back[7 * 4];
	for (int i = 0; i < 7 * 4; i++)
		blk[i] = (float)i, back[i] = -1;
	CHECK(cublasSetMatrix(5, 4, sizeof(float), blk, 7, dC, 32));
	CHECK(cublasGetMatrix(5, 4, sizeof(float), dC, 32, back, 7));
	int bad7 = 0;
	for (int j = 0; j < 4; j++)
		for (int i = 0; i < 7; i++)
			bad7 += back[j * 7 + i] != (i < 5 ? blk[j * 7 + i] : -1.0f);

	printf("RESULT level1_bad=%d gemv_bad=%d sgemm_bad=%d dgemm_bad=%d geam_bad=%d half_bad=%d matrix_bad=%d "
	       "dot=%.0f trace=%.0f\n",
	       bad1, bad2, bad3, bad4, bad5, bad6, bad7, (double)dot, trace);
	CHECK(cublasDestroy(h));
	cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dx), cudaFree(dy), cudaFree(dD);
	cudaFree(hA), cudaFree(hB), cudaFree(hC);
	free(A), free(B), free(C), free(x), free(y), free(R), free(hD), free(hc);
	return 0;
}
