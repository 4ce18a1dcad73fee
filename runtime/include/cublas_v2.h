/* cublas_v2.h for programs lowered by cuflow: cuBLAS on CBLAS (OpenBLAS),
 * found by configure; without it the lowering refuses programs that
 * include this header. Device memory is host memory on the CPU, so every
 * pointer, in either pointer mode, is read and written in place. A call
 * first waits for all device work (deferred launches included): cuBLAS
 * runs after the work enqueued before it on its stream, and running it
 * after everything before it is one of the orders the GPU allows. Half,
 * bfloat16 and integer operands are widened to float (double for 64F and
 * 32I computation), multiplied by CBLAS, and rounded back: the GPU's
 * tensor cores differ from that in the last bits. */
#ifndef CUFLOW_CUBLAS_V2_H
#define CUFLOW_CUBLAS_V2_H
#include <cblas.h>
#include <string.h>
#include <vector>

#include "cuda_runtime.h"
#include "cuComplex.h" /* cuBLAS's header includes it */
#include "cuflow_lapack.h"
#include "cuda_fp16.h"
#include "cuda_bf16.h"

#define CUFLOW_BLASFN inline
#include "cuflow_cublas_api.h"

struct cuflow_cublas {
	cudaStream_t stream;
	cublasPointerMode_t pmode;
	cublasMath_t math;
};

namespace cuflow_blas {

inline cublasStatus_t start(cublasHandle_t h)
{
	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	cudaDeviceSynchronize();
	return CUBLAS_STATUS_SUCCESS;
}

inline CBLAS_TRANSPOSE op(cublasOperation_t t)
{
	return t == CUBLAS_OP_N ? CblasNoTrans : t == CUBLAS_OP_T ? CblasTrans : CblasConjTrans;
}

/* element i of a vector with stride inc, as BLAS counts a negative one */
inline long long at(int n, int i, int inc)
{
	return inc >= 0 ? (long long)i * inc : (long long)(n - 1 - i) * -inc;
}

/* the BLAS routines by element type */
inline void axpy(int n, float a, const float *x, int ix, float *y, int iy) { cblas_saxpy(n, a, x, ix, y, iy); }
inline void axpy(int n, double a, const double *x, int ix, double *y, int iy) { cblas_daxpy(n, a, x, ix, y, iy); }
inline void copy(int n, const float *x, int ix, float *y, int iy) { cblas_scopy(n, x, ix, y, iy); }
inline void copy(int n, const double *x, int ix, double *y, int iy) { cblas_dcopy(n, x, ix, y, iy); }
inline void swap(int n, float *x, int ix, float *y, int iy) { cblas_sswap(n, x, ix, y, iy); }
inline void swap(int n, double *x, int ix, double *y, int iy) { cblas_dswap(n, x, ix, y, iy); }
inline void scal(int n, float a, float *x, int ix) { cblas_sscal(n, a, x, ix); }
inline void scal(int n, double a, double *x, int ix) { cblas_dscal(n, a, x, ix); }
inline float dot(int n, const float *x, int ix, const float *y, int iy) { return cblas_sdot(n, x, ix, y, iy); }
inline double dot(int n, const double *x, int ix, const double *y, int iy) { return cblas_ddot(n, x, ix, y, iy); }
inline float nrm2(int n, const float *x, int ix) { return cblas_snrm2(n, x, ix); }
inline double nrm2(int n, const double *x, int ix) { return cblas_dnrm2(n, x, ix); }
inline float asum(int n, const float *x, int ix) { return cblas_sasum(n, x, ix); }
inline double asum(int n, const double *x, int ix) { return cblas_dasum(n, x, ix); }
inline void gemv(CBLAS_TRANSPOSE t, int m, int n, float a, const float *A, int lda, const float *x, int ix, float b,
                 float *y, int iy)
{
	cblas_sgemv(CblasColMajor, t, m, n, a, A, lda, x, ix, b, y, iy);
}
inline void gemv(CBLAS_TRANSPOSE t, int m, int n, double a, const double *A, int lda, const double *x, int ix,
                 double b, double *y, int iy)
{
	cblas_dgemv(CblasColMajor, t, m, n, a, A, lda, x, ix, b, y, iy);
}
inline void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k, float a, const float *A, int lda,
                 const float *B, int ldb, float b, float *C, int ldc)
{
	cblas_sgemm(CblasColMajor, ta, tb, m, n, k, a, A, lda, B, ldb, b, C, ldc);
}
inline void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k, double a, const double *A, int lda,
                 const double *B, int ldb, double b, double *C, int ldc)
{
	cblas_dgemm(CblasColMajor, ta, tb, m, n, k, a, A, lda, B, ldb, b, C, ldc);
}

