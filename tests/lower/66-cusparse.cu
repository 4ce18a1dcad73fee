// 66-cusparse: cuSPARSE calls of a program lowered to the CPU run as the
// runtime's host loops. A 600 x 600 matrix with three small-integer entries
// a row (CSR, sorted columns) and kernels that fill the dense operands with
// small integers, so every product and sum is exact in float and any order:
// SpMV (CSR, its transpose, COO with 64-bit indices in double), SpMM (CSR
// row-major, COO column-major with op(B) transposed), SpGEMM A*A (against a
// host product), SDDMM on two batches, sparse to dense and back, Axpby and
// Gather on a sparse vector, SpSV and SpSM on A's lower triangle (diagonal
// 1 or 2, right-hand sides made from a known solution), and the legacy nnz,
// csrsort and Csr2cscEx2. Each field counts mismatches against a host
// reference (bad=0) or prints an exact count. A wrong mapping (a missed
// transpose, row- for column-major, an offset off by one, a deferred kernel
// not finished before the call) prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <map>
#include <cusparse.h>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); exit(1); } } while (0)

__global__ void fill(float *a, int n, int mod, int shift)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = (float)((i * 7 + shift) % mod) - (float)(mod / 2);
}

static void fillh(float *d, int n, int mod, int shift)
{
	fill<<<(n + 127) / 128, 128>>>(d, n, mod, shift);
}

static float hfill(int i, int mod, int shift)
{
	return (float)((i * 7 + shift) % mod) - (float)(mod / 2);
}

template <class T> static T *up(const std::vector<T> &h)
{
	T *d;
	CHECK(cudaMalloc(&d, h.size() * sizeof(T) + 1));
	CHECK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
	return d;
}

template <class T> static std::vector<T> down(const T *d, size_t n)
{
	std::vector<T> h(n);
	CHECK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
	return h;
}

static int differ(const std::vector<float> &a, const std::vector<double> &b)
{
	int bad = 0;
	for (size_t i = 0; i < a.size(); i++)
		bad += a[i] != (float)b[i];
	return bad;
}

const int n = 600;
std::vector<int> rp, ci; /* A in CSR */
std::vector<float> va;

/* row i: columns i, (7i+3) mod n, (13i+5) mod n; the diagonal 1 or 2 */
static void build()
{
	rp.push_back(0);
	for (int i = 0; i < n; i++) {
		std::map<int, float> row;
		row[(i * 7 + 3) % n] = (float)((i * 3) % 5) - 2.0f;
		row[(i * 13 + 5) % n] = (float)((i * 5) % 7) - 3.0f;
		row[i] = (float)(1 + i % 2);
		for (auto &e : row) {
			ci.push_back(e.first);
			va.push_back(e.second != 0 ? e.second : 3.0f);
		}
		rp.push_back((int)ci.size());
	}
}

/* y = A x (trans: A^T x) on the host, lower: A's lower triangle alone */
static std::vector<double> hmv(const std::vector<float> &x, bool trans, bool lower)
{
	std::vector<double> y(n, 0.0);
	for (int i = 0; i < n; i++)
		for (int k = rp[i]; k < rp[i + 1]; k++)
			if (!lower || ci[k] <= i)
				(trans ? y[ci[k]] : y[i]) += (double)va[k] * x[trans ? i : ci[k]];
	return y;
}

