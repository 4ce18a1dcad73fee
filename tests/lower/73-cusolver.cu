// 73-cusolver: cuSOLVER's dense calls of a program lowered to the CPU run
// on LAPACK. The matrices are built from exact factors, so the answers are
// exact in any order of operations: Cholesky (potrf, lower and upper) of
// L L^T with L integer, and potrs back to an integer solution; LU with
// partial pivoting (getrf) of rows-swapped P L U, with L's entries in
// {0, +-1/2} so each pivot is strictly the largest, compared with a host
// LU (factors and pivots), getrs to an integer solution; LU without
// pivoting (a NULL pivot array); the info of a matrix that is not positive
// definite (3) and of a singular one (2). SVDs (S and C gesvd) of Hadamard
// columns scaled by 4, 3, 2, 1 (times i^j in complex): singular values
// k sqrt(8), checked within 1e-4, and U S VT within 1e-4 of A. A fill
// kernel writes the first matrix, so a deferred launch must finish before
// the call. A wrong mapping (upper for lower, pivots from 0, a transpose,
// an unfinished fill) prints bad>0.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuComplex.h>
#include <cusolverDn.h>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); exit(1); } } while (0)

const int N = 8;

__global__ void copyin(double *dst, const double *src, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		dst[i] = src[i];
}

/* L: lower triangular, diagonal 1..3, integers off it */
static double lval(int i, int j) { return i == j ? 1 + (i % 3) : i > j ? (double)((i * 3 + j) % 5 - 2) : 0; }
/* unit lower L with entries in {0, +-1/2}; U upper with |diagonal| >= 2 */
static double l2(int i, int j) { return i == j ? 1 : i > j ? 0.5 * ((i + 2 * j) % 3 - 1) : 0; }
static double u2(int i, int j) { return i == j ? (i % 2 ? -2 - i : 2 + i) : i < j ? (double)((i + j) % 5 - 2) : 0; }
static int hadamard(int i, int j) { return __builtin_popcount(i & j) % 2 ? -1 : 1; }

