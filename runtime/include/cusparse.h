/* cusparse.h for programs lowered by cuflow: cuSPARSE's calls
 * (cuflow_cusparse_api.h) as host loops. Device memory is host memory on
 * the CPU, so every pointer is read and written in place. A call first
 * waits for all device work (deferred launches included): cuSPARSE runs
 * after the work enqueued before it, and running it after everything before
 * it is one of the orders the GPU allows. Values are float or double (other
 * types: CUSPARSE_STATUS_NOT_SUPPORTED); sums are taken in double and
 * rounded once, so they may differ from the GPU's in the last bits.
 * SpGEMM's rows and csr2csc's columns come out sorted, as cuSPARSE's do. */
#ifndef CUFLOW_CUSPARSE_H
#define CUFLOW_CUSPARSE_H
#include <stdint.h>
#include <string.h>
#include <algorithm>
#include <vector>

#include "cuda_runtime.h"

#define CUFLOW_SPARSEFN inline
#include "cuflow_cusparse_api.h"

struct cuflow_cusparse {
	cudaStream_t stream;
	cusparsePointerMode_t pmode;
};
/* CSR: off = row offsets, ind = columns; CSC: off = column offsets,
 * ind = rows; COO: off = rows, ind = columns. A batch's arrays start
 * offstride (offsets) and valstride (indices, values) elements on. */
struct cuflow_spmat {
	cusparseFormat_t fmt;
	int64_t rows, cols, nnz;
	void *off, *ind, *val;
	cusparseIndexType_t offt, indt;
	cusparseIndexBase_t base;
	cudaDataType vt;
	cusparseFillMode_t fill;
	cusparseDiagType_t diag;
	int batch;
	int64_t offstride, valstride;
};
struct cuflow_dnmat {
	int64_t rows, cols, ld;
	void *val;
	cudaDataType vt;
	cusparseOrder_t order;
	int batch;
	int64_t stride;
};
struct cuflow_dnvec {
	int64_t size;
	void *val;
	cudaDataType vt;
};
struct cuflow_spvec {
	int64_t size, nnz;
	void *ind, *val;
	cusparseIndexType_t it;
	cusparseIndexBase_t base;
	cudaDataType vt;
};
/* SpGEMM's product, between compute and copy */
struct cuflow_spgemm {
	std::vector<int64_t> off, col;
	std::vector<double> val;
};
struct cuflow_spsolve {
	int analysed;
};
struct cuflow_matdescr {
	cusparseMatrixType_t type;
	cusparseIndexBase_t base;
	cusparseFillMode_t fill;
	cusparseDiagType_t diag;
};

