/* cublasLt.h for programs lowered by cuflow: cuBLASLt's matmul on CBLAS
 * (OpenBLAS), as cuBLAS is (cublas_v2.h, which this includes). A matmul
 *
 *   D = scaleD epilogue(alpha scaleA scaleB op(A) op(B) + beta scaleC C)
 *
 * widens A, B and C from their layouts (column- or row-major, strided
 * batches; half, bfloat16, float, double, int8, int32 and the 8-bit
 * floats) into dense column-major float arrays (double for 64F and 32I
 * computation, where int8 products are exact), multiplies them with
 * sgemm/dgemm, adds beta C (not read when beta is 0, as in cuBLASLt), the
 * bias broadcast along D's rows, applies ReLU or GELU, and rounds into D's
 * type. The scales are the 8-bit-float per-tensor ones (float scalars; 1
 * when unset) and amaxD, when asked for, gets the largest |value| before
 * scaleD. The tensor cores' reduced-precision modes (16F computation,
 * FAST_16F/16BF/TF32, fast accumulation) compute in float here, so the last
 * bits differ from the GPU's. A call first waits for all device work, as
 * cuBLAS's do; algorithms, preferences and workspaces mean nothing on the
 * CPU and are accepted. */
#ifndef CUFLOW_CUBLASLT_H
#define CUFLOW_CUBLASLT_H
#include <math.h>
#include <string.h>
#include <vector>

#include "cublas_v2.h"
#include "cuda_fp8.h"
#include "cuflow_cublaslt_api.h"

struct cuflow_cublaslt {
	int unused;
};

namespace cuflow_lt {

inline bool fp8(unsigned t) { return t == CUDA_R_8F_E4M3 || t == CUDA_R_8F_E5M2; }
inline bool known(unsigned t) { return fp8(t) || cuflow_blas::known((cudaDataType)t); }
inline double load(const void *p, unsigned t, long long i)
{
	if (t == CUDA_R_8F_E4M3)
		return (float)((const __nv_fp8_e4m3 *)p)[i];
	if (t == CUDA_R_8F_E5M2)
		return (float)((const __nv_fp8_e5m2 *)p)[i];
	return cuflow_blas::load(p, (cudaDataType)t, i);
}
inline void store(void *p, unsigned t, long long i, double v)
{
	if (t == CUDA_R_8F_E4M3)
		((__nv_fp8_e4m3 *)p)[i] = __nv_fp8_e4m3(v);
	else if (t == CUDA_R_8F_E5M2)
		((__nv_fp8_e5m2 *)p)[i] = __nv_fp8_e5m2(v);
	else
		cuflow_blas::store(p, (cudaDataType)t, i, v);
}

/* where element (i, j) of batch b of a layout is, in elements */
inline long long at(const cublasLtMatrixLayoutOpaque_t *l, long long i, long long j, int b)
{
	return b * l->stride + (l->order == CUBLASLT_ORDER_ROW ? i * l->ld + j : j * l->ld + i);
}

/* an attribute's bytes into its field, whose size they must have */
inline cublasStatus_t put(void *field, size_t fsize, const void *buf, size_t size)
{
	if (!buf || size != fsize)
		return CUBLAS_STATUS_INVALID_VALUE;
	memcpy(field, buf, size);
	return CUBLAS_STATUS_SUCCESS;
}
/* a field into buf; a size of 0 asks only for the size */
inline cublasStatus_t get(const void *field, size_t fsize, void *buf, size_t size, size_t *written)
{
	if (written)
		*written = fsize;
	if (size == 0 && written)
		return CUBLAS_STATUS_SUCCESS;
	if (!buf || size < fsize)
		return CUBLAS_STATUS_INVALID_VALUE;
	memcpy(buf, field, fsize);
	return CUBLAS_STATUS_SUCCESS;
}

/* the epilogues mapped: none, a bias, ReLU or GELU, and a bias then either;
 * the ones keeping an auxiliary output or computing gradients are not */
inline bool epilogue(unsigned e)
{
	return e == CUBLASLT_EPILOGUE_DEFAULT || e == CUBLASLT_EPILOGUE_RELU || e == CUBLASLT_EPILOGUE_BIAS ||
	       e == CUBLASLT_EPILOGUE_RELU_BIAS || e == CUBLASLT_EPILOGUE_GELU || e == CUBLASLT_EPILOGUE_GELU_BIAS;
}
inline bool hasbias(unsigned e) { return e == CUBLASLT_EPILOGUE_BIAS || e == CUBLASLT_EPILOGUE_RELU_BIAS || e == CUBLASLT_EPILOGUE_GELU_BIAS; }
/* GELU in its tanh form (PyTorch's approximate="tanh"); erf's differs from it by under
 * 5e-4, within what the test (72) allows */
inline double gelu(double x) { return 0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))); }
inline double act(unsigned e, double v)
{
	if (e == CUBLASLT_EPILOGUE_RELU || e == CUBLASLT_EPILOGUE_RELU_BIAS)
		return v > 0 ? v : 0;
	if (e == CUBLASLT_EPILOGUE_GELU || e == CUBLASLT_EPILOGUE_GELU_BIAS)
		return gelu(v);
	return v;
}
/* the bias's type: the attribute's, else D's (C's when D is an 8-bit float,
 * which cuBLASLt's bias never is) */