int main()
{
	cusolverDnHandle_t h;
	CHECK(cusolverDnCreate(&h));
	double *A, *B, *R, *src;
	int *info, *ipiv;
	CHECK(cudaMallocManaged(&A, N * N * sizeof(double)));
	CHECK(cudaMallocManaged(&B, N * 2 * sizeof(double)));
	CHECK(cudaMallocManaged(&src, N * N * sizeof(double)));
	CHECK(cudaMallocManaged(&info, sizeof(int)));
	CHECK(cudaMallocManaged(&ipiv, N * sizeof(int)));
	R = (double *)malloc(N * N * sizeof(double));
	int lwork = 0;
	double *work, *dwork; /* dwork: a workspace (ample) for the calls below that ask for none */
	CHECK(cudaMalloc(&dwork, (1 << 16) * sizeof(double)));

	/* Cholesky of L L^T, lower then upper, and potrs of B = A x (x integer) */
	int potrf_bad = 0, potrs_bad = 0;
	for (int up = 0; up < 2; up++) {
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++) {
				double s = 0;
				for (int k = 0; k < N; k++)
					s += lval(i, k) * lval(j, k);
				R[j * N + i] = s;
			}
		CHECK(cudaDeviceSynchronize());
		for (int i = 0; i < N * N; i++)
			src[i] = R[i];
		copyin<<<1, 64>>>(A, src, N * N);
		cublasFillMode_t fill = up ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
		CHECK(cusolverDnDpotrf_bufferSize(h, fill, N, A, N, &lwork));
		CHECK(cudaMalloc(&work, (lwork > 0 ? lwork : 1) * sizeof(double)));
		CHECK(cusolverDnDpotrf(h, fill, N, A, N, work, lwork, info));
		CHECK(cudaDeviceSynchronize());
		potrf_bad += *info != 0;
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++) /* the factor's triangle: L, or L^T above the diagonal */
				if (up ? i <= j : i >= j)
					potrf_bad += A[j * N + i] != (up ? lval(j, i) : lval(i, j));
		for (int i = 0; i < N; i++)
			for (int c = 0; c < 2; c++) {
				double s = 0;
				for (int k = 0; k < N; k++)
					s += R[k * N + i] * (double)(k % 4 - c);
				B[c * N + i] = s;
			}
		CHECK(cusolverDnDpotrs(h, fill, N, 2, A, N, B, N, info));
		CHECK(cudaDeviceSynchronize());
		potrs_bad += *info != 0;
		for (int i = 0; i < N; i++)
			for (int c = 0; c < 2; c++)
				potrs_bad += B[c * N + i] != (double)(i % 4 - c);
		CHECK(cudaFree(work));
	}

	/* LU with partial pivoting of P L U (rows reversed), against a host LU */
	int getrf_bad = 0, getrs_bad = 0;
	{
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++) {
				double s = 0;
				for (int k = 0; k < N; k++)
					s += l2(i, k) * u2(k, j);
				R[j * N + (N - 1 - i)] = s;
			}
		for (int i = 0; i < N * N; i++)
			A[i] = R[i];
		CHECK(cusolverDnDgetrf_bufferSize(h, N, N, A, N, &lwork));
		CHECK(cudaMalloc(&work, (lwork > 0 ? lwork : 1) * sizeof(double)));
		CHECK(cusolverDnDgetrf(h, N, N, A, N, work, ipiv, info));
		CHECK(cudaDeviceSynchronize());
		getrf_bad += *info != 0;
		/* the host's LU with partial pivoting, in place in a copy */
		double LU[N * N];
		int piv[N];
		for (int i = 0; i < N * N; i++)
			LU[i] = R[i];
		for (int j = 0; j < N; j++) {
			int p = j;
			for (int i = j + 1; i < N; i++)
				if (fabs(LU[j * N + i]) > fabs(LU[j * N + p]))
					p = i;
			piv[j] = p + 1;
			for (int c = 0; c < N; c++) {
				double t = LU[c * N + j];
				LU[c * N + j] = LU[c * N + p];
				LU[c * N + p] = t;
			}
			for (int i = j + 1; i < N; i++)
				LU[j * N + i] /= LU[j * N + j];
			for (int c = j + 1; c < N; c++)
				for (int i = j + 1; i < N; i++)
					LU[c * N + i] -= LU[j * N + i] * LU[c * N + j];
		}
		for (int i = 0; i < N; i++)
			getrf_bad += ipiv[i] != piv[i];
		for (int i = 0; i < N * N; i++)
			getrf_bad += A[i] != LU[i];
		for (int i = 0; i < N; i++) { /* B = R x, x = (i % 3 - 1) */
			double s = 0;
			for (int k = 0; k < N; k++)
				s += R[k * N + i] * (double)(k % 3 - 1);
			B[i] = s;
		}
		CHECK(cusolverDnDgetrs(h, CUBLAS_OP_N, N, 1, A, N, ipiv, B, N, info));
		CHECK(cudaDeviceSynchronize());
		getrs_bad += *info != 0;
		for (int i = 0; i < N; i++)
			getrs_bad += B[i] != (double)(i % 3 - 1);
		CHECK(cudaFree(work));
	}

	/* LU without pivoting of L U: the factors themselves */
	int nopiv_bad = 0;
	{
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++) {
				double s = 0;
				for (int k = 0; k < N; k++)
					s += l2(i, k) * u2(k, j);
				A[j * N + i] = s;
			}
		CHECK(cusolverDnDgetrf(h, N, N, A, N, dwork, NULL, info));
		CHECK(cudaDeviceSynchronize());
		nopiv_bad += *info != 0;
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++)
				nopiv_bad += A[j * N + i] != (i > j ? l2(i, j) : u2(i, j));
	}

	/* the infos: a leading minor of order 3 not positive; a zero second pivot */
	int potrf_info, getrf_info;
	{
		for (int i = 0; i < N * N; i++)
			A[i] = i % (N + 1) ? 0 : (i == 2 * (N + 1) ? -1 : 1);
		CHECK(cusolverDnDpotrf(h, CUBLAS_FILL_MODE_LOWER, N, A, N, dwork, 1 << 16, info));
		CHECK(cudaDeviceSynchronize());
		potrf_info = *info;
		for (int i = 0; i < N * N; i++) /* rows 0 and 1 alike: U(2, 2) = 0 */
			A[i] = (i % N) < 2 ? (double)(i / N + 1) : (double)((i % N) == (i / N));
		CHECK(cusolverDnDgetrf(h, N, N, A, N, dwork, ipiv, info));
		CHECK(cudaDeviceSynchronize());
		getrf_info = *info;
	}

	/* SVDs: Hadamard columns scaled by 4, 3, 2, 1 (8 x 4) */
	const int M = 8, C = 4;
	int svd_bad = 0, csvd_bad = 0;
	{
		float *Af, *S, *U, *VT, *wf, *rw;
		CHECK(cudaMalloc(&rw, C * sizeof(float)));
		CHECK(cudaMallocManaged(&Af, M * C * sizeof(float)));
		CHECK(cudaMallocManaged(&S, C * sizeof(float)));
		CHECK(cudaMallocManaged(&U, M * C * sizeof(float)));
		CHECK(cudaMallocManaged(&VT, C * C * sizeof(float)));
		for (int j = 0; j < C; j++)
			for (int i = 0; i < M; i++)
				Af[j * M + i] = (float)(hadamard(i, j) * (C - j));
		float keep[M * C];
		for (int i = 0; i < M * C; i++)
			keep[i] = Af[i];
		CHECK(cusolverDnSgesvd_bufferSize(h, M, C, &lwork));
		CHECK(cudaMalloc(&wf, (lwork > 0 ? lwork : 1) * sizeof(float)));
		CHECK(cusolverDnSgesvd(h, 'S', 'S', M, C, Af, M, S, U, M, VT, C, wf, lwork, rw, info));
		CHECK(cudaDeviceSynchronize());
		svd_bad += *info != 0;
		for (int j = 0; j < C; j++)
			svd_bad += fabs(S[j] - (C - j) * sqrt(8.0)) > 1e-4 * (C - j) * sqrt(8.0);
		for (int j = 0; j < C; j++)
			for (int i = 0; i < M; i++) {
				double s = 0;
				for (int k = 0; k < C; k++)
					s += (double)U[k * M + i] * S[k] * VT[j * C + k];
				svd_bad += fabs(s - keep[j * M + i]) > 1e-4 * 4;
			}
		CHECK(cudaFree(wf));

		cuComplex *Ac, *Uc, *VTc, *wc;
		CHECK(cudaMallocManaged(&Ac, M * C * sizeof(cuComplex)));
		CHECK(cudaMallocManaged(&Uc, M * C * sizeof(cuComplex)));
		CHECK(cudaMallocManaged(&VTc, C * C * sizeof(cuComplex)));
		const float re[4] = {1, 0, -1, 0}, im[4] = {0, 1, 0, -1}; /* i^j */
		cuComplex keepc[M * C];
		for (int j = 0; j < C; j++)
			for (int i = 0; i < M; i++)
				keepc[j * M + i] = Ac[j * M + i] =
				    make_cuFloatComplex(hadamard(i, j) * (C - j) * re[j], hadamard(i, j) * (C - j) * im[j]);
		CHECK(cusolverDnCgesvd_bufferSize(h, M, C, &lwork));
		CHECK(cudaMalloc(&wc, (lwork > 0 ? lwork : 1) * sizeof(cuComplex)));
		CHECK(cusolverDnCgesvd(h, 'S', 'S', M, C, Ac, M, S, Uc, M, VTc, C, wc, lwork, rw, info));
		CHECK(cudaDeviceSynchronize());
		csvd_bad += *info != 0;
		for (int j = 0; j < C; j++)
			csvd_bad += fabs(S[j] - (C - j) * sqrt(8.0)) > 1e-4 * (C - j) * sqrt(8.0);
		for (int j = 0; j < C; j++)
			for (int i = 0; i < M; i++) {
				cuDoubleComplex s = make_cuDoubleComplex(0, 0);
				for (int k = 0; k < C; k++)
					s = cuCadd(s, cuCmul(cuComplexFloatToDouble(Uc[k * M + i]),
					                     cuComplexFloatToDouble(cuCmulf(make_cuFloatComplex(S[k], 0), VTc[j * C + k]))));
				csvd_bad += cuCabs(cuCsub(s, cuComplexFloatToDouble(keepc[j * M + i]))) > 1e-4 * 4;
			}
		CHECK(cudaFree(wc));
		CHECK(cudaFree(rw));
		CHECK(cudaFree(Ac));
		CHECK(cudaFree(Uc));
		CHECK(cudaFree(VTc));
		CHECK(cudaFree(Af));
		CHECK(cudaFree(S));
		CHECK(cudaFree(U));
		CHECK(cudaFree(VT));
	}

	CHECK(cusolverDnDestroy(h));
	printf("RESULT potrf_bad=%d potrs_bad=%d getrf_bad=%d getrs_bad=%d nopiv_bad=%d potrf_info=%d getrf_info=%d "
	       "svd_bad=%d csvd_bad=%d\n",
	       potrf_bad, potrs_bad, getrf_bad, getrs_bad, nopiv_bad, potrf_info, getrf_info, svd_bad, csvd_bad);
	CHECK(cudaFree(A));
	CHECK(cudaFree(B));
	CHECK(cudaFree(src));
	CHECK(cudaFree(info));
	CHECK(cudaFree(ipiv));
	CHECK(cudaFree(dwork));
	free(R);
	return 0;
}