namespace cuflow_sparse {

/* a buffer asked for: a few bytes, never 0 (NULL asks for the size) */
const size_t bufsize = 64;

inline cusparseStatus_t start(cusparseHandle_t h)
{
	if (!h)
		return CUSPARSE_STATUS_NOT_INITIALIZED;
	cudaDeviceSynchronize();
	return CUSPARSE_STATUS_SUCCESS;
}

inline bool known(cudaDataType t)
{
	return t == CUDA_R_32F || t == CUDA_R_64F;
}

inline double load(const void *p, cudaDataType t, int64_t i)
{
	return t == CUDA_R_32F ? (double)((const float *)p)[i] : ((const double *)p)[i];
}

inline void store(void *p, cudaDataType t, int64_t i, double v)
{
	if (t == CUDA_R_32F)
		((float *)p)[i] = (float)v;
	else
		((double *)p)[i] = v;
}

/* alpha or beta, of the computation's type */
inline double scalar(const void *p, cudaDataType t)
{
	return load(p, t, 0);
}

inline int64_t index(const void *p, cusparseIndexType_t t, int64_t i)
{
	switch (t) {
	case CUSPARSE_INDEX_16U: return ((const uint16_t *)p)[i];
	case CUSPARSE_INDEX_32I: return ((const int32_t *)p)[i];
	default: return ((const int64_t *)p)[i];
	}
}

inline void setindex(void *p, cusparseIndexType_t t, int64_t i, int64_t v)
{
	switch (t) {
	case CUSPARSE_INDEX_16U: ((uint16_t *)p)[i] = (uint16_t)v; break;
	case CUSPARSE_INDEX_32I: ((int32_t *)p)[i] = (int32_t)v; break;
	default: ((int64_t *)p)[i] = v; break;
	}
}

/* the entries of A's batch b as f(row, column, value's index); rows > 0
 * lets a CSR matrix's rows run at once (f writes only its row's output) */
template <class F> void entries(const cuflow_spmat *A, int b, bool rows, F f)
{
	int64_t ob = b * A->offstride, vb = b * A->valstride, base = A->base;
	if (A->fmt == CUSPARSE_FORMAT_COO) {
		for (int64_t k = vb; k < vb + A->nnz; k++)
			f(index(A->off, A->offt, k) - base, index(A->ind, A->indt, k) - base, k);
		return;
	}
	int64_t outer = A->fmt == CUSPARSE_FORMAT_CSR ? A->rows : A->cols;
	bool csr = A->fmt == CUSPARSE_FORMAT_CSR;
#pragma omp parallel for schedule(dynamic, 64) if (rows && csr && outer > 256)
	for (int64_t o = 0; o < outer; o++) {
		int64_t a = index(A->off, A->offt, ob + o) - base, e = index(A->off, A->offt, ob + o + 1) - base;
		for (int64_t k = vb + a; k < vb + e; k++) {
			int64_t in = index(A->ind, A->indt, k) - base;
			if (csr)
				f(o, in, k);
			else
				f(in, o, k);
		}
	}
}

/* element (i, j) of M's batch b */
inline int64_t at(const cuflow_dnmat *M, int64_t i, int64_t j, int b)
{
	return b * M->stride + (M->order == CUSPARSE_ORDER_ROW ? i * M->ld + j : j * M->ld + i);
}

/* element (i, j) of op(M) */
inline double opat(const cuflow_dnmat *M, cusparseOperation_t op, int64_t i, int64_t j, int b)
{
	return op == CUSPARSE_OPERATION_NON_TRANSPOSE ? load(M->val, M->vt, at(M, i, j, b)) : load(M->val, M->vt, at(M, j, i, b));
}

/* out = alpha * t + beta * out; beta 0 reads nothing of out */
inline void combine(void *out, cudaDataType vt, int64_t i, double alpha, double t, double beta)
{
	store(out, vt, i, alpha * t + (beta != 0 ? beta * load(out, vt, i) : 0));
}

/* the diagonal of row i of a CSR matrix (batch 0), or 1 for a unit one;
 * a row with no diagonal entry divides by 1 too, as cuSPARSE's solves do
 * (on the H200: L = [[2], [1, -], [1, 1, 4]], b = (2, 3, 6) gives y = (1,
 * 2, 0.75)) */
inline double diagonal(const cuflow_spmat *A, int64_t i)
{
	if (A->diag == CUSPARSE_DIAG_TYPE_UNIT)
		return 1;
	int64_t a = index(A->off, A->offt, i) - A->base, e = index(A->off, A->offt, i + 1) - A->base;
	for (int64_t k = a; k < e; k++)
		if (index(A->ind, A->indt, k) - A->base == i)
			return load(A->val, A->vt, k);
	return 1;
}

/* op(A) y = y in place, A a square CSR triangle (its fill mode's side and
 * the diagonal are read; the rest is ignored, as cuSPARSE does) */
inline void solve(const cuflow_spmat *A, cusparseOperation_t op, std::vector<double> &y)
{
	int64_t n = A->rows, base = A->base;
	bool lower = A->fill == CUSPARSE_FILL_MODE_LOWER, trans = op != CUSPARSE_OPERATION_NON_TRANSPOSE;
	bool forward = lower != trans;
	for (int64_t s = 0; s < n; s++) {
		int64_t i = forward ? s : n - 1 - s;
		int64_t a = index(A->off, A->offt, i) - base, e = index(A->off, A->offt, i + 1) - base;
		if (!trans) { /* row i of A: the solved part is on its triangle's side */
			double t = y[i];
			for (int64_t k = a; k < e; k++) {
				int64_t c = index(A->ind, A->indt, k) - base;
				if (lower ? c < i : c > i)
					t -= load(A->val, A->vt, k) * y[c];
			}
			y[i] = t / diagonal(A, i);
			continue;
		}
		y[i] /= diagonal(A, i); /* row i of A is column i of op(A): push it on */
		for (int64_t k = a; k < e; k++) {
			int64_t c = index(A->ind, A->indt, k) - base;
			if (lower ? c < i : c > i)
				y[c] -= load(A->val, A->vt, k) * y[i];
		}
	}
}

inline bool square(const cuflow_spmat *A)
{
	return A->fmt == CUSPARSE_FORMAT_CSR && A->rows == A->cols && known(A->vt);
}

} /* namespace cuflow_sparse */

/* ---- the handle ---- */

