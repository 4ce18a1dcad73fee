/* cuflow_cusolver_api.h: the part of cuSOLVER's dense API (cusolverDn.h)
 * that cuflow lowers, written for cuflow from the cuSOLVER documentation
 * (not NVIDIA's header). cuflow's parser reads it for <cusolverDn.h>; the
 * runtime's cusolverDn.h defines these functions on LAPACK (OpenBLAS's).
 * A call outside this list is an undeclared name: the lowering refuses the
 * program with it. Matrices are column-major; the fill modes and
 * operations are cuBLAS's (cuflow_cublas_api.h, included first), the
 * complex types cuComplex.h's. */
#ifndef CUFLOW_CUSOLVER_API_H
#define CUFLOW_CUSOLVER_API_H

#ifndef CUFLOW_SOLVERFN
#define CUFLOW_SOLVERFN /* the runtime makes them inline definitions */
#endif

typedef struct cuflow_cusolverdn *cusolverDnHandle_t;

typedef enum {
	CUSOLVER_STATUS_SUCCESS = 0,
	CUSOLVER_STATUS_NOT_INITIALIZED = 1,
	CUSOLVER_STATUS_ALLOC_FAILED = 2,
	CUSOLVER_STATUS_INVALID_VALUE = 3,
	CUSOLVER_STATUS_ARCH_MISMATCH = 4,
	CUSOLVER_STATUS_MAPPING_ERROR = 5,
	CUSOLVER_STATUS_EXECUTION_FAILED = 6,
	CUSOLVER_STATUS_INTERNAL_ERROR = 7,
	CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
	CUSOLVER_STATUS_NOT_SUPPORTED = 9
} cusolverStatus_t;

CUFLOW_SOLVERFN cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle);
CUFLOW_SOLVERFN cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle);
CUFLOW_SOLVERFN cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t stream);
CUFLOW_SOLVERFN cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t *stream);

/* Cholesky (potrf, potrs), LU with partial pivoting (getrf: a NULL pivot
 * array asks for none; getrs) and the SVD (gesvd, m >= n), per type: X the
 * prefix, T the element type, R its real type. A workspace asked for is
 * one element: LAPACK's is the runtime's own. */
#define CUFLOW_SOLVER_TYPED(X, T, R) \
	CUFLOW_SOLVERFN cusolverStatus_t cusolverDn##X##potrf_bufferSize(cusolverDnHandle_t h, cublasFillMode_t uplo, \
	                                                                 int n, T *A, int lda, int *Lwork); \
	CUFLOW_SOLVERFN cusolverStatus_t cusolverDn##X##potrf(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *A, \
	                                                      int lda, T *workspace, int Lwork, int *devInfo); \
	CUFLOW_SOLVERFN cusolverStatus_t cusolverDn##X##potrs(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, \
	                                                      int nrhs, const T *A, int lda, T *B, int ldb, \
	                                                      int *devInfo); \
	CUFLOW_SOLVERFN cusolverStatus_t cusolverDn##X##getrf_bufferSize(cusolverDnHandle_t h, int m, int n, T *A, \
	                                                                 int lda, int *Lwork); \
	CUFLOW_SOLVERFN cusolverStatus_t cusolverDn##X##getrf(cusolverDnHandle_t h, int m, int n, T *A, int lda, \
	                                                      T *workspace, int *devIpiv, int *devInfo); \
	CUFLOW_SOLVERFN cusolverStatus_t cusolverDn##X##getrs(cusolverDnHandle_t h, cublasOperation_t trans, int n, \
	                                                      int nrhs, const T *A, int lda, const int *devIpiv, T *B, \
	                                                      int ldb, int *devInfo); \
	CUFLOW_SOLVERFN cusolverStatus_t cusolverDn##X##gesvd_bufferSize(cusolverDnHandle_t h, int m, int n, \
	                                                                 int *Lwork); \
	CUFLOW_SOLVERFN cusolverStatus_t cusolverDn##X##gesvd(cusolverDnHandle_t h, signed char jobu, \
	                                                      signed char jobvt, int m, int n, T *A, int lda, R *S, \
	                                                      T *U, int ldu, T *VT, int ldvt, T *work, int lwork, \
	                                                      R *rwork, int *devInfo);
CUFLOW_SOLVER_TYPED(S, float, float)
CUFLOW_SOLVER_TYPED(D, double, double)
CUFLOW_SOLVER_TYPED(C, cuComplex, float)
CUFLOW_SOLVER_TYPED(Z, cuDoubleComplex, double)
#undef CUFLOW_SOLVER_TYPED

#endif