inline unsigned biastype(const cublasLtMatmulDescOpaque_t *d, unsigned ct, unsigned dt)
{
	return d->biasType >= 0 ? (unsigned)d->biasType : fp8(dt) ? ct : dt;
}

/* op(X)'s rows and columns */
inline long long oprows(int t, const cublasLtMatrixLayoutOpaque_t *l) { return t == CUBLAS_OP_N ? (long long)l->rows : (long long)l->cols; }
inline long long opcols(int t, const cublasLtMatrixLayoutOpaque_t *l) { return t == CUBLAS_OP_N ? (long long)l->cols : (long long)l->rows; }
inline bool batchok(const cublasLtMatrixLayoutOpaque_t *l, int count) { return l->batch == count || l->batch == 1; }
inline bool layoutok(const cublasLtMatrixLayoutOpaque_t *l)
{
	return known(l->type) && (l->order == CUBLASLT_ORDER_COL || l->order == CUBLASLT_ORDER_ROW) && l->batch >= 1 &&
	       l->ld >= (long long)(l->order == CUBLASLT_ORDER_COL ? l->rows : l->cols) && l->rows <= 0x7fffffff &&
	       l->cols <= 0x7fffffff;
}

/* what cublasLtMatmul maps (and the heuristic answers for) */
inline cublasStatus_t check(const cublasLtMatmulDescOpaque_t *d, const cublasLtMatrixLayoutOpaque_t *A,
                            const cublasLtMatrixLayoutOpaque_t *B, const cublasLtMatrixLayoutOpaque_t *C,
                            const cublasLtMatrixLayoutOpaque_t *D)
{
	if (!d || !A || !B || !C || !D)
		return CUBLAS_STATUS_INVALID_VALUE;
	if (!layoutok(A) || !layoutok(B) || !layoutok(C) || !layoutok(D) || !epilogue(d->epilogue) ||
	    d->transc != CUBLAS_OP_N || d->transa == CUBLAS_OP_C || d->transb == CUBLAS_OP_C ||
	    (d->pointerMode != CUBLASLT_POINTER_MODE_HOST && d->pointerMode != CUBLASLT_POINTER_MODE_DEVICE) ||
	    !cuflow_blas::known(d->scale))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	if (oprows(d->transa, A) != (long long)D->rows || opcols(d->transb, B) != (long long)D->cols ||
	    opcols(d->transa, A) != oprows(d->transb, B) || C->rows != D->rows || C->cols != D->cols ||
	    !batchok(A, D->batch) || !batchok(B, D->batch) || !batchok(C, D->batch))
		return CUBLAS_STATUS_INVALID_VALUE;
	return CUBLAS_STATUS_SUCCESS;
}