inline cusparseStatus_t cusparseCreate(cusparseHandle_t *handle)
{
	*handle = new cuflow_cusparse{0, CUSPARSE_POINTER_MODE_HOST};
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseDestroy(cusparseHandle_t handle)
{
	cudaDeviceSynchronize();
	delete handle;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseGetVersion(cusparseHandle_t, int *version)
{
	*version = 12000;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t stream)
{
	handle->stream = stream;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseGetStream(cusparseHandle_t handle, cudaStream_t *stream)
{
	*stream = handle->stream;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode)
{
	handle->pmode = mode;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t *mode)
{
	*mode = handle->pmode;
	return CUSPARSE_STATUS_SUCCESS;
}
inline const char *cusparseGetErrorName(cusparseStatus_t status)
{
	static const char *const names[] = {"CUSPARSE_STATUS_SUCCESS", "CUSPARSE_STATUS_NOT_INITIALIZED",
		"CUSPARSE_STATUS_ALLOC_FAILED", "CUSPARSE_STATUS_INVALID_VALUE", "CUSPARSE_STATUS_ARCH_MISMATCH",
		"CUSPARSE_STATUS_MAPPING_ERROR", "CUSPARSE_STATUS_EXECUTION_FAILED", "CUSPARSE_STATUS_INTERNAL_ERROR",
		"CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED", "CUSPARSE_STATUS_ZERO_PIVOT", "CUSPARSE_STATUS_NOT_SUPPORTED",
		"CUSPARSE_STATUS_INSUFFICIENT_RESOURCES"};
	return (unsigned)status < sizeof names / sizeof *names ? names[status] : "CUSPARSE_STATUS_UNKNOWN";
}
inline const char *cusparseGetErrorString(cusparseStatus_t status)
{
	static const char *const says[] = {"success", "initialization error", "out of memory", "invalid value",
		"architecture mismatch", "mapping error", "execution failed", "internal error",
		"matrix type not supported", "zero pivot", "operation not supported", "insufficient resources"};
	return (unsigned)status < sizeof says / sizeof *says ? says[status] : "unknown error";
}

/* ---- the generic API's descriptors ---- */

inline cusparseStatus_t cuflowCreateSparse(cusparseSpMatDescr_t *d, cusparseFormat_t fmt, int64_t rows, int64_t cols,
	int64_t nnz, void *off, void *ind, void *val, cusparseIndexType_t offt, cusparseIndexType_t indt,
	cusparseIndexBase_t base, cudaDataType vt)
{
	*d = new cuflow_spmat{fmt, rows, cols, nnz, off, ind, val, offt, indt, base, vt, CUSPARSE_FILL_MODE_LOWER,
		CUSPARSE_DIAG_TYPE_NON_UNIT, 1, 0, 0};
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *d, int64_t rows, int64_t cols, int64_t nnz,
	void *off, void *ind, void *val, cusparseIndexType_t offt, cusparseIndexType_t indt, cusparseIndexBase_t base,
	cudaDataType vt)
{
	return cuflowCreateSparse(d, CUSPARSE_FORMAT_CSR, rows, cols, nnz, off, ind, val, offt, indt, base, vt);
}
inline cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *d, int64_t rows, int64_t cols, int64_t nnz,
	void *off, void *ind, void *val, cusparseIndexType_t offt, cusparseIndexType_t indt, cusparseIndexBase_t base,
	cudaDataType vt)
{
	return cuflowCreateSparse(d, CUSPARSE_FORMAT_CSC, rows, cols, nnz, off, ind, val, offt, indt, base, vt);
}
inline cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *d, int64_t rows, int64_t cols, int64_t nnz,
	void *r, void *c, void *val, cusparseIndexType_t it, cusparseIndexBase_t base, cudaDataType vt)
{
	return cuflowCreateSparse(d, CUSPARSE_FORMAT_COO, rows, cols, nnz, r, c, val, it, it, base, vt);
}
inline cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t d)
{
	delete d;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t d, int64_t *rows, int64_t *cols, int64_t *nnz)
{
	*rows = d->rows;
	*cols = d->cols;
	*nnz = d->nnz;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t d, cusparseFormat_t *format)
{
	*format = d->fmt;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t d, cusparseIndexBase_t *base)
{
	*base = d->base;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t d, void **values)
{
	*values = d->val;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t d, void *values)
{
	d->val = values;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t d, cusparseSpMatAttribute_t a, void *data,
	size_t size)
{
	if (size < sizeof(int))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (a == CUSPARSE_SPMAT_FILL_MODE)
		d->fill = *(cusparseFillMode_t *)data;
	else
		d->diag = *(cusparseDiagType_t *)data;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t d, cusparseSpMatAttribute_t a, void *data,
	size_t size)
{
	if (size < sizeof(int))
		return CUSPARSE_STATUS_INVALID_VALUE;
	if (a == CUSPARSE_SPMAT_FILL_MODE)
		*(cusparseFillMode_t *)data = d->fill;
	else
		*(cusparseDiagType_t *)data = d->diag;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t d, int64_t *rows, int64_t *cols, int64_t *nnz,
	void **off, void **ind, void **val, cusparseIndexType_t *offt, cusparseIndexType_t *indt,
	cusparseIndexBase_t *base, cudaDataType *vt)
{
	*rows = d->rows, *cols = d->cols, *nnz = d->nnz, *off = d->off, *ind = d->ind, *val = d->val;
	*offt = d->offt, *indt = d->indt, *base = d->base, *vt = d->vt;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t d, void *off, void *ind, void *val)
{
	d->off = off, d->ind = ind, d->val = val;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseCscSetPointers(cusparseSpMatDescr_t d, void *off, void *ind, void *val)
{
	return cusparseCsrSetPointers(d, off, ind, val);
}
inline cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t d, void *r, void *c, void *val)
{
	return cusparseCsrSetPointers(d, r, c, val);
}
inline cusparseStatus_t cusparseCsrSetStridedBatch(cusparseSpMatDescr_t d, int batch, int64_t offstride,
	int64_t valstride)
{
	d->batch = batch, d->offstride = offstride, d->valstride = valstride;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseCooSetStridedBatch(cusparseSpMatDescr_t d, int batch, int64_t stride)
{
	d->batch = batch, d->offstride = stride, d->valstride = stride;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *d, int64_t rows, int64_t cols, int64_t ld,
	void *val, cudaDataType vt, cusparseOrder_t order)
{
	*d = new cuflow_dnmat{rows, cols, ld, val, vt, order, 1, 0};
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t d)
{
	delete d;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseDnMatGet(cusparseDnMatDescr_t d, int64_t *rows, int64_t *cols, int64_t *ld,
	void **val, cudaDataType *vt, cusparseOrder_t *order)
{
	*rows = d->rows, *cols = d->cols, *ld = d->ld, *val = d->val, *vt = d->vt, *order = d->order;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t d, void **val)
{
	*val = d->val;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t d, void *val)
{
	d->val = val;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseDnMatSetStridedBatch(cusparseDnMatDescr_t d, int batch, int64_t stride)
{
	d->batch = batch, d->stride = stride;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *d, int64_t size, void *val, cudaDataType vt)
{
	*d = new cuflow_dnvec{size, val, vt};
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t d)
{
	delete d;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t d, void **val)
{
	*val = d->val;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t d, void *val)
{
	d->val = val;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *d, int64_t size, int64_t nnz, void *ind, void *val,
	cusparseIndexType_t it, cusparseIndexBase_t base, cudaDataType vt)
{
	*d = new cuflow_spvec{size, nnz, ind, val, it, base, vt};
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t d)
{
	delete d;
	return CUSPARSE_STATUS_SUCCESS;
}

/* ---- sparse vectors ---- */

/* y = alpha x + beta y, x sparse */
inline cusparseStatus_t cusparseAxpby(cusparseHandle_t h, const void *alpha, cusparseConstSpVecDescr_t x,
	const void *beta, cusparseDnVecDescr_t y)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !known(x->vt) || x->vt != y->vt)
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	double a = scalar(alpha, x->vt), b = scalar(beta, x->vt);
	for (int64_t i = 0; i < y->size; i++)
		store(y->val, y->vt, i, b * load(y->val, y->vt, i));
	for (int64_t k = 0; k < x->nnz; k++) {
		int64_t i = index(x->ind, x->it, k) - x->base;
		store(y->val, y->vt, i, load(y->val, y->vt, i) + a * load(x->val, x->vt, k));
	}
	return CUSPARSE_STATUS_SUCCESS;
}
/* x's values from y at x's indices */
inline cusparseStatus_t cusparseGather(cusparseHandle_t h, cusparseConstDnVecDescr_t y, cusparseSpVecDescr_t x)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !known(x->vt) || x->vt != y->vt)
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	for (int64_t k = 0; k < x->nnz; k++)
		store(x->val, x->vt, k, load(y->val, y->vt, index(x->ind, x->it, k) - x->base));
	return CUSPARSE_STATUS_SUCCESS;
}
/* y at x's indices from x's values */
inline cusparseStatus_t cusparseScatter(cusparseHandle_t h, cusparseConstSpVecDescr_t x, cusparseDnVecDescr_t y)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !known(x->vt) || x->vt != y->vt)
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	for (int64_t k = 0; k < x->nnz; k++)
		store(y->val, y->vt, index(x->ind, x->it, k) - x->base, load(x->val, x->vt, k));
	return CUSPARSE_STATUS_SUCCESS;
}

