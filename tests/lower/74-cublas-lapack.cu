// 74-cublas-lapack: cuBLAS's batched LAPACK-like calls of a program lowered
// to the CPU run on LAPACK per matrix, and its complex calls on CBLAS.
// getrfBatched (float, with pivots) of rows-swapped P L U, L's entries in
// {0, +-1/2} so each pivot is strictly the largest: factors and pivots
// exact against a host LU, one singular matrix in the batch (info 2);
// getrfBatched without pivots (double, a NULL pivot array): L and U
// themselves; getrsBatched to integer solutions; getriBatched: A times the
// inverse within 1e-5 of I; gelsBatched (float and complex) of consistent
// overdetermined systems on Hadamard columns: the solutions within 1e-4;
// Icamax (and _64), Cdgmm left and right, Cgemm and Cgemm_64 with
// transposes on Gaussian integers (exact). A wrong mapping (pivots from 0,
// one batch's pivots over another's, a transpose missed, amax from 0, a
// side swapped) prints bad>0.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuComplex.h>
#include <cublas_v2.h>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); exit(1); } } while (0)

const int N = 6, BATCH = 3;

static double l2(int i, int j) { return i == j ? 1 : i > j ? 0.5 * ((i + 2 * j) % 3 - 1) : 0; }
static double u2(int i, int j, int b) { return i == j ? (i % 2 ? -2 - i - b : 2 + i + b) : i < j ? (double)((i + j + b) % 5 - 2) : 0; }
static int hadamard(int i, int j) { return __builtin_popcount(i & j) % 2 ? -1 : 1; }

/* the product L U of batch b, rows reversed when swap */
static void plu(double *R, int b, bool swap)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			double s = 0;
			for (int k = 0; k < N; k++)
				s += l2(i, k) * u2(k, j, b);
			R[j * N + (swap ? N - 1 - i : i)] = s;
		}
}

/* the host's LU with partial pivoting in place; pivots from 1 */
static void hostlu(double *LU, int *piv)
{
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
}

