// 72-cublaslt: cuBLASLt matmuls of a program lowered to the CPU run on
// CBLAS. Operands are small integers, so every product and sum is exact in
// each type used (|sums| <= 256 for 8-bit and 16-bit floats): float with A
// transposed, beta 1 in place (C = D), a bias and ReLU, on descriptors kept
// on the stack (cublasLt*Init, HeCBench mlp's way) and A filled by a
// deferred kernel; a strided batch of row-major float matrices; GELU with
// a bias (compared within 1e-3 with its tanh form, which erf's is within); half in
// and out with B transposed; int8 in, int32 out (32I computation); FP8
// E4M3 A and B with a per-tensor scale on A, bfloat16 C and D. Each *_bad
// counts mismatches against a host reference; the sums are exact. A wrong
// mapping (row- for column-major, a missed transpose, the bias along the
// wrong dimension, beta or a scale ignored, a batch stride unused, the fill
// kernel not finished before the call) prints bad>0.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cublasLt.h>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); exit(1); } } while (0)

__global__ void fill(float *a, int n, int mod, int shift)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = (float)((i * 7 + shift) % mod - mod / 2);
}

static int val(int i, int mod, int shift) { return (i * 7 + shift) % mod - mod / 2; }

/* reference: D(i,j) = alpha sum_p opA(i,p) opB(p,j) + beta C(i,j), column-major dense */
static void ref(bool ta, bool tb, int m, int n, int k, double alpha, const double *A, int lda, const double *B,
                int ldb, double beta, const double *C, double *D)
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double s = 0;
			for (int p = 0; p < k; p++)
				s += (ta ? A[i * lda + p] : A[p * lda + i]) * (tb ? B[p * ldb + j] : B[j * ldb + p]);
			D[j * m + i] = alpha * s + beta * (C ? C[j * m + i] : 0);
		}
}

/* one matmul through a heuristic's algorithm */
static int matmul(cublasLtHandle_t h, cublasLtMatmulDesc_t op, const void *alpha, const void *A,
                  cublasLtMatrixLayout_t Al, const void *B, cublasLtMatrixLayout_t Bl, const void *beta, const void *C,
                  cublasLtMatrixLayout_t Cl, void *D, cublasLtMatrixLayout_t Dl, void *ws, size_t wsize)
{
	cublasLtMatmulPreference_t pref;
	CHECK(cublasLtMatmulPreferenceCreate(&pref));
	CHECK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &wsize, sizeof wsize));
	cublasLtMatmulHeuristicResult_t res = {};
	int got = 0;
	CHECK(cublasLtMatmulAlgoGetHeuristic(h, op, Al, Bl, Cl, Dl, pref, 1, &res, &got));
	CHECK(got != 1);
	CHECK(cublasLtMatmul(h, op, alpha, A, Al, B, Bl, beta, C, Cl, D, Dl, &res.algo, ws, wsize, 0));
	CHECK(cublasLtMatmulPreferenceDestroy(pref));
	return 0;
}

static void setop(cublasLtMatmulDesc_t op, cublasOperation_t ta, cublasOperation_t tb)
{
	CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta));
	CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
}