/* the index (from 1, as cuBLAS counts) of the first element of largest
 * (or smallest) magnitude; 0 for an empty vector */
template <class T> int extreme(int n, const T *x, int inc, bool largest)
{
	if (n <= 0 || inc <= 0)
		return 0;
	int best = 0;
	for (int i = 1; i < n; i++) {
		T a = x[(long long)i * inc] < 0 ? -x[(long long)i * inc] : x[(long long)i * inc];
		T b = x[(long long)best * inc] < 0 ? -x[(long long)best * inc] : x[(long long)best * inc];
		if (largest ? a > b : a < b)
			best = i;
	}
	return best + 1;
}

/* an element of any type cudaDataType names, widened to double and back */
inline bool known(cudaDataType t)
{
	return t == CUDA_R_16F || t == CUDA_R_16BF || t == CUDA_R_32F || t == CUDA_R_64F || t == CUDA_R_8I ||
	       t == CUDA_R_32I;
}
inline double load(const void *p, cudaDataType t, long long i)
{
	switch (t) {
	case CUDA_R_16F: return (float)((const __half *)p)[i];
	case CUDA_R_16BF: return (float)((const __nv_bfloat16 *)p)[i];
	case CUDA_R_32F: return ((const float *)p)[i];
	case CUDA_R_64F: return ((const double *)p)[i];
	case CUDA_R_8I: return ((const signed char *)p)[i];
	case CUDA_R_32I: return ((const int *)p)[i];
	default: return 0;
	}
}
inline void store(void *p, cudaDataType t, long long i, double v)
{
	switch (t) {
	case CUDA_R_16F: ((__half *)p)[i] = __half((float)v); break;
	case CUDA_R_16BF: ((__nv_bfloat16 *)p)[i] = __nv_bfloat16((float)v); break;
	case CUDA_R_32F: ((float *)p)[i] = (float)v; break;
	case CUDA_R_64F: ((double *)p)[i] = v; break;
	case CUDA_R_8I: ((signed char *)p)[i] = (signed char)(v < -128 ? -128 : v > 127 ? 127 : v); break;
	case CUDA_R_32I: ((int *)p)[i] = (int)v; break;
	default: break;
	}
}
/* the scalar type a computation type takes alpha and beta in */
inline cudaDataType scalartype(cublasComputeType_t c)
{
	switch (c) {
	case CUBLAS_COMPUTE_16F:
	case CUBLAS_COMPUTE_16F_PEDANTIC: return CUDA_R_16F;
	case CUBLAS_COMPUTE_64F:
	case CUBLAS_COMPUTE_64F_PEDANTIC: return CUDA_R_64F;
	case CUBLAS_COMPUTE_32I:
	case CUBLAS_COMPUTE_32I_PEDANTIC: return CUDA_R_32I;
	default: return CUDA_R_32F;
	}
}

/* rows x cols of a column-major matrix with leading dimension ld, widened
 * into W (leading dimension ld too); back into p with narrow */
template <class W> void widen(std::vector<W> &w, const void *p, cudaDataType t, int rows, int cols, int ld)
{
	w.assign((size_t)ld * (cols > 0 ? cols : 0), W(0));
	for (int j = 0; j < cols; j++)
		for (int i = 0; i < rows; i++)
			w[(size_t)j * ld + i] = (W)load(p, t, (long long)j * ld + i);
}
template <class W> void narrow(const std::vector<W> &w, void *p, cudaDataType t, int rows, int cols, int ld)
{
	for (int j = 0; j < cols; j++)
		for (int i = 0; i < rows; i++)
			store(p, t, (long long)j * ld + i, w[(size_t)j * ld + i]);
}