/* ---- SpMV and SpMM: y = alpha op(A) x + beta y, C = alpha op(A) op(B) + beta C ---- */

inline cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t, cusparseOperation_t, const void *,
	cusparseConstSpMatDescr_t, cusparseConstDnVecDescr_t, const void *, cusparseDnVecDescr_t, cudaDataType,
	cusparseSpMVAlg_t, size_t *size)
{
	*size = cuflow_sparse::bufsize;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpMV(cusparseHandle_t h, cusparseOperation_t op, const void *alpha,
	cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t x, const void *beta, cusparseDnVecDescr_t y,
	cudaDataType ct, cusparseSpMVAlg_t, void *)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !known(A->vt) || !known(x->vt) || !known(y->vt) || !known(ct))
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	bool n = op == CUSPARSE_OPERATION_NON_TRANSPOSE;
	std::vector<double> t((size_t)(n ? A->rows : A->cols), 0.0);
	entries(A, 0, n, [&](int64_t r, int64_t c, int64_t k) {
		double v = load(A->val, A->vt, k);
		if (n)
			t[r] += v * load(x->val, x->vt, c);
		else
			t[c] += v * load(x->val, x->vt, r);
	});
	double a = scalar(alpha, ct), b = scalar(beta, ct);
	for (int64_t i = 0; i < (int64_t)t.size(); i++)
		combine(y->val, y->vt, i, a, t[i], b);
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t, cusparseOperation_t, cusparseOperation_t,
	const void *, cusparseConstSpMatDescr_t, cusparseConstDnMatDescr_t, const void *, cusparseDnMatDescr_t,
	cudaDataType, cusparseSpMMAlg_t, size_t *size)
{
	*size = cuflow_sparse::bufsize;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t h, cusparseOperation_t, cusparseOperation_t,
	const void *, cusparseConstSpMatDescr_t, cusparseConstDnMatDescr_t, const void *, cusparseDnMatDescr_t,
	cudaDataType, cusparseSpMMAlg_t, void *)
{
	return cuflow_sparse::start(h);
}
inline cusparseStatus_t cusparseSpMM(cusparseHandle_t h, cusparseOperation_t opA, cusparseOperation_t opB,
	const void *alpha, cusparseConstSpMatDescr_t A, cusparseConstDnMatDescr_t B, const void *beta,
	cusparseDnMatDescr_t C, cudaDataType ct, cusparseSpMMAlg_t, void *)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !known(A->vt) || !known(B->vt) || !known(C->vt) || !known(ct))
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	bool n = opA == CUSPARSE_OPERATION_NON_TRANSPOSE;
	int64_t m = C->rows, w = C->cols;
	double a = scalar(alpha, ct), b = scalar(beta, ct);
	for (int bt = 0; bt < C->batch; bt++) {
		std::vector<double> t((size_t)(m * w), 0.0);
		entries(A, A->batch > 1 ? bt : 0, n, [&](int64_t r, int64_t c, int64_t k) {
			double v = load(A->val, A->vt, k);
			int64_t row = n ? r : c, in = n ? c : r;
			for (int64_t j = 0; j < w; j++)
				t[row * w + j] += v * opat(B, opB, in, j, B->batch > 1 ? bt : 0);
		});
		for (int64_t i = 0; i < m; i++)
			for (int64_t j = 0; j < w; j++)
				combine(C->val, C->vt, at(C, i, j, bt), a, t[i * w + j], b);
	}
	return CUSPARSE_STATUS_SUCCESS;
}