int main()
{
	build();
	int nnz = (int)ci.size();
	cusparseHandle_t h;
	CHECK(cusparseCreate(&h));
	int *drp = up(rp), *dci = up(ci);
	float *dva = up(va);
	cusparseSpMatDescr_t A;
	CHECK(cusparseCreateCsr(&A, n, n, nnz, drp, dci, dva, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
	                        CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
	size_t bs;
	void *buf;
	CHECK(cudaMalloc(&buf, 1 << 20));
	std::vector<float> hx(n), hy(n);
	for (int i = 0; i < n; i++)
		hx[i] = hfill(i, 7, 1), hy[i] = hfill(i, 5, 2);

	/* SpMV: y = 2 A x + 3 y, then y = A^T x */
	float *dx, *dy;
	CHECK(cudaMalloc(&dx, n * sizeof(float)));
	CHECK(cudaMalloc(&dy, n * sizeof(float)));
	fillh(dx, n, 7, 1);
	fillh(dy, n, 5, 2);
	cusparseDnVecDescr_t X, Y;
	CHECK(cusparseCreateDnVec(&X, n, dx, CUDA_R_32F));
	CHECK(cusparseCreateDnVec(&Y, n, dy, CUDA_R_32F));
	float two = 2, three = 3, one = 1, zero = 0;
	CHECK(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &two, A, X, &three, Y, CUDA_R_32F,
	                              CUSPARSE_SPMV_ALG_DEFAULT, &bs));
	CHECK(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &two, A, X, &three, Y, CUDA_R_32F,
	                   CUSPARSE_SPMV_ALG_DEFAULT, buf));
	std::vector<double> ref = hmv(hx, false, false);
	for (int i = 0; i < n; i++)
		ref[i] = 2 * ref[i] + 3 * hy[i];
	int spmv = differ(down(dy, n), ref);
	CHECK(cusparseSpMV(h, CUSPARSE_OPERATION_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buf));
	int spmvt = differ(down(dy, n), hmv(hx, true, false));

	/* SpMV on COO, 64-bit indices, double */
	std::vector<int64_t> cr, cc;
	std::vector<double> cv, dxv(hx.begin(), hx.end()), dyv(n, 0.0);
	for (int i = 0; i < n; i++)
		for (int k = rp[i]; k < rp[i + 1]; k++)
			cr.push_back(i), cc.push_back(ci[k]), cv.push_back(va[k]);
	int64_t *dcr = up(cr), *dcc = up(cc);
	double *dcv = up(cv), *ddx = up(dxv), *ddy = up(dyv);
	cusparseSpMatDescr_t C64;
	CHECK(cusparseCreateCoo(&C64, n, n, nnz, dcr, dcc, dcv, CUSPARSE_INDEX_64I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
	cusparseDnVecDescr_t DX, DY;
	CHECK(cusparseCreateDnVec(&DX, n, ddx, CUDA_R_64F));
	CHECK(cusparseCreateDnVec(&DY, n, ddy, CUDA_R_64F));
	double done = 1, dzero = 0;
	CHECK(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &done, C64, DX, &dzero, DY, CUDA_R_64F,
	                   CUSPARSE_SPMV_ALG_DEFAULT, buf));
	std::vector<double> coo = down(ddy, n), cref = hmv(hx, false, false);
	int spmvcoo = 0;
	for (int i = 0; i < n; i++)
		spmvcoo += coo[i] != cref[i];

	/* SpMM: C = A B, B n x 4 row-major; then the COO form of A times op(B'), B' = B read as 4 x n column-major */
	const int w = 4;
	float *dB, *dC;
	CHECK(cudaMalloc(&dB, n * w * sizeof(float)));
	CHECK(cudaMalloc(&dC, n * w * sizeof(float)));
	fillh(dB, n * w, 9, 4);
	cusparseDnMatDescr_t B, Cm;
	CHECK(cusparseCreateDnMat(&B, n, w, w, dB, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CHECK(cusparseCreateDnMat(&Cm, n, w, w, dC, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CHECK(cusparseSpMM_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, B,
	                              &zero, Cm, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, &bs));
	CHECK(cusparseSpMM(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, B, &zero, Cm,
	                   CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, buf));
	std::vector<float> hc = down(dC, n * w);
	int spmm = 0;
	for (int j = 0; j < w; j++) {
		std::vector<float> col(n);
		for (int i = 0; i < n; i++)
			col[i] = hfill(i * w + j, 9, 4);
		std::vector<double> r = hmv(col, false, false);
		for (int i = 0; i < n; i++)
			spmm += hc[i * w + j] != (float)r[i];
	}
	/* B' (w x n, column-major: element (j, i) at i * w + j holds B(i, j)): op(B') = B */
	float *dCc;
	CHECK(cudaMalloc(&dCc, n * w * sizeof(float)));
	cusparseDnMatDescr_t Bt, Cc;
	CHECK(cusparseCreateDnMat(&Bt, w, n, w, dB, CUDA_R_32F, CUSPARSE_ORDER_COL));
	CHECK(cusparseCreateDnMat(&Cc, n, w, n, dCc, CUDA_R_32F, CUSPARSE_ORDER_COL));
	std::vector<int> cri(cr.begin(), cr.end()), cci(cc.begin(), cc.end());
	int *dcri = up(cri), *dcci = up(cci);
	cusparseSpMatDescr_t Coo;
	CHECK(cusparseCreateCoo(&Coo, n, n, nnz, dcri, dcci, dva, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
	CHECK(cusparseSpMM(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE, &one, Coo, Bt, &zero, Cc,
	                   CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, buf));
	std::vector<float> hcc = down(dCc, n * w);
	int spmmcoo = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < w; j++)
			spmmcoo += hcc[j * n + i] != hc[i * w + j];

	/* SpGEMM: A * A */
	int *dGo;
	CHECK(cudaMalloc(&dGo, (n + 1) * sizeof(int)));
	cusparseSpMatDescr_t G;
	CHECK(cusparseCreateCsr(&G, n, n, 0, NULL, NULL, NULL, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
	                        CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
	cusparseSpGEMMDescr_t gd;
	CHECK(cusparseSpGEMM_createDescr(&gd));
	size_t b1 = 0, b2 = 0;
	void *g1, *g2;
	CHECK(cusparseSpGEMM_workEstimation(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A,
	                                    A, &zero, G, CUDA_R_32F, CUSPARSE_SPGEMM_DEFAULT, gd, &b1, NULL));
	CHECK(cudaMalloc(&g1, b1));
	CHECK(cusparseSpGEMM_workEstimation(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A,
	                                    A, &zero, G, CUDA_R_32F, CUSPARSE_SPGEMM_DEFAULT, gd, &b1, g1));
	CHECK(cusparseSpGEMM_compute(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, A,
	                             &zero, G, CUDA_R_32F, CUSPARSE_SPGEMM_DEFAULT, gd, &b2, NULL));
	CHECK(cudaMalloc(&g2, b2));
	CHECK(cusparseSpGEMM_compute(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, A,
	                             &zero, G, CUDA_R_32F, CUSPARSE_SPGEMM_DEFAULT, gd, &b2, g2));
	int64_t gr, gc, gnnz;
	CHECK(cusparseSpMatGetSize(G, &gr, &gc, &gnnz));
	int *dGc;
	float *dGv;
	CHECK(cudaMalloc(&dGc, gnnz * sizeof(int) + 1));
	CHECK(cudaMalloc(&dGv, gnnz * sizeof(float) + 1));
	CHECK(cusparseCsrSetPointers(G, dGo, dGc, dGv));
	CHECK(cusparseSpGEMM_copy(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, A, &zero,
	                          G, CUDA_R_32F, CUSPARSE_SPGEMM_DEFAULT, gd));
	std::vector<int> go = down(dGo, n + 1), gcol = down(dGc, (size_t)gnnz);
	std::vector<float> gv = down(dGv, (size_t)gnnz);
	int spgemm = 0;
	int64_t refnnz = 0;
	for (int i = 0; i < n; i++) {
		std::map<int, double> row;
		for (int k = rp[i]; k < rp[i + 1]; k++)
			for (int l = rp[ci[k]]; l < rp[ci[k] + 1]; l++)
				row[ci[l]] += (double)va[k] * va[l];
		refnnz += (int64_t)row.size();
		std::map<int, double> got;
		for (int k = go[i]; k < go[i + 1] && go[i + 1] <= gnnz; k++)
			got[gcol[k]] += gv[k];
		spgemm += got != row;
	}
	spgemm += gnnz != refnnz;

	/* SDDMM on two batches: C = (P Q) at A's entries, P n x 8 and Q 8 x n row-major */
	const int kk = 8;
	float *dP, *dQ, *dS;
	CHECK(cudaMalloc(&dP, 2 * n * kk * sizeof(float)));
	CHECK(cudaMalloc(&dQ, 2 * n * kk * sizeof(float)));
	CHECK(cudaMalloc(&dS, 2 * nnz * sizeof(float)));
	fillh(dP, 2 * n * kk, 5, 1);
	fillh(dQ, 2 * n * kk, 3, 2);
	cusparseDnMatDescr_t P, Q;
	CHECK(cusparseCreateDnMat(&P, n, kk, kk, dP, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CHECK(cusparseCreateDnMat(&Q, kk, n, n, dQ, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CHECK(cusparseDnMatSetStridedBatch(P, 2, n * kk));
	CHECK(cusparseDnMatSetStridedBatch(Q, 2, n * kk));
	std::vector<int> ci2(ci);
	ci2.insert(ci2.end(), ci.begin(), ci.end()); /* each batch its own columns, one offsets array */
	int *dci2 = up(ci2);
	cusparseSpMatDescr_t S;
	CHECK(cusparseCreateCsr(&S, n, n, nnz, drp, dci2, dS, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
	                        CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
	CHECK(cusparseCsrSetStridedBatch(S, 2, 0, nnz));
	CHECK(cusparseSDDMM_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, P, Q,
	                               &zero, S, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, &bs));
	CHECK(cusparseSDDMM_preprocess(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, P, Q,
	                               &zero, S, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, buf));
	CHECK(cusparseSDDMM(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, P, Q, &zero, S,
	                    CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, buf));
	std::vector<float> hs = down(dS, 2 * nnz);
	int sddmm = 0;
	for (int b = 0; b < 2; b++)
		for (int i = 0; i < n; i++)
			for (int k = rp[i]; k < rp[i + 1]; k++) {
				double t = 0;
				for (int l = 0; l < kk; l++)
					t += (double)hfill(b * n * kk + i * kk + l, 5, 1) * hfill(b * n * kk + l * n + ci[k], 3, 2);
				sddmm += hs[b * nnz + k] != (float)t;
			}

	/* sparse to dense (row-major) and back to CSR */
	float *dD;
	CHECK(cudaMalloc(&dD, n * n * sizeof(float)));
	cusparseDnMatDescr_t D;
	CHECK(cusparseCreateDnMat(&D, n, n, n, dD, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CHECK(cusparseSparseToDense_bufferSize(h, A, D, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, &bs));
	CHECK(cusparseSparseToDense(h, A, D, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, buf));
	std::vector<float> hd = down(dD, (size_t)n * n);
	int todense = 0;
	for (int i = 0; i < n; i++) {
		std::vector<float> row(n, 0.0f);
		for (int k = rp[i]; k < rp[i + 1]; k++)
			row[ci[k]] = va[k];
		for (int j = 0; j < n; j++)
			todense += hd[(size_t)i * n + j] != row[j];
	}
	int *dEo;
	CHECK(cudaMalloc(&dEo, (n + 1) * sizeof(int)));
	cusparseSpMatDescr_t E;
	CHECK(cusparseCreateCsr(&E, n, n, 0, dEo, NULL, NULL, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
	                        CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
	CHECK(cusparseDenseToSparse_bufferSize(h, D, E, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, &bs));
	CHECK(cusparseDenseToSparse_analysis(h, D, E, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, buf));
	int64_t er, ec, ennz;
	CHECK(cusparseSpMatGetSize(E, &er, &ec, &ennz));
	int *dEc;
	float *dEv;
	CHECK(cudaMalloc(&dEc, ennz * sizeof(int) + 1));
	CHECK(cudaMalloc(&dEv, ennz * sizeof(float) + 1));
	CHECK(cusparseCsrSetPointers(E, dEo, dEc, dEv));
	CHECK(cusparseDenseToSparse_convert(h, D, E, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, buf));
	int tosparse = ennz != nnz;
	if (!tosparse) { /* each row's entries, in any order (the GPU's need not be sorted) */
		std::vector<int> eo = down(dEo, n + 1), ec = down(dEc, nnz);
		std::vector<float> ev = down(dEv, nnz);
		tosparse += eo != rp;
		for (int i = 0; i < n && !tosparse; i++) {
			std::map<int, float> want, got;
			for (int k = rp[i]; k < rp[i + 1]; k++)
				want[ci[k]] = va[k], got[ec[k]] = ev[k];
			tosparse += want != got;
		}
	}

	/* Axpby and Gather: a sparse vector of every third element */
	std::vector<int> si;
	for (int i = 0; i < n; i += 3)
		si.push_back(i);
	int sn = (int)si.size();
	int *dsi = up(si);
	float *dsv;
	CHECK(cudaMalloc(&dsv, sn * sizeof(float)));
	fillh(dsv, sn, 11, 3);
	fillh(dy, n, 5, 2);
	cusparseSpVecDescr_t V;
	CHECK(cusparseCreateSpVec(&V, n, sn, dsi, dsv, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
	CHECK(cusparseAxpby(h, &two, V, &three, Y));
	std::vector<float> ay = down(dy, n);
	int axpby = 0;
	for (int i = 0; i < n; i++)
		axpby += ay[i] != 3 * hy[i] + (i % 3 ? 0 : 2 * hfill(i / 3, 11, 3));
	CHECK(cusparseGather(h, X, V));
	std::vector<float> gs = down(dsv, sn);
	int gather = 0;
	for (int k = 0; k < sn; k++)
		gather += gs[k] != hx[si[k]];

	/* SpSV and SpSM on A's lower triangle: the right-hand sides are L z */
	cusparseFillMode_t lower = CUSPARSE_FILL_MODE_LOWER;
	cusparseDiagType_t nonunit = CUSPARSE_DIAG_TYPE_NON_UNIT;
	CHECK(cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_FILL_MODE, &lower, sizeof lower));
	CHECK(cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_DIAG_TYPE, &nonunit, sizeof nonunit));
	std::vector<float> z(n);
	for (int i = 0; i < n; i++)
		z[i] = hfill(i, 5, 3);
	std::vector<double> lz = hmv(z, false, true);
	std::vector<float> rhs(lz.begin(), lz.end());
	float *dr = up(rhs);
	cusparseDnVecDescr_t R;
	CHECK(cusparseCreateDnVec(&R, n, dr, CUDA_R_32F));
	cusparseSpSVDescr_t sv;
	CHECK(cusparseSpSV_createDescr(&sv));
	CHECK(cusparseSpSV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, R, Y, CUDA_R_32F,
	                              CUSPARSE_SPSV_ALG_DEFAULT, sv, &bs));
	CHECK(cusparseSpSV_analysis(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, R, Y, CUDA_R_32F,
	                            CUSPARSE_SPSV_ALG_DEFAULT, sv, buf));
	CHECK(cusparseSpSV_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, R, Y, CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT, sv));
	std::vector<float> zy = down(dy, n);
	int spsv = 0;
	for (int i = 0; i < n; i++)
		spsv += zy[i] != z[i];
	/* two right-hand sides, row-major: column j is 2^j L z */
	std::vector<float> rhs2(2 * n);
	for (int i = 0; i < n; i++)
		rhs2[i * 2] = rhs[i], rhs2[i * 2 + 1] = 2 * rhs[i];
	float *dr2 = up(rhs2), *dz2;
	CHECK(cudaMalloc(&dz2, 2 * n * sizeof(float)));
	cusparseDnMatDescr_t R2, Z2;
	CHECK(cusparseCreateDnMat(&R2, n, 2, 2, dr2, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CHECK(cusparseCreateDnMat(&Z2, n, 2, 2, dz2, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	cusparseSpSMDescr_t sm;
	CHECK(cusparseSpSM_createDescr(&sm));
	CHECK(cusparseSpSM_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, R2,
	                              Z2, CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, sm, &bs));
	CHECK(cusparseSpSM_analysis(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, R2,
	                            Z2, CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, sm, buf));
	CHECK(cusparseSpSM_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, R2, Z2,
	                         CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, sm));
	std::vector<float> z2 = down(dz2, 2 * n);
	int spsm = 0;
	for (int i = 0; i < n; i++)
		spsm += z2[i * 2] != z[i] || z2[i * 2 + 1] != 2 * z[i];

	/* the legacy calls: nnz by column of the dense copy (its transpose,
	 * read column-major), csrsort of reversed rows, csr2csc */
	cusparseMatDescr_t md;
	CHECK(cusparseCreateMatDescr(&md));
	CHECK(cusparseSetMatType(md, CUSPARSE_MATRIX_TYPE_GENERAL));
	CHECK(cusparseSetMatIndexBase(md, CUSPARSE_INDEX_BASE_ZERO));
	int *dper, total = 0;
	CHECK(cudaMalloc(&dper, n * sizeof(int)));
	CHECK(cusparseSnnz(h, CUSPARSE_DIRECTION_COLUMN, n, n, md, dD, n, dper, &total));
	std::vector<int> per = down(dper, n);
	int nnzbad = total != nnz;
	for (int i = 0; i < n; i++)
		nnzbad += per[i] != rp[i + 1] - rp[i];
	std::vector<int> rev(ci);
	for (int i = 0; i < n; i++)
		for (int a = rp[i], e = rp[i + 1] - 1; a < e; a++, e--)
			std::swap(rev[a], rev[e]);
	int *drev = up(rev), *dperm;
	CHECK(cudaMalloc(&dperm, nnz * sizeof(int)));
	CHECK(cusparseXcsrsort_bufferSizeExt(h, n, n, nnz, drp, drev, &bs));
	CHECK(cusparseCreateIdentityPermutation(h, nnz, dperm));
	CHECK(cusparseXcsrsort(h, n, n, nnz, md, drp, drev, dperm, buf));
	std::vector<int> sorted = down(drev, nnz), perm = down(dperm, nnz);
	int csrsort = sorted != ci;
	for (int i = 0; i < n; i++)
		for (int k = rp[i]; k < rp[i + 1]; k++)
			csrsort += perm[k] != rp[i] + (rp[i + 1] - 1 - k);
	int *dco, *dro;
	float *dcvv;
	CHECK(cudaMalloc(&dco, (n + 1) * sizeof(int)));
	CHECK(cudaMalloc(&dro, nnz * sizeof(int)));
	CHECK(cudaMalloc(&dcvv, nnz * sizeof(float)));
	CHECK(cusparseCsr2cscEx2_bufferSize(h, n, n, nnz, dva, drp, dci, dcvv, dco, dro, CUDA_R_32F,
	                                    CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, &bs));
	CHECK(cusparseCsr2cscEx2(h, n, n, nnz, dva, drp, dci, dcvv, dco, dro, CUDA_R_32F, CUSPARSE_ACTION_NUMERIC,
	                         CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, buf));
	std::vector<int> co = down(dco, n + 1), ro = down(dro, nnz);
	std::vector<float> cvv = down(dcvv, nnz);
	int csc = co[n] != nnz;
	for (int j = 0; j < n && !csc; j++)
		for (int k = co[j]; k < co[j + 1]; k++) {
			int i = ro[k], at = rp[i];
			while (at < rp[i + 1] && ci[at] != j)
				at++;
			csc += at == rp[i + 1] || cvv[k] != va[at] || (k > co[j] && ro[k - 1] >= i);
		}

	CHECK(cusparseSpGEMM_destroyDescr(gd));
	CHECK(cusparseSpSV_destroyDescr(sv));
	CHECK(cusparseSpSM_destroyDescr(sm));
	CHECK(cusparseDestroyMatDescr(md));
	CHECK(cusparseDestroySpMat(A));
	CHECK(cusparseDestroy(h));
	printf("RESULT nnz=%d spgemm_nnz=%lld spmv_bad=%d spmvt_bad=%d coo_bad=%d spmm_bad=%d spmmcoo_bad=%d spgemm_bad=%d "
	       "sddmm_bad=%d dense_bad=%d sparse_bad=%d axpby_bad=%d gather_bad=%d spsv_bad=%d spsm_bad=%d nnz_bad=%d "
	       "csrsort_bad=%d csc_bad=%d\n",
	       nnz, (long long)gnnz, spmv, spmvt, spmvcoo, spmm, spmmcoo, spgemm, sddmm, todense, tosparse, axpby, gather,
	       spsv, spsm, nnzbad, csrsort, csc);
	return 0;
}