int main()
{
	const int m = 32, n = 16, k = 32, batch = 3;
	cublasLtHandle_t h;
	CHECK(cublasLtCreate(&h));
	size_t wsize = 1 << 22;
	void *ws;
	CHECK(cudaMalloc(&ws, wsize));
	double *rA = (double *)malloc(batch * m * k * sizeof(double)), *rB = (double *)malloc(batch * k * n * sizeof(double));
	double *rC = (double *)malloc(m * n * sizeof(double)), *rD = (double *)malloc(m * n * sizeof(double));
	long long sum1 = 0, sum2 = 0, sum5 = 0, sum6 = 0;

	/* 1: float, A (k x m) transposed, beta 1 into C = D, bias and ReLU; stack descriptors */
	int bad1 = 0;
	{
		float *A, *B, *D, *bias;
		CHECK(cudaMallocManaged(&A, m * k * sizeof(float)));
		CHECK(cudaMallocManaged(&B, k * n * sizeof(float)));
		CHECK(cudaMallocManaged(&D, m * n * sizeof(float)));
		CHECK(cudaMallocManaged(&bias, m * sizeof(float)));
		CHECK(cudaDeviceSynchronize());
		for (int i = 0; i < k * n; i++)
			B[i] = (float)val(i, 5, 1);
		for (int i = 0; i < m * n; i++)
			D[i] = (float)val(i, 9, 2);
		for (int i = 0; i < m; i++)
			bias[i] = (float)(i % 7 - 3);
		fill<<<(m * k + 63) / 64, 64>>>(A, m * k, 5, 3);
		cublasLtMatmulDescOpaque_t op = {};
		cublasLtMatrixLayoutOpaque_t Al = {}, Bl = {}, Cl = {};
		CHECK(cublasLtMatmulDescInit(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
		setop(&op, CUBLAS_OP_T, CUBLAS_OP_N);
		cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_RELU_BIAS;
		CHECK(cublasLtMatmulDescSetAttribute(&op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof epi));
		CHECK(cublasLtMatmulDescSetAttribute(&op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof bias));
		CHECK(cublasLtMatrixLayoutInit(&Al, CUDA_R_32F, k, m, k));
		CHECK(cublasLtMatrixLayoutInit(&Bl, CUDA_R_32F, k, n, k));
		CHECK(cublasLtMatrixLayoutInit(&Cl, CUDA_R_32F, m, n, m));
		for (int i = 0; i < m * k; i++)
			rA[i] = val(i, 5, 3);
		for (int i = 0; i < k * n; i++)
			rB[i] = B[i];
		for (int i = 0; i < m * n; i++)
			rC[i] = D[i];
		float alpha = 2, beta = 1;
		matmul(h, &op, &alpha, A, &Al, B, &Bl, &beta, D, &Cl, D, &Cl, ws, wsize);
		CHECK(cudaDeviceSynchronize());
		ref(true, false, m, n, k, 2, rA, k, rB, k, 1, rC, rD);
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++) {
				double want = rD[j * m + i] + bias[i];
				want = want > 0 ? want : 0;
				bad1 += D[j * m + i] != want;
				sum1 += (long long)D[j * m + i];
			}
		CHECK(cudaFree(A));
		CHECK(cudaFree(B));
		CHECK(cudaFree(D));
		CHECK(cudaFree(bias));
	}

	/* 2: a strided batch of row-major float matrices, no transposes, beta 0 */
	int bad2 = 0;
	{
		float *A, *B, *D;
		CHECK(cudaMallocManaged(&A, batch * m * k * sizeof(float)));
		CHECK(cudaMallocManaged(&B, batch * k * n * sizeof(float)));
		CHECK(cudaMallocManaged(&D, batch * m * n * sizeof(float)));
		for (int i = 0; i < batch * m * k; i++)
			A[i] = (float)val(i, 7, 1);
		for (int i = 0; i < batch * k * n; i++)
			B[i] = (float)val(i, 4, 1);
		cublasLtMatmulDesc_t op;
		cublasLtMatrixLayout_t Al, Bl, Dl;
		CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
		CHECK(cublasLtMatrixLayoutCreate(&Al, CUDA_R_32F, m, k, k));
		CHECK(cublasLtMatrixLayoutCreate(&Bl, CUDA_R_32F, k, n, n));
		CHECK(cublasLtMatrixLayoutCreate(&Dl, CUDA_R_32F, m, n, n));
		cublasLtOrder_t row = CUBLASLT_ORDER_ROW;
		long long sa = m * k, sb = k * n, sd = m * n;
		cublasLtMatrixLayout_t ls[3] = {Al, Bl, Dl};
		long long strides[3] = {sa, sb, sd};
		for (int i = 0; i < 3; i++) {
			CHECK(cublasLtMatrixLayoutSetAttribute(ls[i], CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof row));
			CHECK(cublasLtMatrixLayoutSetAttribute(ls[i], CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof batch));
			CHECK(cublasLtMatrixLayoutSetAttribute(ls[i], CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strides[i],
			                                       sizeof strides[i]));
		}
		float alpha = 1, beta = 0;
		matmul(h, op, &alpha, A, Al, B, Bl, &beta, D, Dl, D, Dl, ws, wsize);
		CHECK(cudaDeviceSynchronize());
		for (int b = 0; b < batch; b++)
			for (int i = 0; i < m; i++)
				for (int j = 0; j < n; j++) {
					double s = 0;
					for (int p = 0; p < k; p++)
						s += (double)A[b * sa + i * k + p] * B[b * sb + p * n + j];
					bad2 += D[b * sd + i * n + j] != s;
					sum2 += (long long)D[b * sd + i * n + j];
				}
		for (int i = 0; i < 3; i++)
			CHECK(cublasLtMatrixLayoutDestroy(ls[i]));
		CHECK(cublasLtMatmulDescDestroy(op));
		CHECK(cudaFree(A));
		CHECK(cudaFree(B));
		CHECK(cudaFree(D));
	}

	/* 3: GELU after a bias (float, A transposed), within 1e-3 */
	int bad3 = 0;
	{
		float *A, *B, *D, *bias;
		CHECK(cudaMallocManaged(&A, m * k * sizeof(float)));
		CHECK(cudaMallocManaged(&B, k * n * sizeof(float)));
		CHECK(cudaMallocManaged(&D, m * n * sizeof(float)));
		CHECK(cudaMallocManaged(&bias, m * sizeof(float)));
		for (int i = 0; i < m * k; i++)
			A[i] = (float)val(i, 3, 0) * 0.125f;
		for (int i = 0; i < k * n; i++)
			B[i] = (float)val(i, 5, 4) * 0.125f;
		for (int i = 0; i < m; i++)
			bias[i] = (float)(i % 5 - 2) * 0.25f;
		cublasLtMatmulDesc_t op;
		cublasLtMatrixLayout_t Al, Bl, Dl;
		CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
		setop(op, CUBLAS_OP_T, CUBLAS_OP_N);
		cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_BIAS;
		CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof epi));
		CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof bias));
		CHECK(cublasLtMatrixLayoutCreate(&Al, CUDA_R_32F, k, m, k));
		CHECK(cublasLtMatrixLayoutCreate(&Bl, CUDA_R_32F, k, n, k));
		CHECK(cublasLtMatrixLayoutCreate(&Dl, CUDA_R_32F, m, n, m));
		float alpha = 1, beta = 0;
		matmul(h, op, &alpha, A, Al, B, Bl, &beta, D, Dl, D, Dl, ws, wsize);
		CHECK(cudaDeviceSynchronize());
		for (int i = 0; i < m * k; i++)
			rA[i] = A[i];
		for (int i = 0; i < k * n; i++)
			rB[i] = B[i];
		ref(true, false, m, n, k, 1, rA, k, rB, k, 0, NULL, rD);
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++) {
				double x = rD[j * m + i] + bias[i];
				double g = 0.5 * x * (1 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
				bad3 += fabs(D[j * m + i] - g) > 1e-3 * (1 + fabs(g));
			}
		CHECK(cublasLtMatrixLayoutDestroy(Al));
		CHECK(cublasLtMatrixLayoutDestroy(Bl));
		CHECK(cublasLtMatrixLayoutDestroy(Dl));
		CHECK(cublasLtMatmulDescDestroy(op));
		CHECK(cudaFree(A));
		CHECK(cudaFree(B));
		CHECK(cudaFree(D));
		CHECK(cudaFree(bias));
	}

	/* 4: half in and out, float computation, B (n x k) transposed, beta 2 */
	int bad4 = 0;
	{
		__half *A, *B, *D;
		CHECK(cudaMallocManaged(&A, m * k * sizeof(__half)));
		CHECK(cudaMallocManaged(&B, k * n * sizeof(__half)));
		CHECK(cudaMallocManaged(&D, m * n * sizeof(__half)));
		for (int i = 0; i < m * k; i++)
			A[i] = __float2half((float)val(i, 5, 2)), rA[i] = val(i, 5, 2);
		for (int i = 0; i < k * n; i++)
			B[i] = __float2half((float)val(i, 3, 1)), rB[i] = val(i, 3, 1);
		for (int i = 0; i < m * n; i++)
			D[i] = __float2half((float)val(i, 11, 0)), rC[i] = val(i, 11, 0);
		cublasLtMatmulDesc_t op;
		cublasLtMatrixLayout_t Al, Bl, Dl;
		CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
		setop(op, CUBLAS_OP_N, CUBLAS_OP_T);
		CHECK(cublasLtMatrixLayoutCreate(&Al, CUDA_R_16F, m, k, m));
		CHECK(cublasLtMatrixLayoutCreate(&Bl, CUDA_R_16F, n, k, n));
		CHECK(cublasLtMatrixLayoutCreate(&Dl, CUDA_R_16F, m, n, m));
		float alpha = 1, beta = 2;
		matmul(h, op, &alpha, A, Al, B, Bl, &beta, D, Dl, D, Dl, ws, wsize);
		CHECK(cudaDeviceSynchronize());
		ref(false, true, m, n, k, 1, rA, m, rB, n, 2, rC, rD);
		for (int i = 0; i < m * n; i++)
			bad4 += __half2float(D[i]) != rD[i];
		CHECK(cublasLtMatrixLayoutDestroy(Al));
		CHECK(cublasLtMatrixLayoutDestroy(Bl));
		CHECK(cublasLtMatrixLayoutDestroy(Dl));
		CHECK(cublasLtMatmulDescDestroy(op));
		CHECK(cudaFree(A));
		CHECK(cudaFree(B));
		CHECK(cudaFree(D));
	}

	/* 5: int8 in, int32 out, 32I computation, A transposed (the layout int8 needs on the GPU) */
	int bad5 = 0;
	{
		signed char *A, *B;
		int *D;
		CHECK(cudaMallocManaged(&A, m * k));
		CHECK(cudaMallocManaged(&B, k * n));
		CHECK(cudaMallocManaged(&D, m * n * sizeof(int)));
		for (int i = 0; i < m * k; i++)
			A[i] = (signed char)(val(i, 101, 5)), rA[i] = val(i, 101, 5);
		for (int i = 0; i < k * n; i++)
			B[i] = (signed char)(val(i, 97, 3)), rB[i] = val(i, 97, 3);
		cublasLtMatmulDesc_t op;
		cublasLtMatrixLayout_t Al, Bl, Dl;
		CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I));
		setop(op, CUBLAS_OP_T, CUBLAS_OP_N);
		CHECK(cublasLtMatrixLayoutCreate(&Al, CUDA_R_8I, k, m, k));
		CHECK(cublasLtMatrixLayoutCreate(&Bl, CUDA_R_8I, k, n, k));
		CHECK(cublasLtMatrixLayoutCreate(&Dl, CUDA_R_32I, m, n, m));
		int alpha = 1, beta = 0;
		matmul(h, op, &alpha, A, Al, B, Bl, &beta, D, Dl, D, Dl, ws, wsize);
		CHECK(cudaDeviceSynchronize());
		ref(true, false, m, n, k, 1, rA, k, rB, k, 0, NULL, rD);
		for (int i = 0; i < m * n; i++) {
			bad5 += D[i] != rD[i];
			sum5 += D[i];
		}
		CHECK(cublasLtMatrixLayoutDestroy(Al));
		CHECK(cublasLtMatrixLayoutDestroy(Bl));
		CHECK(cublasLtMatrixLayoutDestroy(Dl));
		CHECK(cublasLtMatmulDescDestroy(op));
		CHECK(cudaFree(A));
		CHECK(cudaFree(B));
		CHECK(cudaFree(D));
	}

	/* 6: FP8 E4M3 A (transposed) and B, A's scale 2, bfloat16 C and D */
	int bad6 = 0;
	{
		__nv_fp8_e4m3 *A, *B;
		__nv_bfloat16 *C, *D;
		float *scale;
		CHECK(cudaMallocManaged(&A, m * k));
		CHECK(cudaMallocManaged(&B, k * n));
		CHECK(cudaMallocManaged(&C, m * n * sizeof(__nv_bfloat16)));
		CHECK(cudaMallocManaged(&D, m * n * sizeof(__nv_bfloat16)));
		CHECK(cudaMallocManaged(&scale, sizeof(float)));
		*scale = 2;
		for (int i = 0; i < m * k; i++)
			A[i] = __nv_fp8_e4m3((float)val(i, 5, 1)), rA[i] = val(i, 5, 1);
		for (int i = 0; i < k * n; i++)
			B[i] = __nv_fp8_e4m3((float)val(i, 3, 2) * 0.5f), rB[i] = val(i, 3, 2) * 0.5;
		for (int i = 0; i < m * n; i++)
			C[i] = __nv_bfloat16(0.0f);
		cublasLtMatmulDesc_t op;
		cublasLtMatrixLayout_t Al, Bl, Cl, Dl;
		CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
		setop(op, CUBLAS_OP_T, CUBLAS_OP_N);
		CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scale, sizeof scale));
		CHECK(cublasLtMatrixLayoutCreate(&Al, CUDA_R_8F_E4M3, k, m, k));
		CHECK(cublasLtMatrixLayoutCreate(&Bl, CUDA_R_8F_E4M3, k, n, k));
		CHECK(cublasLtMatrixLayoutCreate(&Cl, CUDA_R_16BF, m, n, m));
		CHECK(cublasLtMatrixLayoutCreate(&Dl, CUDA_R_16BF, m, n, m));
		float alpha = 1, beta = 0;
		matmul(h, op, &alpha, A, Al, B, Bl, &beta, C, Cl, D, Dl, ws, wsize);
		CHECK(cudaDeviceSynchronize());
		ref(true, false, m, n, k, 2, rA, k, rB, k, 0, NULL, rD);
		for (int i = 0; i < m * n; i++) {
			bad6 += (float)D[i] != rD[i];
			sum6 += (long long)(float)D[i];
		}
		CHECK(cublasLtMatrixLayoutDestroy(Al));
		CHECK(cublasLtMatrixLayoutDestroy(Bl));
		CHECK(cublasLtMatrixLayoutDestroy(Cl));
		CHECK(cublasLtMatrixLayoutDestroy(Dl));
		CHECK(cublasLtMatmulDescDestroy(op));
		CHECK(cudaFree(A));
		CHECK(cudaFree(B));
		CHECK(cudaFree(C));
		CHECK(cudaFree(D));
		CHECK(cudaFree(scale));
	}

	CHECK(cudaFree(ws));
	CHECK(cublasLtDestroy(h));
	printf("RESULT relu_bias_bad=%d sum=%lld rowbatch_bad=%d rowsum=%lld gelu_bad=%d half_bad=%d int8_bad=%d "
	       "isum=%lld fp8_bad=%d fp8sum=%lld\n",
	       bad1, sum1, bad2, sum2, bad3, bad4, bad5, sum5, bad6, sum6);
	free(rA);
	free(rB);
	free(rC);
	free(rD);
	return 0;
}