/* ---- SpGEMM: C = alpha A B, CSR by CSR (compute keeps it, copy writes it) ---- */

inline cusparseStatus_t cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *d)
{
	*d = new cuflow_spgemm;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t d)
{
	delete d;
	return CUSPARSE_STATUS_SUCCESS;
}
inline bool cuflowSpGEMMForm(cusparseOperation_t opA, cusparseOperation_t opB, cusparseConstSpMatDescr_t A,
	cusparseConstSpMatDescr_t B, cusparseConstSpMatDescr_t C, cudaDataType ct)
{
	using namespace cuflow_sparse;
	return opA == CUSPARSE_OPERATION_NON_TRANSPOSE && opB == CUSPARSE_OPERATION_NON_TRANSPOSE &&
	       A->fmt == CUSPARSE_FORMAT_CSR && B->fmt == CUSPARSE_FORMAT_CSR && C->fmt == CUSPARSE_FORMAT_CSR &&
	       known(A->vt) && known(B->vt) && known(C->vt) && known(ct);
}
inline cusparseStatus_t cusparseSpGEMM_workEstimation(cusparseHandle_t h, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *, cusparseConstSpMatDescr_t A, cusparseConstSpMatDescr_t B, const void *,
	cusparseSpMatDescr_t C, cudaDataType ct, cusparseSpGEMMAlg_t, cusparseSpGEMMDescr_t, size_t *size, void *)
{
	if (!cuflowSpGEMMForm(opA, opB, A, B, C, ct))
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	*size = cuflow_sparse::bufsize;
	return cuflow_sparse::start(h);
}
/* row by row through a dense accumulator; each row's columns sorted */
inline cusparseStatus_t cusparseSpGEMM_compute(cusparseHandle_t h, cusparseOperation_t opA, cusparseOperation_t opB,
	const void *alpha, cusparseConstSpMatDescr_t A, cusparseConstSpMatDescr_t B, const void *beta,
	cusparseSpMatDescr_t C, cudaDataType ct, cusparseSpGEMMAlg_t, cusparseSpGEMMDescr_t d, size_t *size, void *buf)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !cuflowSpGEMMForm(opA, opB, A, B, C, ct) || scalar(beta, ct) != 0)
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	if (!buf) {
		*size = bufsize;
		return CUSPARSE_STATUS_SUCCESS;
	}
	double a = scalar(alpha, ct);
	std::vector<double> acc((size_t)B->cols, 0.0);
	std::vector<char> seen((size_t)B->cols, 0);
	std::vector<int64_t> cols;
	d->off.assign(1, 0);
	d->col.clear();
	d->val.clear();
	for (int64_t r = 0; r < A->rows; r++) {
		cols.clear();
		int64_t ae = index(A->off, A->offt, r + 1) - A->base;
		for (int64_t ka = index(A->off, A->offt, r) - A->base; ka < ae; ka++) {
			int64_t i = index(A->ind, A->indt, ka) - A->base, be = index(B->off, B->offt, i + 1) - B->base;
			double va = load(A->val, A->vt, ka);
			for (int64_t kb = index(B->off, B->offt, i) - B->base; kb < be; kb++) {
				int64_t c = index(B->ind, B->indt, kb) - B->base;
				if (!seen[c])
					seen[c] = 1, cols.push_back(c);
				acc[c] += va * load(B->val, B->vt, kb);
			}
		}
		std::sort(cols.begin(), cols.end());
		for (int64_t c : cols) {
			d->col.push_back(c);
			d->val.push_back(a * acc[c]);
			acc[c] = 0, seen[c] = 0;
		}
		d->off.push_back((int64_t)d->col.size());
	}
	C->rows = A->rows, C->cols = B->cols, C->nnz = (int64_t)d->col.size();
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpGEMM_copy(cusparseHandle_t h, cusparseOperation_t opA, cusparseOperation_t opB,
	const void *, cusparseConstSpMatDescr_t A, cusparseConstSpMatDescr_t B, const void *, cusparseSpMatDescr_t C,
	cudaDataType ct, cusparseSpGEMMAlg_t, cusparseSpGEMMDescr_t d)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !cuflowSpGEMMForm(opA, opB, A, B, C, ct))
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	if (!C->off || (C->nnz && (!C->ind || !C->val)) || d->off.empty())
		return CUSPARSE_STATUS_INVALID_VALUE;
	for (size_t i = 0; i < d->off.size(); i++)
		setindex(C->off, C->offt, (int64_t)i, d->off[i] + C->base);
	for (size_t k = 0; k < d->col.size(); k++) {
		setindex(C->ind, C->indt, (int64_t)k, d->col[k] + C->base);
		store(C->val, C->vt, (int64_t)k, d->val[k]);
	}
	return CUSPARSE_STATUS_SUCCESS;
}