/* batch b of a layout, widened into a dense column-major W array */
template <class W> void widen(std::vector<W> &w, const void *p, const cublasLtMatrixLayoutOpaque_t *l, int b)
{
	long long r = (long long)l->rows, c = (long long)l->cols;
	b = l->batch == 1 ? 0 : b;
	w.resize((size_t)(r * c > 0 ? r * c : 1));
	for (long long j = 0; j < c; j++)
		for (long long i = 0; i < r; i++)
			w[(size_t)(j * r + i)] = (W)load(p, l->type, at(l, i, j, b));
}

inline float scalef(const void *p) { return p ? *(const float *)p : 1.0f; }

/* the matmul in W (float or double), batch by batch */
template <class W>
cublasStatus_t matmul(const cublasLtMatmulDescOpaque_t *d, double alpha, const void *A,
                      const cublasLtMatrixLayoutOpaque_t *Al, const void *B, const cublasLtMatrixLayoutOpaque_t *Bl,
                      double beta, const void *C, const cublasLtMatrixLayoutOpaque_t *Cl, void *D,
                      const cublasLtMatrixLayoutOpaque_t *Dl)
{
	int m = (int)Dl->rows, n = (int)Dl->cols, k = (int)opcols(d->transa, Al);
	double ab = alpha * scalef(d->scaleA) * scalef(d->scaleB), bc = beta * scalef(d->scaleC),
	       sd = scalef(d->scaleD), amax = 0;
	unsigned bt = biastype(d, Cl->type, Dl->type);
	std::vector<W> a, b, c((size_t)(m * n > 0 ? m * n : 1));
	for (int batch = 0; batch < Dl->batch; batch++) {
		widen(a, A, Al, batch);
		widen(b, B, Bl, batch);
		if (m > 0 && n > 0)
			cuflow_blas::gemm(cuflow_blas::op((cublasOperation_t)d->transa), cuflow_blas::op((cublasOperation_t)d->transb),
			                  m, n, k, (W)ab, a.data(), Al->rows > 0 ? (int)Al->rows : 1, b.data(),
			                  Bl->rows > 0 ? (int)Bl->rows : 1, (W)0, c.data(), m);
		int cb = Cl->batch == 1 ? 0 : batch;
		for (int j = 0; j < n; j++)
			for (int i = 0; i < m; i++) {
				double v = k > 0 ? (double)c[(size_t)j * m + i] : 0.0;
				if (bc != 0)
					v += bc * load(C, Cl->type, at(Cl, i, j, cb));
				if (hasbias(d->epilogue))
					v += load(d->bias, bt, batch * d->biasStride + i);
				v = act(d->epilogue, v);
				amax = fabs(v) > amax ? fabs(v) : amax;
				store(D, Dl->type, at(Dl, i, j, batch), v * sd);
			}
	}
	if (d->amaxD)
		*(float *)d->amaxD = (float)amax;
	return CUBLAS_STATUS_SUCCESS;
}

} // namespace cuflow_lt

inline cublasStatus_t cublasLtCreate(cublasLtHandle_t *handle)
{
	*handle = new cuflow_cublaslt{0};
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasLtDestroy(cublasLtHandle_t handle)
{
	cudaDeviceSynchronize();
	delete handle;
	return CUBLAS_STATUS_SUCCESS;
}
inline size_t cublasLtGetVersion(void) { return 120000; }
inline const char *cublasLtGetStatusName(cublasStatus_t s) { return cublasGetStatusName(s); }
inline const char *cublasLtGetStatusString(cublasStatus_t s) { return cublasGetStatusString(s); }

/* descriptors: the documented defaults (no transposes, the default
 * epilogue, host pointers, column order, one batch) */
inline cublasStatus_t cublasLtMatmulDescInit(cublasLtMatmulDesc_t d, cublasComputeType_t compute, cudaDataType_t scale)
{
	if (!d)
		return CUBLAS_STATUS_INVALID_VALUE;
	memset(d, 0, sizeof *d);
	d->compute = compute;
	d->scale = scale;
	d->epilogue = CUBLASLT_EPILOGUE_DEFAULT;
	d->biasType = -1;
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *d, cublasComputeType_t compute,
                                               cudaDataType_t scale)
{
	*d = new cublasLtMatmulDescOpaque_t;
	return cublasLtMatmulDescInit(*d, compute, scale);
}
inline cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t d)
{
	delete d;
	return CUBLAS_STATUS_SUCCESS;
}