/* C = alpha op(A) op(B) + beta C in W, for operands of any known type */
template <class W>
void gemmany(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, W alpha, const void *A,
             cudaDataType at, int lda, const void *B, cudaDataType bt, int ldb, W beta, void *C, cudaDataType ct,
             int ldc)
{
	std::vector<W> a, b, c;
	widen(a, A, at, ta == CUBLAS_OP_N ? m : k, ta == CUBLAS_OP_N ? k : m, lda);
	widen(b, B, bt, tb == CUBLAS_OP_N ? k : n, tb == CUBLAS_OP_N ? n : k, ldb);
	if (beta != W(0))
		widen(c, C, ct, m, n, ldc);
	else
		c.assign((size_t)ldc * n, W(0));
	gemm(op(ta), op(tb), m, n, k, alpha, a.data(), lda, b.data(), ldb, beta, c.data(), ldc);
	narrow(c, C, ct, m, n, ldc);
}

template <class W>
cublasStatus_t gemmex(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const void *alpha,
                      const void *A, cudaDataType at, int lda, const void *B, cudaDataType bt, int ldb,
                      const void *beta, void *C, cudaDataType ct, int ldc, cublasComputeType_t comp)
{
	cudaDataType st = scalartype(comp);
	gemmany<W>(ta, tb, m, n, k, (W)load(alpha, st, 0), A, at, lda, B, bt, ldb, (W)load(beta, st, 0), C, ct, ldc);
	return CUBLAS_STATUS_SUCCESS;
}

/* a gemm of float or double, or of __half through float */
template <class T>
void gemmt(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const T *alpha, const T *A, int lda,
           const T *B, int ldb, const T *beta, T *C, int ldc)
{
	gemm(op(ta), op(tb), m, n, k, *alpha, A, lda, B, ldb, *beta, C, ldc);
}
template <>
inline void gemmt<__half>(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const __half *alpha,
                          const __half *A, int lda, const __half *B, int ldb, const __half *beta, __half *C, int ldc)
{
	gemmany<float>(ta, tb, m, n, k, (float)*alpha, A, CUDA_R_16F, lda, B, CUDA_R_16F, ldb, (float)*beta, C,
	               CUDA_R_16F, ldc);
}

} // namespace cuflow_blas