/* ---- SDDMM: C = alpha (op(A) op(B)) at C's entries + beta C ---- */

inline cusparseStatus_t cusparseSDDMM_bufferSize(cusparseHandle_t, cusparseOperation_t, cusparseOperation_t,
	const void *, cusparseConstDnMatDescr_t, cusparseConstDnMatDescr_t, const void *, cusparseSpMatDescr_t,
	cudaDataType, cusparseSDDMMAlg_t, size_t *size)
{
	*size = cuflow_sparse::bufsize;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSDDMM_preprocess(cusparseHandle_t h, cusparseOperation_t, cusparseOperation_t,
	const void *, cusparseConstDnMatDescr_t, cusparseConstDnMatDescr_t, const void *, cusparseSpMatDescr_t,
	cudaDataType, cusparseSDDMMAlg_t, void *)
{
	return cuflow_sparse::start(h);
}
inline cusparseStatus_t cusparseSDDMM(cusparseHandle_t h, cusparseOperation_t opA, cusparseOperation_t opB,
	const void *alpha, cusparseConstDnMatDescr_t A, cusparseConstDnMatDescr_t B, const void *beta,
	cusparseSpMatDescr_t C, cudaDataType ct, cusparseSDDMMAlg_t, void *)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !known(A->vt) || !known(B->vt) || !known(C->vt) || !known(ct))
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	int64_t inner = opA == CUSPARSE_OPERATION_NON_TRANSPOSE ? A->cols : A->rows;
	double a = scalar(alpha, ct), b = scalar(beta, ct);
	for (int bt = 0; bt < C->batch; bt++) {
		int ba = A->batch > 1 ? bt : 0, bb = B->batch > 1 ? bt : 0;
		entries(C, bt, true, [&](int64_t r, int64_t c, int64_t k) {
			double t = 0;
			for (int64_t l = 0; l < inner; l++)
				t += opat(A, opA, r, l, ba) * opat(B, opB, l, c, bb);
			combine(C->val, C->vt, k, a, t, b);
		});
	}
	return CUSPARSE_STATUS_SUCCESS;
}

/* ---- conversions between dense and sparse ---- */

inline cusparseStatus_t cusparseSparseToDense_bufferSize(cusparseHandle_t, cusparseConstSpMatDescr_t,
	cusparseDnMatDescr_t, cusparseSparseToDenseAlg_t, size_t *size)
{
	*size = cuflow_sparse::bufsize;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSparseToDense(cusparseHandle_t h, cusparseConstSpMatDescr_t A,
	cusparseDnMatDescr_t B, cusparseSparseToDenseAlg_t, void *)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !known(A->vt) || !known(B->vt))
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	for (int64_t i = 0; i < B->rows; i++)
		for (int64_t j = 0; j < B->cols; j++)
			store(B->val, B->vt, at(B, i, j, 0), 0);
	entries(A, 0, true, [&](int64_t r, int64_t c, int64_t k) { store(B->val, B->vt, at(B, r, c, 0), load(A->val, A->vt, k)); });
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseDenseToSparse_bufferSize(cusparseHandle_t, cusparseConstDnMatDescr_t,
	cusparseSpMatDescr_t, cusparseDenseToSparseAlg_t, size_t *size)
{
	*size = cuflow_sparse::bufsize;
	return CUSPARSE_STATUS_SUCCESS;
}
/* B's row offsets and nonzero count (B is CSR) */
inline cusparseStatus_t cusparseDenseToSparse_analysis(cusparseHandle_t h, cusparseConstDnMatDescr_t A,
	cusparseSpMatDescr_t B, cusparseDenseToSparseAlg_t, void *)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !known(A->vt) || !known(B->vt) || B->fmt != CUSPARSE_FORMAT_CSR)
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	int64_t nnz = 0;
	for (int64_t i = 0; i < A->rows; i++) {
		setindex(B->off, B->offt, i, nnz + B->base);
		for (int64_t j = 0; j < A->cols; j++)
			nnz += load(A->val, A->vt, at(A, i, j, 0)) != 0;
	}
	setindex(B->off, B->offt, A->rows, nnz + B->base);
	B->nnz = nnz;
	return CUSPARSE_STATUS_SUCCESS;
}
/* B's columns and values, by the offsets the analysis wrote (each row's in
 * order; the GPU's need not be) */