/* an attribute's field and its size, or NULL for one not mapped */
inline void *cuflow_lt_descfield(cublasLtMatmulDesc_t d, cublasLtMatmulDescAttributes_t a, size_t *size)
{
#define CUFLOW_LT_FIELD(A, F) \
	case A: *size = sizeof d->F; return &d->F;
	switch (a) {
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_COMPUTE_TYPE, compute)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_SCALE_TYPE, scale)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_POINTER_MODE, pointerMode)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_TRANSA, transa)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_TRANSB, transb)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_TRANSC, transc)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_FILL_MODE, fillMode)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_EPILOGUE, epilogue)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_BIAS_POINTER, bias)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, biasStride)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, biasType)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, scaleA)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, scaleB)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_C_SCALE_POINTER, scaleC)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, scaleD)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_AMAX_D_POINTER, amaxD)
		CUFLOW_LT_FIELD(CUBLASLT_MATMUL_DESC_FAST_ACCUM, fastAccum)
	default: return NULL;
	}
#undef CUFLOW_LT_FIELD
}
inline cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t d, cublasLtMatmulDescAttributes_t a,
                                                     const void *buf, size_t size)
{
	size_t fs = 0;
	void *f = d ? cuflow_lt_descfield(d, a, &fs) : NULL;
	return f ? cuflow_lt::put(f, fs, buf, size) : CUBLAS_STATUS_INVALID_VALUE;
}
inline cublasStatus_t cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t d, cublasLtMatmulDescAttributes_t a,
                                                     void *buf, size_t size, size_t *written)
{
	size_t fs = 0;
	void *f = d ? cuflow_lt_descfield(d, a, &fs) : NULL;
	return f ? cuflow_lt::get(f, fs, buf, size, written) : CUBLAS_STATUS_INVALID_VALUE;
}

inline cublasStatus_t cublasLtMatrixLayoutInit(cublasLtMatrixLayout_t l, cudaDataType type, unsigned long long rows,
                                               unsigned long long cols, long long ld)
{
	if (!l)
		return CUBLAS_STATUS_INVALID_VALUE;
	*l = cublasLtMatrixLayoutOpaque_t{(unsigned)type, CUBLASLT_ORDER_COL, rows, cols, ld, 1, 0};
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *l, cudaDataType type, unsigned long long rows,
                                                 unsigned long long cols, long long ld)
{
	*l = new cublasLtMatrixLayoutOpaque_t;
	return cublasLtMatrixLayoutInit(*l, type, rows, cols, ld);
}
inline cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t l)
{
	delete l;
	return CUBLAS_STATUS_SUCCESS;
}
inline void *cuflow_lt_layoutfield(cublasLtMatrixLayout_t l, cublasLtMatrixLayoutAttribute_t a, size_t *size)
{
#define CUFLOW_LT_FIELD(A, F) \
	case A: *size = sizeof l->F; return &l->F;
	switch (a) {
		CUFLOW_LT_FIELD(CUBLASLT_MATRIX_LAYOUT_TYPE, type)
		CUFLOW_LT_FIELD(CUBLASLT_MATRIX_LAYOUT_ORDER, order)
		CUFLOW_LT_FIELD(CUBLASLT_MATRIX_LAYOUT_ROWS, rows)
		CUFLOW_LT_FIELD(CUBLASLT_MATRIX_LAYOUT_COLS, cols)
		CUFLOW_LT_FIELD(CUBLASLT_MATRIX_LAYOUT_LD, ld)
		CUFLOW_LT_FIELD(CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, batch)
		CUFLOW_LT_FIELD(CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, stride)
	default: return NULL;
	}
#undef CUFLOW_LT_FIELD
}
inline cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t l, cublasLtMatrixLayoutAttribute_t a,
                                                       const void *buf, size_t size)
{
	size_t fs = 0;
	void *f = l ? cuflow_lt_layoutfield(l, a, &fs) : NULL;
	return f ? cuflow_lt::put(f, fs, buf, size) : CUBLAS_STATUS_INVALID_VALUE;
}
inline cublasStatus_t cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t l, cublasLtMatrixLayoutAttribute_t a,
                                                       void *buf, size_t size, size_t *written)
{
	size_t fs = 0;
	void *f = l ? cuflow_lt_layoutfield(l, a, &fs) : NULL;
	return f ? cuflow_lt::get(f, fs, buf, size, written) : CUBLAS_STATUS_INVALID_VALUE;
}