inline cublasStatus_t cublasCreate(cublasHandle_t *handle)
{
	*handle = new cuflow_cublas{0, CUBLAS_POINTER_MODE_HOST, CUBLAS_DEFAULT_MATH};
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasDestroy(cublasHandle_t handle)
{
	cudaDeviceSynchronize();
	delete handle;
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasGetVersion(cublasHandle_t, int *version)
{
	*version = 120000;
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasSetStream(cublasHandle_t h, cudaStream_t stream)
{
	h->stream = stream;
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasGetStream(cublasHandle_t h, cudaStream_t *stream)
{
	*stream = h->stream;
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasSetPointerMode(cublasHandle_t h, cublasPointerMode_t mode)
{
	h->pmode = mode;
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasGetPointerMode(cublasHandle_t h, cublasPointerMode_t *mode)
{
	*mode = h->pmode;
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasSetMathMode(cublasHandle_t h, cublasMath_t mode)
{
	h->math = mode;
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasGetMathMode(cublasHandle_t h, cublasMath_t *mode)
{
	*mode = h->math;
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasSetWorkspace(cublasHandle_t, void *, size_t) { return CUBLAS_STATUS_SUCCESS; }
inline const char *cublasGetStatusName(cublasStatus_t s)
{
	switch (s) {
	case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
	case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
	case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
	case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
	case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
	case CUBLAS_STATUS_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
	case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
	case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
	case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
	case CUBLAS_STATUS_LICENSE_ERROR: return "CUBLAS_STATUS_LICENSE_ERROR";
	}
	return "CUBLAS_STATUS_UNKNOWN";
}
inline const char *cublasGetStatusString(cublasStatus_t s)
{
	return s == CUBLAS_STATUS_SUCCESS ? "success" : cublasGetStatusName(s);
}

/* vectors and matrices between host and device: strided copies in memory */
inline cublasStatus_t cublasSetVector(int n, int es, const void *x, int incx, void *y, int incy)
{
	if (n < 0 || es <= 0 || incx == 0 || incy == 0)
		return CUBLAS_STATUS_INVALID_VALUE;
	cudaDeviceSynchronize();
	for (int i = 0; i < n; i++)
		memmove((char *)y + cuflow_blas::at(n, i, incy) * es, (const char *)x + cuflow_blas::at(n, i, incx) * es,
		        (size_t)es);
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasGetVector(int n, int es, const void *x, int incx, void *y, int incy)
{
	return cublasSetVector(n, es, x, incx, y, incy);
}
inline cublasStatus_t cublasSetMatrix(int rows, int cols, int es, const void *A, int lda, void *B, int ldb)
{
	if (rows < 0 || cols < 0 || es <= 0 || lda < rows || ldb < rows || lda <= 0 || ldb <= 0)
		return CUBLAS_STATUS_INVALID_VALUE;
	cudaDeviceSynchronize();
	for (int j = 0; j < cols; j++)
		memmove((char *)B + (size_t)j * ldb * es, (const char *)A + (size_t)j * lda * es, (size_t)rows * es);
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasGetMatrix(int rows, int cols, int es, const void *A, int lda, void *B, int ldb)
{
	return cublasSetMatrix(rows, cols, es, A, lda, B, ldb);
}
inline cublasStatus_t cublasSetVectorAsync(int n, int es, const void *x, int incx, void *y, int incy, cudaStream_t)
{
	return cublasSetVector(n, es, x, incx, y, incy);
}
inline cublasStatus_t cublasGetVectorAsync(int n, int es, const void *x, int incx, void *y, int incy, cudaStream_t)
{
	return cublasSetVector(n, es, x, incx, y, incy);
}
inline cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int es, const void *A, int lda, void *B, int ldb,
                                           cudaStream_t)
{
	return cublasSetMatrix(rows, cols, es, A, lda, B, ldb);
}
inline cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int es, const void *A, int lda, void *B, int ldb,
                                           cudaStream_t)
{
	return cublasSetMatrix(rows, cols, es, A, lda, B, ldb);
}

#define CUFLOW_BLAS_START(h) \
	if (cuflow_blas::start(h) != CUBLAS_STATUS_SUCCESS) \
		return CUBLAS_STATUS_NOT_INITIALIZED;
#define CUFLOW_BLAS_REAL(X, L, T) \
	inline cublasStatus_t cublas##X##axpy(cublasHandle_t h, int n, const T *alpha, const T *x, int incx, T *y, \
	                                      int incy) \
	{ \
		CUFLOW_BLAS_START(h) \
		cuflow_blas::axpy(n, *alpha, x, incx, y, incy); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublas##X##copy(cublasHandle_t h, int n, const T *x, int incx, T *y, int incy) \
	{ \
		CUFLOW_BLAS_START(h) \
		cuflow_blas::copy(n, x, incx, y, incy); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublas##X##swap(cublasHandle_t h, int n, T *x, int incx, T *y, int incy) \
	{ \
		CUFLOW_BLAS_START(h) \
		cuflow_blas::swap(n, x, incx, y, incy); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublas##X##scal(cublasHandle_t h, int n, const T *alpha, T *x, int incx) \
	{ \
		CUFLOW_BLAS_START(h) \
		cuflow_blas::scal(n, *alpha, x, incx); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublas##X##dot(cublasHandle_t h, int n, const T *x, int incx, const T *y, int incy, \
	                                     T *result) \
	{ \
		CUFLOW_BLAS_START(h) \
		*result = cuflow_blas::dot(n, x, incx, y, incy); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublas##X##nrm2(cublasHandle_t h, int n, const T *x, int incx, T *result) \
	{ \
		CUFLOW_BLAS_START(h) \
		*result = cuflow_blas::nrm2(n, x, incx); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublas##X##asum(cublasHandle_t h, int n, const T *x, int incx, T *result) \
	{ \
		CUFLOW_BLAS_START(h) \
		*result = cuflow_blas::asum(n, x, incx); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublasI##L##amax(cublasHandle_t h, int n, const T *x, int incx, int *result) \
	{ \
		CUFLOW_BLAS_START(h) \
		*result = cuflow_blas::extreme(n, x, incx, true); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublasI##L##amin(cublasHandle_t h, int n, const T *x, int incx, int *result) \
	{ \
		CUFLOW_BLAS_START(h) \
		*result = cuflow_blas::extreme(n, x, incx, false); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublas##X##gemv(cublasHandle_t h, cublasOperation_t trans, int m, int n, const T *alpha, \
	                                      const T *A, int lda, const T *x, int incx, const T *beta, T *y, int incy) \
	{ \
		CUFLOW_BLAS_START(h) \
		cuflow_blas::gemv(cuflow_blas::op(trans), m, n, *alpha, A, lda, x, incx, *beta, y, incy); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	/* C = alpha op(A) + beta op(B): A is not read when alpha is 0, B when beta is (the transpose idiom passes \
	   NULL); C may be A or B */ \
	inline cublasStatus_t cublas##X##geam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, \
	                                      int n, const T *alpha, const T *A, int lda, const T *beta, const T *B, \
	                                      int ldb, T *C, int ldc) \
	{ \
		CUFLOW_BLAS_START(h) \
		T a = *alpha, b = *beta; \
		for (int j = 0; j < n; j++) \
			for (int i = 0; i < m; i++) { \
				T v = T(0); \
				if (a != T(0)) \
					v += a * (ta == CUBLAS_OP_N ? A[(size_t)j * lda + i] : A[(size_t)i * lda + j]); \
				if (b != T(0)) \
					v += b * (tb == CUBLAS_OP_N ? B[(size_t)j * ldb + i] : B[(size_t)i * ldb + j]); \
				C[(size_t)j * ldc + i] = v; \
			} \
		return CUBLAS_STATUS_SUCCESS; \
	}
#define CUFLOW_BLAS_GEMM(X, T) \
	inline cublasStatus_t cublas##X##gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, \
	                                      int n, int k, const T *alpha, const T *A, int lda, const T *B, int ldb, \
	                                      const T *beta, T *C, int ldc) \
	{ \
		CUFLOW_BLAS_START(h) \
		cuflow_blas::gemmt(ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublas##X##gemmBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, \
	                                             int m, int n, int k, const T *alpha, const T *const A[], int lda, \
	                                             const T *const B[], int ldb, const T *beta, T *const C[], int ldc, \
	                                             int count) \
	{ \
		CUFLOW_BLAS_START(h) \
		for (int i = 0; i < count; i++) \
			cuflow_blas::gemmt(ta, tb, m, n, k, alpha, A[i], lda, B[i], ldb, beta, C[i], ldc); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublas##X##gemmStridedBatched( \
	    cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const T *alpha, \
	    const T *A, int lda, long long sa, const T *B, int ldb, long long sb, const T *beta, T *C, int ldc, \
	    long long sc, int count) \
	{ \
		CUFLOW_BLAS_START(h) \
		for (int i = 0; i < count; i++) \
			cuflow_blas::gemmt(ta, tb, m, n, k, alpha, A + i * sa, lda, B + i * sb, ldb, beta, C + i * sc, ldc); \
		return CUBLAS_STATUS_SUCCESS; \
	}
CUFLOW_BLAS_REAL(S, s, float)
CUFLOW_BLAS_REAL(D, d, double)
CUFLOW_BLAS_GEMM(S, float)
CUFLOW_BLAS_GEMM(D, double)
CUFLOW_BLAS_GEMM(H, __half)
#undef CUFLOW_BLAS_REAL
#undef CUFLOW_BLAS_GEMM

inline cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                                   const void *alpha, const void *A, cudaDataType at, int lda, const void *B,
                                   cudaDataType bt, int ldb, const void *beta, void *C, cudaDataType ct, int ldc,
                                   cublasComputeType_t comp, cublasGemmAlgo_t)
{
	CUFLOW_BLAS_START(h)
	if (!cuflow_blas::known(at) || !cuflow_blas::known(bt) || !cuflow_blas::known(ct))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	cudaDataType st = cuflow_blas::scalartype(comp);
	if (st == CUDA_R_64F || st == CUDA_R_32I) /* exact for integers */
		return cuflow_blas::gemmex<double>(ta, tb, m, n, k, alpha, A, at, lda, B, bt, ldb, beta, C, ct, ldc, comp);
	return cuflow_blas::gemmex<float>(ta, tb, m, n, k, alpha, A, at, lda, B, bt, ldb, beta, C, ct, ldc, comp);
}
inline size_t cuflow_blas_elsize(cudaDataType t)
{
	return t == CUDA_R_16F || t == CUDA_R_16BF ? 2 : t == CUDA_R_64F ? 8 : t == CUDA_R_8I ? 1 : 4;
}
inline cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                                                 int n, int k, const void *alpha, const void *A, cudaDataType at,
                                                 int lda, long long sa, const void *B, cudaDataType bt, int ldb,
                                                 long long sb, const void *beta, void *C, cudaDataType ct, int ldc,
                                                 long long sc, int count, cublasComputeType_t comp,
                                                 cublasGemmAlgo_t algo)
{
	for (int i = 0; i < count; i++) {
		cublasStatus_t s = cublasGemmEx(h, ta, tb, m, n, k, alpha, (const char *)A + i * sa * cuflow_blas_elsize(at),
		                                at, lda, (const char *)B + i * sb * cuflow_blas_elsize(bt), bt, ldb, beta,
		                                (char *)C + i * sc * cuflow_blas_elsize(ct), ct, ldc, comp, algo);
		if (s != CUBLAS_STATUS_SUCCESS)
			return s;
	}
	return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasDotEx(cublasHandle_t h, int n, const void *x, cudaDataType xt, int incx, const void *y,
                                  cudaDataType yt, int incy, void *result, cudaDataType rt, cudaDataType et)
{
	CUFLOW_BLAS_START(h)
	if (!cuflow_blas::known(xt) || !cuflow_blas::known(yt) || !cuflow_blas::known(rt))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	double sum = 0; /* in double: nearer the GPU's tree of partial sums than a float running sum */
	for (int i = 0; i < n; i++)
		sum += cuflow_blas::load(x, xt, cuflow_blas::at(n, i, incx)) *
		       cuflow_blas::load(y, yt, cuflow_blas::at(n, i, incy));
	cuflow_blas::store(result, rt, 0, et == CUDA_R_64F ? sum : (float)sum);
	return CUBLAS_STATUS_SUCCESS;
}

/* complex amax, dgmm and gemm, and the _64 forms: sizes past int's range
 * are refused (CBLAS's are int) */
inline bool cuflow_blas_fits(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }
#define CUFLOW_BLAS_COMPLEX(X, L, T, R) \
	inline cublasStatus_t cublasI##L##amax(cublasHandle_t h, int n, const T *x, int incx, int *result) \
	{ \
		CUFLOW_BLAS_START(h) \
		int best = 0; \
		R top = -1; \
		for (int i = 0; incx > 0 && i < n; i++) { \
			const T &v = x[(size_t)i * incx]; \
			R a = (v.x < 0 ? -v.x : v.x) + (v.y < 0 ? -v.y : v.y); \
			if (a > top) \
				top = a, best = i + 1; \
		} \
		*result = best; \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublasI##L##amax_64(cublasHandle_t h, int64_t n, const T *x, int64_t incx, \
	                                          int64_t *result) \
	{ \
		if (!cuflow_blas_fits(n) || !cuflow_blas_fits(incx)) \
			return CUBLAS_STATUS_NOT_SUPPORTED; \
		int r = 0; \
		cublasStatus_t s = cublasI##L##amax(h, (int)n, x, (int)incx, &r); \
		*result = r; \
		return s; \
	} \
	inline cublasStatus_t cublas##X##dgmm(cublasHandle_t h, cublasSideMode_t mode, int m, int n, const T *A, int lda, \
	                                      const T *x, int incx, T *C, int ldc) \
	{ \
		CUFLOW_BLAS_START(h) \
		int len = mode == CUBLAS_SIDE_LEFT ? m : n; \
		for (int j = 0; j < n; j++) \
			for (int i = 0; i < m; i++) { \
				T a = A[(size_t)j * lda + i], d = x[cuflow_blas::at(len, mode == CUBLAS_SIDE_LEFT ? i : j, incx)]; \
				T c = {a.x * d.x - a.y * d.y, a.x * d.y + a.y * d.x}; \
				C[(size_t)j * ldc + i] = c; \
			} \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublas##X##dgmm_64(cublasHandle_t h, cublasSideMode_t mode, int64_t m, int64_t n, \
	                                         const T *A, int64_t lda, const T *x, int64_t incx, T *C, int64_t ldc) \
	{ \
		if (!cuflow_blas_fits(m) || !cuflow_blas_fits(n) || !cuflow_blas_fits(lda) || !cuflow_blas_fits(incx) || \
		    !cuflow_blas_fits(ldc)) \
			return CUBLAS_STATUS_NOT_SUPPORTED; \
		return cublas##X##dgmm(h, mode, (int)m, (int)n, A, (int)lda, x, (int)incx, C, (int)ldc); \
	} \
	inline cublasStatus_t cublas##X##gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, \
	                                      int n, int k, const T *alpha, const T *A, int lda, const T *B, int ldb, \
	                                      const T *beta, T *C, int ldc) \
	{ \
		CUFLOW_BLAS_START(h) \
		cblas_##L##gemm(CblasColMajor, cuflow_blas::op(ta), cuflow_blas::op(tb), m, n, k, alpha, A, lda, B, ldb, \
		                beta, C, ldc); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublas##X##gemm_64(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int64_t m, \
	                                         int64_t n, int64_t k, const T *alpha, const T *A, int64_t lda, \
	                                         const T *B, int64_t ldb, const T *beta, T *C, int64_t ldc) \
	{ \
		if (!cuflow_blas_fits(m) || !cuflow_blas_fits(n) || !cuflow_blas_fits(k) || !cuflow_blas_fits(lda) || \
		    !cuflow_blas_fits(ldb) || !cuflow_blas_fits(ldc)) \
			return CUBLAS_STATUS_NOT_SUPPORTED; \
		return cublas##X##gemm(h, ta, tb, (int)m, (int)n, (int)k, alpha, A, (int)lda, B, (int)ldb, beta, C, \
		                       (int)ldc); \
	}
CUFLOW_BLAS_COMPLEX(C, c, cuComplex, float)
CUFLOW_BLAS_COMPLEX(Z, z, cuDoubleComplex, double)
#undef CUFLOW_BLAS_COMPLEX
inline cublasStatus_t cublasSnrm2_64(cublasHandle_t h, int64_t n, const float *x, int64_t incx, float *result)
{
	if (!cuflow_blas_fits(n) || !cuflow_blas_fits(incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasSnrm2(h, (int)n, x, (int)incx, result);
}
inline cublasStatus_t cublasDnrm2_64(cublasHandle_t h, int64_t n, const double *x, int64_t incx, double *result)
{
	if (!cuflow_blas_fits(n) || !cuflow_blas_fits(incx))
		return CUBLAS_STATUS_NOT_SUPPORTED;
	return cublasDnrm2(h, (int)n, x, (int)incx, result);
}

/* the batched LAPACK-like calls: LAPACK on each matrix in turn */
#define CUFLOW_BLAS_LAPACK(X, T) \
	inline cublasStatus_t cublas##X##getrfBatched(cublasHandle_t h, int n, T *const A[], int lda, int *P, \
	                                              int *info, int count) \
	{ \
		CUFLOW_BLAS_START(h) \
		if (n < 0 || lda < (n > 1 ? n : 1) || count < 0) \
			return CUBLAS_STATUS_INVALID_VALUE; \
		for (int i = 0; i < count; i++) \
			if (P) \
				cuflow_lapack::getrf(n, n, A[i], lda, P + (size_t)i * n, info + i); \
			else \
				cuflow_lapack::lunopivot(n, n, A[i], lda, info + i); \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	/* info is the host's: the arguments' check, 0 or -i for the i-th */ \
	inline cublasStatus_t cublas##X##getrsBatched(cublasHandle_t h, cublasOperation_t t, int n, int nrhs, \
	                                              const T *const A[], int lda, const int *P, T *const B[], int ldb, \
	                                              int *info, int count) \
	{ \
		CUFLOW_BLAS_START(h) \
		*info = n < 0 ? -2 : nrhs < 0 ? -3 : lda < (n > 1 ? n : 1) ? -5 : ldb < (n > 1 ? n : 1) ? -8 : count < 0 ? -10 : 0; \
		if (*info) \
			return CUBLAS_STATUS_INVALID_VALUE; \
		std::vector<int> id((size_t)(n > 0 ? n : 1)); /* a factor without pivots swapped no row */ \
		for (int i = 0; i < n; i++) \
			id[(size_t)i] = i + 1; \
		char tc = t == CUBLAS_OP_N ? 'N' : t == CUBLAS_OP_T ? 'T' : 'C'; \
		for (int i = 0; i < count; i++) { \
			int e; \
			cuflow_lapack::getrs(tc, n, nrhs, A[i], lda, P ? P + (size_t)i * n : id.data(), B[i], ldb, &e); \
		} \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	/* C = inverse of A from its factors: the identity solved for */ \
	inline cublasStatus_t cublas##X##getriBatched(cublasHandle_t h, int n, const T *const A[], int lda, \
	                                              const int *P, T *const C[], int ldc, int *info, int count) \
	{ \
		CUFLOW_BLAS_START(h) \
		if (n < 0 || lda < (n > 1 ? n : 1) || ldc < (n > 1 ? n : 1) || count < 0) \
			return CUBLAS_STATUS_INVALID_VALUE; \
		std::vector<int> id((size_t)(n > 0 ? n : 1)); \
		for (int i = 0; i < n; i++) \
			id[(size_t)i] = i + 1; \
		for (int i = 0; i < count; i++) { \
			info[i] = 0; \
			for (int c = 0; c < n; c++) \
				for (int r = 0; r < n; r++) \
					cuflow_lapack::set(C[i][(size_t)c * ldc + r], r == c); \
			for (int d = 0; d < n && !info[i]; d++) /* a zero pivot: singular, C the identity */ \
				if (cuflow_lapack::iszero(A[i][(size_t)d * lda + d])) \
					info[i] = d + 1; \
			if (!info[i]) { \
				int e; \
				cuflow_lapack::getrs('N', n, n, A[i], lda, P ? P + (size_t)i * n : id.data(), C[i], ldc, &e); \
			} \
		} \
		return CUBLAS_STATUS_SUCCESS; \
	} \
	inline cublasStatus_t cublas##X##gelsBatched(cublasHandle_t h, cublasOperation_t t, int m, int n, int nrhs, \
	                                             T *const A[], int lda, T *const C[], int ldc, int *info, \
	                                             int *devInfo, int count) \
	{ \
		CUFLOW_BLAS_START(h) \
		*info = t != CUBLAS_OP_N ? -1 : m < n ? -2 : n < 0 ? -3 : nrhs < 0 ? -4 : lda < (m > 1 ? m : 1) ? -6 \
		        : ldc < (m > 1 ? m : 1) ? -8 : count < 0 ? -11 : 0; \
		if (*info) \
			return CUBLAS_STATUS_INVALID_VALUE; \
		for (int i = 0; i < count; i++) { \
			int e; \
			cuflow_lapack::gels('N', m, n, nrhs, A[i], lda, C[i], ldc, &e); \
			if (devInfo) \
				devInfo[i] = e; \
		} \
		return CUBLAS_STATUS_SUCCESS; \
	}
CUFLOW_BLAS_LAPACK(S, float)
CUFLOW_BLAS_LAPACK(D, double)
CUFLOW_BLAS_LAPACK(C, cuComplex)
CUFLOW_BLAS_LAPACK(Z, cuDoubleComplex)
#undef CUFLOW_BLAS_LAPACK
#undef CUFLOW_BLAS_START

#endif