inline cusparseStatus_t cusparseDenseToSparse_convert(cusparseHandle_t h, cusparseConstDnMatDescr_t A,
	cusparseSpMatDescr_t B, cusparseDenseToSparseAlg_t, void *)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !known(A->vt) || !known(B->vt) || B->fmt != CUSPARSE_FORMAT_CSR)
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
#pragma omp parallel for schedule(dynamic, 64)
	for (int64_t i = 0; i < A->rows; i++) {
		int64_t k = index(B->off, B->offt, i) - B->base;
		for (int64_t j = 0; j < A->cols; j++) {
			double v = load(A->val, A->vt, at(A, i, j, 0));
			if (v != 0) {
				setindex(B->ind, B->indt, k, j + B->base);
				store(B->val, B->vt, k++, v);
			}
		}
	}
	return CUSPARSE_STATUS_SUCCESS;
}

/* ---- triangular solves: op(A) y = alpha x, op(A) C = alpha op(B) ---- */

inline cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t *d)
{
	*d = new cuflow_spsolve{0};
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t d)
{
	delete d;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpSV_bufferSize(cusparseHandle_t, cusparseOperation_t, const void *,
	cusparseConstSpMatDescr_t, cusparseConstDnVecDescr_t, cusparseDnVecDescr_t, cudaDataType, cusparseSpSVAlg_t,
	cusparseSpSVDescr_t, size_t *size)
{
	*size = cuflow_sparse::bufsize;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpSV_analysis(cusparseHandle_t h, cusparseOperation_t, const void *,
	cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t, cusparseDnVecDescr_t, cudaDataType, cusparseSpSVAlg_t,
	cusparseSpSVDescr_t d, void *)
{
	if (!cuflow_sparse::square(A))
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	d->analysed = 1;
	return cuflow_sparse::start(h);
}
inline cusparseStatus_t cusparseSpSV_solve(cusparseHandle_t h, cusparseOperation_t op, const void *alpha,
	cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t x, cusparseDnVecDescr_t y, cudaDataType ct,
	cusparseSpSVAlg_t, cusparseSpSVDescr_t)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !square(A) || !known(x->vt) || !known(y->vt) || !known(ct))
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	double a = scalar(alpha, ct);
	std::vector<double> t((size_t)A->rows);
	for (int64_t i = 0; i < A->rows; i++)
		t[i] = a * load(x->val, x->vt, i);
	solve(A, op, t);
	for (int64_t i = 0; i < A->rows; i++)
		store(y->val, y->vt, i, t[i]);
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpSM_createDescr(cusparseSpSMDescr_t *d)
{
	return cusparseSpSV_createDescr(d);
}
inline cusparseStatus_t cusparseSpSM_destroyDescr(cusparseSpSMDescr_t d)
{
	return cusparseSpSV_destroyDescr(d);
}
inline cusparseStatus_t cusparseSpSM_bufferSize(cusparseHandle_t, cusparseOperation_t, cusparseOperation_t,
	const void *, cusparseConstSpMatDescr_t, cusparseConstDnMatDescr_t, cusparseDnMatDescr_t, cudaDataType,
	cusparseSpSMAlg_t, cusparseSpSMDescr_t, size_t *size)
{
	*size = cuflow_sparse::bufsize;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSpSM_analysis(cusparseHandle_t h, cusparseOperation_t, cusparseOperation_t,
	const void *, cusparseConstSpMatDescr_t A, cusparseConstDnMatDescr_t, cusparseDnMatDescr_t, cudaDataType,
	cusparseSpSMAlg_t, cusparseSpSMDescr_t d, void *)
{
	if (!cuflow_sparse::square(A))
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	d->analysed = 1;
	return cuflow_sparse::start(h);
}
/* column by column of C, each its own solve */
inline cusparseStatus_t cusparseSpSM_solve(cusparseHandle_t h, cusparseOperation_t opA, cusparseOperation_t opB,
	const void *alpha, cusparseConstSpMatDescr_t A, cusparseConstDnMatDescr_t B, cusparseDnMatDescr_t C,
	cudaDataType ct, cusparseSpSMAlg_t, cusparseSpSMDescr_t)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || !square(A) || !known(B->vt) || !known(C->vt) || !known(ct))
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	double a = scalar(alpha, ct);
#pragma omp parallel for schedule(dynamic, 1)
	for (int64_t j = 0; j < C->cols; j++) {
		std::vector<double> t((size_t)A->rows);
		for (int64_t i = 0; i < A->rows; i++)
			t[i] = a * opat(B, opB, i, j, 0);
		solve(A, opA, t);
		for (int64_t i = 0; i < A->rows; i++)
			store(C->val, C->vt, at(C, i, j, 0), t[i]);
	}
	return CUSPARSE_STATUS_SUCCESS;
}

/* ---- the legacy API ---- */

