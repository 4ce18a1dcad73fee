/* cusolverDn.h for programs lowered by cuflow: cuSOLVER's dense routines on
 * LAPACK (OpenBLAS's, found by configure; without it the lowering refuses
 * programs that include this header). Device memory is host memory on the
 * CPU, so a call factors the program's matrix in place and writes devInfo
 * as LAPACK's info (the same meaning in cuSOLVER: -i for a bad i-th
 * argument, i for a zero pivot or a non-positive minor). A call first
 * waits for all device work (deferred launches included), as cuBLAS's do.
 * Workspaces asked for are one element: LAPACK's is allocated here, so a
 * program's work and rwork arrays are not written. LAPACK's algorithms are
 * not cuSOLVER's: results agree to rounding, and an SVD's singular vectors
 * may differ in sign (or phase) as any SVD's may. */
#ifndef CUFLOW_CUSOLVERDN_H
#define CUFLOW_CUSOLVERDN_H
#include <vector>

#include "cublas_v2.h" /* and cuflow_lapack.h */

#define CUFLOW_SOLVERFN inline
#include "cuflow_cusolver_api.h"

namespace cuflow_lapack {
inline char uplo(cublasFillMode_t u) { return u == CUBLAS_FILL_MODE_UPPER ? 'U' : 'L'; }
inline char trans(cublasOperation_t t) { return t == CUBLAS_OP_N ? 'N' : t == CUBLAS_OP_T ? 'T' : 'C'; }
} // namespace cuflow_lapack

struct cuflow_cusolverdn {
	cudaStream_t stream;
};


inline cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle)
{
	*handle = new cuflow_cusolverdn{0};
	return CUSOLVER_STATUS_SUCCESS;
}
inline cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle)
{
	cudaDeviceSynchronize();
	delete handle;
	return CUSOLVER_STATUS_SUCCESS;
}
inline cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t h, cudaStream_t stream)
{
	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	h->stream = stream;
	return CUSOLVER_STATUS_SUCCESS;
}
inline cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t h, cudaStream_t *stream)
{
	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	*stream = h->stream;
	return CUSOLVER_STATUS_SUCCESS;
}

/* a call's common start: a handle, sizes cuSOLVER accepts, the device's work done */
#define CUFLOW_SOLVER_START(h, ok) \
	if (!(h)) \
		return CUSOLVER_STATUS_NOT_INITIALIZED; \
	if (!(ok)) \
		return CUSOLVER_STATUS_INVALID_VALUE; \
	cudaDeviceSynchronize();
#define CUFLOW_SOLVER_TYPED(X, T, R) \
	inline cusolverStatus_t cusolverDn##X##potrf_bufferSize(cusolverDnHandle_t h, cublasFillMode_t, int n, T *, \
	                                                        int lda, int *Lwork) \
	{ \
		CUFLOW_SOLVER_START(h, n >= 0 && lda >= (n > 1 ? n : 1)) \
		*Lwork = 1; \
		return CUSOLVER_STATUS_SUCCESS; \
	} \
	inline cusolverStatus_t cusolverDn##X##potrf(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *A, int lda, \
	                                             T *, int, int *devInfo) \
	{ \
		CUFLOW_SOLVER_START(h, n >= 0 && lda >= (n > 1 ? n : 1)) \
		cuflow_lapack::potrf(cuflow_lapack::uplo(uplo), n, A, lda, devInfo); \
		return CUSOLVER_STATUS_SUCCESS; \
	} \
	inline cusolverStatus_t cusolverDn##X##potrs(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, int nrhs, \
	                                             const T *A, int lda, T *B, int ldb, int *devInfo) \
	{ \
		CUFLOW_SOLVER_START(h, n >= 0 && nrhs >= 0 && lda >= (n > 1 ? n : 1) && ldb >= (n > 1 ? n : 1)) \
		cuflow_lapack::potrs(cuflow_lapack::uplo(uplo), n, nrhs, A, lda, B, ldb, devInfo); \
		return CUSOLVER_STATUS_SUCCESS; \
	} \
	inline cusolverStatus_t cusolverDn##X##getrf_bufferSize(cusolverDnHandle_t h, int m, int n, T *, int lda, \
	                                                        int *Lwork) \
	{ \
		CUFLOW_SOLVER_START(h, m >= 0 && n >= 0 && lda >= (m > 1 ? m : 1)) \
		*Lwork = 1; \
		return CUSOLVER_STATUS_SUCCESS; \
	} \
	inline cusolverStatus_t cusolverDn##X##getrf(cusolverDnHandle_t h, int m, int n, T *A, int lda, T *, \
	                                             int *devIpiv, int *devInfo) \
	{ \
		CUFLOW_SOLVER_START(h, m >= 0 && n >= 0 && lda >= (m > 1 ? m : 1)) \
		if (devIpiv) \
			cuflow_lapack::getrf(m, n, A, lda, devIpiv, devInfo); \
		else \
			cuflow_lapack::lunopivot(m, n, A, lda, devInfo); \
		return CUSOLVER_STATUS_SUCCESS; \
	} \
	inline cusolverStatus_t cusolverDn##X##getrs(cusolverDnHandle_t h, cublasOperation_t trans, int n, int nrhs, \
	                                             const T *A, int lda, const int *devIpiv, T *B, int ldb, \
	                                             int *devInfo) \
	{ \
		CUFLOW_SOLVER_START(h, n >= 0 && nrhs >= 0 && lda >= (n > 1 ? n : 1) && ldb >= (n > 1 ? n : 1)) \
		if (!devIpiv) { /* factored without pivoting: no row is swapped */ \
			std::vector<int> id((size_t)(n > 0 ? n : 1)); \
			for (int i = 0; i < n; i++) \
				id[(size_t)i] = i + 1; \
			cuflow_lapack::getrs(cuflow_lapack::trans(trans), n, nrhs, A, lda, id.data(), B, ldb, devInfo); \
		} else \
			cuflow_lapack::getrs(cuflow_lapack::trans(trans), n, nrhs, A, lda, devIpiv, B, ldb, devInfo); \
		return CUSOLVER_STATUS_SUCCESS; \
	} \
	inline cusolverStatus_t cusolverDn##X##gesvd_bufferSize(cusolverDnHandle_t h, int m, int n, int *Lwork) \
	{ \
		CUFLOW_SOLVER_START(h, m >= n && n >= 0) \
		*Lwork = 1; \
		return CUSOLVER_STATUS_SUCCESS; \
	} \
	/* cuSOLVER's gesvd takes m >= n only */ \
	inline cusolverStatus_t cusolverDn##X##gesvd(cusolverDnHandle_t h, signed char jobu, signed char jobvt, int m, \
	                                             int n, T *A, int lda, R *S, T *U, int ldu, T *VT, int ldvt, T *, \
	                                             int, R *, int *devInfo) \
	{ \
		CUFLOW_SOLVER_START(h, m >= n && n >= 0 && lda >= (m > 1 ? m : 1)) \
		cuflow_lapack::gesvd((char)jobu, (char)jobvt, m, n, A, lda, S, U, ldu > 0 ? ldu : 1, VT, \
		                     ldvt > 0 ? ldvt : 1, devInfo); \
		return CUSOLVER_STATUS_SUCCESS; \
	}
CUFLOW_SOLVER_TYPED(S, float, float)
CUFLOW_SOLVER_TYPED(D, double, double)
CUFLOW_SOLVER_TYPED(C, cuComplex, float)
CUFLOW_SOLVER_TYPED(Z, cuDoubleComplex, double)
#undef CUFLOW_SOLVER_TYPED
#undef CUFLOW_SOLVER_START

#endif