inline cublasStatus_t cublasLtMatmulPreferenceInit(cublasLtMatmulPreference_t p)
{
	if (!p)
		return CUBLAS_STATUS_INVALID_VALUE;
	*p = cublasLtMatmulPreferenceOpaque_t{0, 0};
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *p)
{
	*p = new cublasLtMatmulPreferenceOpaque_t;
	return cublasLtMatmulPreferenceInit(*p);
}
inline cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t p)
{
	delete p;
	return CUBLAS_STATUS_SUCCESS;
}
/* the workspace's size and search mode are kept; the other hints (alignments,
 * waves, reduction schemes) choose among GPU kernels and are accepted */
inline cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t p,
                                                           cublasLtMatmulPreferenceAttributes_t a, const void *buf,
                                                           size_t size)
{
	if (!p || !buf)
		return CUBLAS_STATUS_INVALID_VALUE;
	if (a == CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES)
		return cuflow_lt::put(&p->maxWorkspace, sizeof p->maxWorkspace, buf, size);
	if (a == CUBLASLT_MATMUL_PREF_SEARCH_MODE)
		return cuflow_lt::put(&p->searchMode, sizeof p->searchMode, buf, size);
	return CUBLAS_STATUS_SUCCESS;
}

inline cublasStatus_t cublasLtMatmulAlgoGetHeuristic(cublasLtHandle_t h, cublasLtMatmulDesc_t d,
                                                     cublasLtMatrixLayout_t A, cublasLtMatrixLayout_t B,
                                                     cublasLtMatrixLayout_t C, cublasLtMatrixLayout_t D,
                                                     cublasLtMatmulPreference_t, int requested,
                                                     cublasLtMatmulHeuristicResult_t results[], int *returned)
{
	if (!h || requested < 1 || !results || !returned)
		return CUBLAS_STATUS_INVALID_VALUE;
	*returned = 0;
	cublasStatus_t s = cuflow_lt::check(d, A, B, C, D);
	if (s != CUBLAS_STATUS_SUCCESS)
		return s;
	memset(&results[0], 0, sizeof results[0]);
	results[0].state = CUBLAS_STATUS_SUCCESS;
	results[0].wavesCount = 1.0f;
	*returned = 1;
	return CUBLAS_STATUS_SUCCESS;
}

inline cublasStatus_t cublasLtMatmul(cublasLtHandle_t h, cublasLtMatmulDesc_t d, const void *alpha, const void *A,
                                     cublasLtMatrixLayout_t Al, const void *B, cublasLtMatrixLayout_t Bl,
                                     const void *beta, const void *C, cublasLtMatrixLayout_t Cl, void *D,
                                     cublasLtMatrixLayout_t Dl, const cublasLtMatmulAlgo_t *, void *, size_t,
                                     cudaStream_t)
{
	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	cublasStatus_t s = cuflow_lt::check(d, Al, Bl, Cl, Dl);
	if (s != CUBLAS_STATUS_SUCCESS)
		return s;
	cudaDeviceSynchronize(); /* after the device work before it, deferred launches included */
	double a = cuflow_blas::load(alpha, d->scale, 0), b = cuflow_blas::load(beta, d->scale, 0);
	cudaDataType w = cuflow_blas::scalartype(d->compute);
	if (w == CUDA_R_64F || w == CUDA_R_32I) /* exact for integers */
		return cuflow_lt::matmul<double>(d, a, A, Al, B, Bl, b, C, Cl, D, Dl);
	return cuflow_lt::matmul<float>(d, a, A, Al, B, Bl, b, C, Cl, D, Dl);
}

#endif