inline cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *d)
{
	*d = new cuflow_matdescr{CUSPARSE_MATRIX_TYPE_GENERAL, CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_FILL_MODE_LOWER,
		CUSPARSE_DIAG_TYPE_NON_UNIT};
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t d)
{
	delete d;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t d, cusparseMatrixType_t type)
{
	d->type = type;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t d)
{
	return d->type;
}
inline cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t d, cusparseIndexBase_t base)
{
	d->base = base;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t d)
{
	return d->base;
}
inline cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t d, cusparseFillMode_t fill)
{
	d->fill = fill;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t d, cusparseDiagType_t diag)
{
	d->diag = diag;
	return CUSPARSE_STATUS_SUCCESS;
}
/* nonzeros of a column-major m x n matrix per row or column, and in all */
template <class T> cusparseStatus_t cuflowNnz(cusparseHandle_t h, cusparseDirection_t dir, int m, int n,
	const T *A, int lda, int *per, int *total)
{
	cusparseStatus_t s = cuflow_sparse::start(h);
	if (s)
		return s;
	int outer = dir == CUSPARSE_DIRECTION_ROW ? m : n, all = 0;
	for (int o = 0; o < outer; o++) {
		int c = 0;
		for (int i = 0; i < (dir == CUSPARSE_DIRECTION_ROW ? n : m); i++)
			c += (dir == CUSPARSE_DIRECTION_ROW ? A[(int64_t)i * lda + o] : A[(int64_t)o * lda + i]) != 0;
		per[o] = c;
		all += c;
	}
	*total = all;
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseSnnz(cusparseHandle_t h, cusparseDirection_t dir, int m, int n,
	const cusparseMatDescr_t, const float *A, int lda, int *per, int *total)
{
	return cuflowNnz(h, dir, m, n, A, lda, per, total);
}
inline cusparseStatus_t cusparseDnnz(cusparseHandle_t h, cusparseDirection_t dir, int m, int n,
	const cusparseMatDescr_t, const double *A, int lda, int *per, int *total)
{
	return cuflowNnz(h, dir, m, n, A, lda, per, total);
}
inline cusparseStatus_t cusparseCreateIdentityPermutation(cusparseHandle_t h, int n, int *p)
{
	cusparseStatus_t s = cuflow_sparse::start(h);
	for (int i = 0; !s && i < n; i++)
		p[i] = i;
	return s;
}
inline cusparseStatus_t cusparseXcsrsort_bufferSizeExt(cusparseHandle_t, int, int, int, const int *, const int *,
	size_t *size)
{
	*size = cuflow_sparse::bufsize;
	return CUSPARSE_STATUS_SUCCESS;
}
/* each row's columns in order, P permuted alike */
inline cusparseStatus_t cusparseXcsrsort(cusparseHandle_t h, int m, int, int, const cusparseMatDescr_t d,
	const int *rowptr, int *col, int *P, void *)
{
	cusparseStatus_t s = cuflow_sparse::start(h);
	if (s)
		return s;
	int base = d ? d->base : 0;
	std::vector<std::pair<int, int>> row;
	for (int r = 0; r < m; r++) {
		int a = rowptr[r] - base, e = rowptr[r + 1] - base;
		row.clear();
		for (int k = a; k < e; k++)
			row.push_back({col[k], P[k]});
		std::stable_sort(row.begin(), row.end(), [](const std::pair<int, int> &x, const std::pair<int, int> &y) { return x.first < y.first; });
		for (int k = a; k < e; k++)
			col[k] = row[k - a].first, P[k] = row[k - a].second;
	}
	return CUSPARSE_STATUS_SUCCESS;
}
inline cusparseStatus_t cusparseCsr2cscEx2_bufferSize(cusparseHandle_t, int, int, int, const void *, const int *,
	const int *, void *, int *, int *, cudaDataType, cusparseAction_t, cusparseIndexBase_t, cusparseCsr2CscAlg_t,
	size_t *size)
{
	*size = cuflow_sparse::bufsize;
	return CUSPARSE_STATUS_SUCCESS;
}
/* a counting sort by column: rows stay in order within each column */
inline cusparseStatus_t cusparseCsr2cscEx2(cusparseHandle_t h, int m, int n, int nnz, const void *val,
	const int *rowptr, const int *colind, void *cscval, int *colptr, int *rowind, cudaDataType vt,
	cusparseAction_t action, cusparseIndexBase_t base, cusparseCsr2CscAlg_t, void *)
{
	using namespace cuflow_sparse;
	cusparseStatus_t s = start(h);
	if (s || (action == CUSPARSE_ACTION_NUMERIC && !known(vt)))
		return s ? s : CUSPARSE_STATUS_NOT_SUPPORTED;
	std::vector<int> next((size_t)n + 1, 0);
	for (int k = 0; k < nnz; k++)
		next[colind[k] - base + 1]++;
	for (int c = 0; c < n; c++)
		next[c + 1] += next[c];
	for (int c = 0; c <= n; c++)
		colptr[c] = next[c] + base;
	for (int r = 0; r < m; r++)
		for (int k = rowptr[r] - base; k < rowptr[r + 1] - base; k++) {
			int to = next[colind[k] - base]++;
			rowind[to] = r + base;
			if (action == CUSPARSE_ACTION_NUMERIC)
				store(cscval, vt, to, load(val, vt, k));
		}
	return CUSPARSE_STATUS_SUCCESS;
}

#endif