int main()
{
	cublasHandle_t h;
	CHECK(cublasCreate(&h));
	float *A, *B, *Inv, **Ap, **Bp, **Ip;
	int *piv, *info, hinfo = 0;
	CHECK(cudaMallocManaged(&A, BATCH * N * N * sizeof(float)));
	CHECK(cudaMallocManaged(&B, BATCH * N * sizeof(float)));
	CHECK(cudaMallocManaged(&Inv, BATCH * N * N * sizeof(float)));
	CHECK(cudaMallocManaged(&Ap, BATCH * sizeof(float *)));
	CHECK(cudaMallocManaged(&Bp, BATCH * sizeof(float *)));
	CHECK(cudaMallocManaged(&Ip, BATCH * sizeof(float *)));
	CHECK(cudaMallocManaged(&piv, BATCH * N * sizeof(int)));
	CHECK(cudaMallocManaged(&info, BATCH * sizeof(int)));
	double R[BATCH][N * N], LU[N * N];
	int hpiv[N];
	for (int b = 0; b < BATCH; b++) {
		plu(R[b], b, true);
		if (b == 1) /* rows 0 and 1 alike: a zero second pivot */
			for (int i = 0; i < N * N; i++)
				R[b][i] = (i % N) < 2 ? (double)(i / N + 1) : (double)((i % N) == (i / N));
		for (int i = 0; i < N * N; i++)
			A[b * N * N + i] = (float)R[b][i];
		Ap[b] = A + b * N * N;
		Bp[b] = B + b * N;
		Ip[b] = Inv + b * N * N;
	}

	/* getrf with pivots: the factors of batches 0 and 2, batch 1's info */
	int getrf_bad = 0;
	CHECK(cublasSgetrfBatched(h, N, Ap, N, piv, info, BATCH));
	CHECK(cudaDeviceSynchronize());
	for (int b = 0; b < BATCH; b += 2) {
		for (int i = 0; i < N * N; i++)
			LU[i] = R[b][i];
		hostlu(LU, hpiv);
		getrf_bad += info[b] != 0;
		for (int i = 0; i < N; i++)
			getrf_bad += piv[b * N + i] != hpiv[i];
		for (int i = 0; i < N * N; i++)
			getrf_bad += A[b * N * N + i] != (float)LU[i];
	}
	int singular_info = info[1];

	/* getrs (batches 0 and 2 solved; batch 1 too, its answer not read) to x = (i % 3 - 1 + b) */
	int getrs_bad = 0;
	for (int b = 0; b < BATCH; b++)
		for (int i = 0; i < N; i++) {
			double s = 0;
			for (int k = 0; k < N; k++)
				s += R[b][k * N + i] * (double)(k % 3 - 1 + b);
			B[b * N + i] = (float)s;
		}
	CHECK(cublasSgetrsBatched(h, CUBLAS_OP_N, N, 1, Ap, N, piv, Bp, N, &hinfo, BATCH));
	CHECK(cudaDeviceSynchronize());
	getrs_bad += hinfo != 0;
	for (int b = 0; b < BATCH; b += 2)
		for (int i = 0; i < N; i++)
			getrs_bad += B[b * N + i] != (float)(i % 3 - 1 + b);

	/* getri: A times the inverse, batches 0 and 2 */
	int getri_bad = 0;
	CHECK(cublasSgetriBatched(h, N, Ap, N, piv, Ip, N, info, BATCH));
	CHECK(cudaDeviceSynchronize());
	for (int b = 0; b < BATCH; b += 2) {
		getri_bad += info[b] != 0;
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++) {
				double s = 0;
				for (int k = 0; k < N; k++)
					s += R[b][k * N + i] * Inv[b * N * N + j * N + k];
				getri_bad += fabs(s - (i == j)) > 1e-5;
			}
	}

	/* getrf without pivots (double): L and U themselves */
	int nopiv_bad = 0;
	{
		double *D, **Dp;
		CHECK(cudaMallocManaged(&D, BATCH * N * N * sizeof(double)));
		CHECK(cudaMallocManaged(&Dp, BATCH * sizeof(double *)));
		for (int b = 0; b < BATCH; b++) {
			plu(D + b * N * N, b, false);
			Dp[b] = D + b * N * N;
		}
		CHECK(cublasDgetrfBatched(h, N, Dp, N, NULL, info, BATCH));
		CHECK(cudaDeviceSynchronize());
		for (int b = 0; b < BATCH; b++) {
			nopiv_bad += info[b] != 0;
			for (int i = 0; i < N; i++)
				for (int j = 0; j < N; j++)
					nopiv_bad += D[b * N * N + j * N + i] != (i > j ? l2(i, j) : u2(i, j, b));
		}
		CHECK(cudaFree(D));
		CHECK(cudaFree(Dp));
	}

	/* gels: 8 x 4 Hadamard columns, b = A x for x = (j - 1 + b), float and complex (x times i) */
	const int M = 8, C = 4;
	int gels_bad = 0, cgels_bad = 0;
	{
		float *G, *Y, **Gp, **Yp;
		CHECK(cudaMallocManaged(&G, 2 * M * C * sizeof(float)));
		CHECK(cudaMallocManaged(&Y, 2 * M * sizeof(float)));
		CHECK(cudaMallocManaged(&Gp, 2 * sizeof(float *)));
		CHECK(cudaMallocManaged(&Yp, 2 * sizeof(float *)));
		for (int b = 0; b < 2; b++) {
			for (int j = 0; j < C; j++)
				for (int i = 0; i < M; i++)
					G[b * M * C + j * M + i] = (float)(hadamard(i, j) * (j + 1 + b));
			for (int i = 0; i < M; i++) {
				float s = 0;
				for (int j = 0; j < C; j++)
					s += G[b * M * C + j * M + i] * (float)(j - 1 + b);
				Y[b * M + i] = s;
			}
			Gp[b] = G + b * M * C;
			Yp[b] = Y + b * M;
		}
		CHECK(cublasSgelsBatched(h, CUBLAS_OP_N, M, C, 1, Gp, M, Yp, M, &hinfo, info, 2));
		CHECK(cudaDeviceSynchronize());
		gels_bad += hinfo != 0;
		for (int b = 0; b < 2; b++) {
			gels_bad += info[b] != 0;
			for (int j = 0; j < C; j++)
				gels_bad += fabs(Y[b * M + j] - (j - 1 + b)) > 1e-4;
		}
		cuComplex *Gc, *Yc, **Gcp, **Ycp;
		CHECK(cudaMallocManaged(&Gc, M * C * sizeof(cuComplex)));
		CHECK(cudaMallocManaged(&Yc, M * sizeof(cuComplex)));
		CHECK(cudaMallocManaged(&Gcp, sizeof(cuComplex *)));
		CHECK(cudaMallocManaged(&Ycp, sizeof(cuComplex *)));
		for (int j = 0; j < C; j++)
			for (int i = 0; i < M; i++)
				Gc[j * M + i] = make_cuFloatComplex((float)hadamard(i, j), (float)(j % 2));
		for (int i = 0; i < M; i++) { /* x_j = i (j + 1) */
			cuComplex s = make_cuFloatComplex(0, 0);
			for (int j = 0; j < C; j++)
				s = cuCaddf(s, cuCmulf(Gc[j * M + i], make_cuFloatComplex(0, (float)(j + 1))));
			Yc[i] = s;
		}
		Gcp[0] = Gc;
		Ycp[0] = Yc;
		CHECK(cublasCgelsBatched(h, CUBLAS_OP_N, M, C, 1, Gcp, M, Ycp, M, &hinfo, NULL, 1));
		CHECK(cudaDeviceSynchronize());
		cgels_bad += hinfo != 0;
		for (int j = 0; j < C; j++)
			cgels_bad += cuCabsf(cuCsubf(Yc[j], make_cuFloatComplex(0, (float)(j + 1)))) > 1e-4;
		CHECK(cudaFree(G));
		CHECK(cudaFree(Y));
		CHECK(cudaFree(Gp));
		CHECK(cudaFree(Yp));
		CHECK(cudaFree(Gc));
		CHECK(cudaFree(Yc));
		CHECK(cudaFree(Gcp));
		CHECK(cudaFree(Ycp));
	}

	/* complex level 1-3 on Gaussian integers */
	int amax = 0, cgemm_bad = 0, dgmm_bad = 0;
	long long amax64 = 0;
	{
		const int m = 5, n = 4, k = 3;
		cuComplex *X, *P, *Q, *Z, *W;
		CHECK(cudaMallocManaged(&X, 40 * sizeof(cuComplex)));
		CHECK(cudaMallocManaged(&P, m * k * sizeof(cuComplex)));
		CHECK(cudaMallocManaged(&Q, k * n * sizeof(cuComplex)));
		CHECK(cudaMallocManaged(&Z, m * n * sizeof(cuComplex)));
		CHECK(cudaMallocManaged(&W, m * n * sizeof(cuComplex)));
		for (int i = 0; i < 40; i++) /* |re| + |im| largest first at 23 (from 1: 24), not |z| */
			X[i] = make_cuFloatComplex((float)(i % 5 - 2), (float)(i % 3 - 1));
		X[23] = make_cuFloatComplex(4, 4);
		X[31] = make_cuFloatComplex(7, 0); /* |z| 7 > 5.66, |re| + |im| 7 < 8 */
		CHECK(cublasIcamax(h, 40, X, 1, &amax));
		int64_t r64 = 0;
		CHECK(cublasIcamax_64(h, 20, X, 2, &r64));
		amax64 = r64;
		for (int i = 0; i < m * k; i++)
			P[i] = make_cuFloatComplex((float)(i % 4 - 1), (float)(i % 3 - 1));
		for (int i = 0; i < k * n; i++)
			Q[i] = make_cuFloatComplex((float)(i % 3 - 1), (float)(i % 5 - 2));
		for (int i = 0; i < m * n; i++)
			Z[i] = W[i] = make_cuFloatComplex((float)(i % 2), 1);
		cuComplex alpha = make_cuFloatComplex(1, 1), beta = make_cuFloatComplex(0, 2);
		/* Z = alpha P Q + beta Z (P m x k, Q k x n); W the same with P^T stored k x m and Q^H stored n x k */
		CHECK(cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, P, m, Q, k, &beta, Z, m));
		cuComplex *PT, *QH;
		CHECK(cudaMallocManaged(&PT, m * k * sizeof(cuComplex)));
		CHECK(cudaMallocManaged(&QH, k * n * sizeof(cuComplex)));
		CHECK(cudaDeviceSynchronize());
		for (int i = 0; i < m; i++)
			for (int p = 0; p < k; p++)
				PT[i * k + p] = P[p * m + i];
		for (int p = 0; p < k; p++)
			for (int j = 0; j < n; j++)
				QH[p * n + j] = cuConjf(Q[j * k + p]);
		CHECK(cublasCgemm_64(h, CUBLAS_OP_T, CUBLAS_OP_C, m, n, k, &alpha, PT, k, QH, n, &beta, W, m));
		CHECK(cudaDeviceSynchronize());
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++) {
				cuComplex s = make_cuFloatComplex(0, 0);
				for (int p = 0; p < k; p++)
					s = cuCaddf(s, cuCmulf(P[p * m + i], Q[j * k + p]));
				cuComplex want = cuCaddf(cuCmulf(alpha, s), cuCmulf(beta, make_cuFloatComplex((float)((j * m + i) % 2), 1)));
				cgemm_bad += Z[j * m + i].x != want.x || Z[j * m + i].y != want.y;
				cgemm_bad += W[j * m + i].x != want.x || W[j * m + i].y != want.y;
			}
		/* dgmm: W = diag(x) Z (left, x of m) and Z = P' diag(x) (right: Z as m x n, x of n, stride 2) */
		CHECK(cublasCdgmm(h, CUBLAS_SIDE_LEFT, m, n, Z, m, X, 1, W, m));
		CHECK(cudaDeviceSynchronize());
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++) {
				cuComplex want = cuCmulf(X[i], Z[j * m + i]);
				dgmm_bad += W[j * m + i].x != want.x || W[j * m + i].y != want.y;
			}
		CHECK(cublasCdgmm_64(h, CUBLAS_SIDE_RIGHT, m, n, W, m, X, 2, Z, m));
		CHECK(cudaDeviceSynchronize());
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++) {
				cuComplex want = cuCmulf(W[j * m + i], X[2 * j]);
				dgmm_bad += Z[j * m + i].x != want.x || Z[j * m + i].y != want.y;
			}
		CHECK(cudaFree(X));
		CHECK(cudaFree(P));
		CHECK(cudaFree(Q));
		CHECK(cudaFree(Z));
		CHECK(cudaFree(W));
		CHECK(cudaFree(PT));
		CHECK(cudaFree(QH));
	}

	CHECK(cublasDestroy(h));
	printf("RESULT getrf_bad=%d singular_info=%d getrs_bad=%d getri_bad=%d nopiv_bad=%d gels_bad=%d cgels_bad=%d "
	       "amax=%d amax64=%lld cgemm_bad=%d dgmm_bad=%d\n",
	       getrf_bad, singular_info, getrs_bad, getri_bad, nopiv_bad, gels_bad, cgels_bad, amax, amax64, cgemm_bad,
	       dgmm_bad);
	CHECK(cudaFree(A));
	CHECK(cudaFree(B));
	CHECK(cudaFree(Inv));
	CHECK(cudaFree(Ap));
	CHECK(cudaFree(Bp));
	CHECK(cudaFree(Ip));
	CHECK(cudaFree(piv));
	CHECK(cudaFree(info));
	return 0;
}
