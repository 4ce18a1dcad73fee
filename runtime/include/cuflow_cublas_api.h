/* cuflow_cublas_api.h: the part of cuBLAS's API (cublas_v2.h) that cuflow
 * lowers, written for cuflow from cuBLAS's documentation (not NVIDIA's
 * header). cuflow's parser reads it for <cublas_v2.h>; the runtime's
 * cublas_v2.h defines these functions on CBLAS (OpenBLAS). A call outside
 * this list is an undeclared name: the lowering refuses the program with it.
 * Matrices are column-major, as in cuBLAS. */
#ifndef CUFLOW_CUBLAS_API_H
#define CUFLOW_CUBLAS_API_H
#include <stdint.h>

#ifndef CUFLOW_BLASFN
#define CUFLOW_BLASFN /* the runtime makes them inline definitions */
#endif

struct __half;
typedef struct cuflow_cublas *cublasHandle_t;

typedef enum {
	CUBLAS_STATUS_SUCCESS = 0,
	CUBLAS_STATUS_NOT_INITIALIZED = 1,
	CUBLAS_STATUS_ALLOC_FAILED = 3,
	CUBLAS_STATUS_INVALID_VALUE = 7,
	CUBLAS_STATUS_ARCH_MISMATCH = 8,
	CUBLAS_STATUS_MAPPING_ERROR = 11,
	CUBLAS_STATUS_EXECUTION_FAILED = 13,
	CUBLAS_STATUS_INTERNAL_ERROR = 14,
	CUBLAS_STATUS_NOT_SUPPORTED = 15,
	CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;
typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2 } cublasOperation_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1, CUBLAS_FILL_MODE_FULL = 2 } cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum {
	CUBLAS_DEFAULT_MATH = 0,
	CUBLAS_TENSOR_OP_MATH = 1,
	CUBLAS_PEDANTIC_MATH = 2,
	CUBLAS_TF32_TENSOR_OP_MATH = 3,
	CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16
} cublasMath_t;
typedef enum {
	CUBLAS_COMPUTE_16F = 64,
	CUBLAS_COMPUTE_16F_PEDANTIC = 65,
	CUBLAS_COMPUTE_32F = 68,
	CUBLAS_COMPUTE_32F_PEDANTIC = 69,
	CUBLAS_COMPUTE_32F_FAST_16F = 74,
	CUBLAS_COMPUTE_32F_FAST_16BF = 75,
	CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
	CUBLAS_COMPUTE_64F = 70,
	CUBLAS_COMPUTE_64F_PEDANTIC = 71,
	CUBLAS_COMPUTE_32I = 72,
	CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;
typedef enum {
	CUBLAS_GEMM_DEFAULT = -1,
	CUBLAS_GEMM_ALGO0 = 0, CUBLAS_GEMM_ALGO1 = 1, CUBLAS_GEMM_ALGO2 = 2, CUBLAS_GEMM_ALGO3 = 3,
	CUBLAS_GEMM_ALGO4 = 4, CUBLAS_GEMM_ALGO5 = 5, CUBLAS_GEMM_ALGO6 = 6, CUBLAS_GEMM_ALGO7 = 7,
	CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99,
	CUBLAS_GEMM_DFALT_TENSOR_OP = 99
} cublasGemmAlgo_t;

/* the handle and its settings */
CUFLOW_BLASFN cublasStatus_t cublasCreate(cublasHandle_t *handle);
CUFLOW_BLASFN cublasStatus_t cublasDestroy(cublasHandle_t handle);
CUFLOW_BLASFN cublasStatus_t cublasGetVersion(cublasHandle_t handle, int *version);
CUFLOW_BLASFN cublasStatus_t cublasSetStream(cublasHandle_t handle, cudaStream_t stream);
CUFLOW_BLASFN cublasStatus_t cublasGetStream(cublasHandle_t handle, cudaStream_t *stream);
CUFLOW_BLASFN cublasStatus_t cublasSetPointerMode(cublasHandle_t handle, cublasPointerMode_t mode);
CUFLOW_BLASFN cublasStatus_t cublasGetPointerMode(cublasHandle_t handle, cublasPointerMode_t *mode);
CUFLOW_BLASFN cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
CUFLOW_BLASFN cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t *mode);
CUFLOW_BLASFN cublasStatus_t cublasSetWorkspace(cublasHandle_t handle, void *workspace, size_t bytes);
CUFLOW_BLASFN const char *cublasGetStatusString(cublasStatus_t status);
CUFLOW_BLASFN const char *cublasGetStatusName(cublasStatus_t status);

/* moving data: device memory is host memory on the CPU */
CUFLOW_BLASFN cublasStatus_t cublasSetVector(int n, int elemSize, const void *x, int incx, void *y, int incy);
CUFLOW_BLASFN cublasStatus_t cublasGetVector(int n, int elemSize, const void *x, int incx, void *y, int incy);
CUFLOW_BLASFN cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb);
CUFLOW_BLASFN cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb);
CUFLOW_BLASFN cublasStatus_t cublasSetVectorAsync(int n, int elemSize, const void *x, int incx, void *y, int incy,
                                                  cudaStream_t stream);
CUFLOW_BLASFN cublasStatus_t cublasGetVectorAsync(int n, int elemSize, const void *x, int incx, void *y, int incy,
                                                  cudaStream_t stream);
CUFLOW_BLASFN cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                                                  int ldb, cudaStream_t stream);
CUFLOW_BLASFN cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                                                  int ldb, cudaStream_t stream);

/* level 1, level 2 and level 3, single (S) and double (D) precision: X the prefix, L it in lower
 * case (cublasIsamax), T the element type */
#define CUFLOW_BLAS_REAL(X, L, T) \
	CUFLOW_BLASFN cublasStatus_t cublas##X##axpy(cublasHandle_t h, int n, const T *alpha, const T *x, int incx, T *y, \
	                                             int incy); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##copy(cublasHandle_t h, int n, const T *x, int incx, T *y, int incy); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##swap(cublasHandle_t h, int n, T *x, int incx, T *y, int incy); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##scal(cublasHandle_t h, int n, const T *alpha, T *x, int incx); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##dot(cublasHandle_t h, int n, const T *x, int incx, const T *y, int incy, \
	                                            T *result); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##nrm2(cublasHandle_t h, int n, const T *x, int incx, T *result); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##asum(cublasHandle_t h, int n, const T *x, int incx, T *result); \
	CUFLOW_BLASFN cublasStatus_t cublasI##L##amax(cublasHandle_t h, int n, const T *x, int incx, int *result); \
	CUFLOW_BLASFN cublasStatus_t cublasI##L##amin(cublasHandle_t h, int n, const T *x, int incx, int *result); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##gemv(cublasHandle_t h, cublasOperation_t trans, int m, int n, \
	                                             const T *alpha, const T *A, int lda, const T *x, int incx, \
	                                             const T *beta, T *y, int incy); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##geam(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, \
	                                             int m, int n, const T *alpha, const T *A, int lda, const T *beta, \
	                                             const T *B, int ldb, T *C, int ldc);
#define CUFLOW_BLAS_GEMM(X, T) \
	CUFLOW_BLASFN cublasStatus_t cublas##X##gemm(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, \
	                                             int m, int n, int k, const T *alpha, const T *A, int lda, \
	                                             const T *B, int ldb, const T *beta, T *C, int ldc); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##gemmBatched( \
	    cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k, const T *alpha, \
	    const T *const Aarray[], int lda, const T *const Barray[], int ldb, const T *beta, T *const Carray[], int ldc, \
	    int batchCount); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##gemmStridedBatched( \
	    cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k, const T *alpha, \
	    const T *A, int lda, long long strideA, const T *B, int ldb, long long strideB, const T *beta, T *C, int ldc, \
	    long long strideC, int batchCount);
CUFLOW_BLAS_REAL(S, s, float)
CUFLOW_BLAS_REAL(D, d, double)
CUFLOW_BLAS_GEMM(S, float)
CUFLOW_BLAS_GEMM(D, double)
CUFLOW_BLAS_GEMM(H, __half)
#undef CUFLOW_BLAS_REAL
#undef CUFLOW_BLAS_GEMM

/* mixed precision: the types in cudaDataType, computed in float (or double for 64F) */
CUFLOW_BLASFN cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m,
                                          int n, int k, const void *alpha, const void *A, cudaDataType Atype, int lda,
                                          const void *B, cudaDataType Btype, int ldb, const void *beta, void *C,
                                          cudaDataType Ctype, int ldc, cublasComputeType_t computeType,
                                          cublasGemmAlgo_t algo);
CUFLOW_BLASFN cublasStatus_t cublasGemmStridedBatchedEx(
    cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k, const void *alpha,
    const void *A, cudaDataType Atype, int lda, long long strideA, const void *B, cudaDataType Btype, int ldb,
    long long strideB, const void *beta, void *C, cudaDataType Ctype, int ldc, long long strideC, int batchCount,
    cublasComputeType_t computeType, cublasGemmAlgo_t algo);
#ifdef __cplusplus
/* Before CUDA 11 the compute type was a cudaDataType (CUDA_R_32F); cuBLAS's
 * C++ header still takes one, mapped as its documented migration does. */
inline cublasComputeType_t
cuflow_computetype(cudaDataType t)
{
	return t == CUDA_R_16F ? CUBLAS_COMPUTE_16F
	       : t == CUDA_R_64F || t == CUDA_C_64F ? CUBLAS_COMPUTE_64F
	       : t == CUDA_R_32I ? CUBLAS_COMPUTE_32I
	                          : CUBLAS_COMPUTE_32F;
}
inline cublasStatus_t
cublasGemmEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
             const void *alpha, const void *A, cudaDataType Atype, int lda, const void *B, cudaDataType Btype, int ldb,
             const void *beta, void *C, cudaDataType Ctype, int ldc, cudaDataType computeType, cublasGemmAlgo_t algo)
{
	return cublasGemmEx(h, transa, transb, m, n, k, alpha, A, Atype, lda, B, Btype, ldb, beta, C, Ctype, ldc,
	                    cuflow_computetype(computeType), algo);
}
inline cublasStatus_t
cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
                           const void *alpha, const void *A, cudaDataType Atype, int lda, long long strideA,
                           const void *B, cudaDataType Btype, int ldb, long long strideB, const void *beta, void *C,
                           cudaDataType Ctype, int ldc, long long strideC, int batchCount, cudaDataType computeType,
                           cublasGemmAlgo_t algo)
{
	return cublasGemmStridedBatchedEx(h, transa, transb, m, n, k, alpha, A, Atype, lda, strideA, B, Btype, ldb,
	                                  strideB, beta, C, Ctype, ldc, strideC, batchCount,
	                                  cuflow_computetype(computeType), algo);
}
#endif
CUFLOW_BLASFN cublasStatus_t cublasDotEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
                                         const void *y, cudaDataType yType, int incy, void *result,
                                         cudaDataType resultType, cudaDataType executionType);

/* complex single and double precision (C, Z), and the 64-bit-size forms
 * (_64) of the calls HeCBench uses them in: amax (the largest |re| + |im|,
 * as BLAS measures it), dgmm (C = A diag(x) or diag(x) A) and gemm */
#define CUFLOW_BLAS_COMPLEX(X, L, T) \
	CUFLOW_BLASFN cublasStatus_t cublasI##L##amax(cublasHandle_t h, int n, const T *x, int incx, int *result); \
	CUFLOW_BLASFN cublasStatus_t cublasI##L##amax_64(cublasHandle_t h, int64_t n, const T *x, int64_t incx, \
	                                                 int64_t *result); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##dgmm(cublasHandle_t h, cublasSideMode_t mode, int m, int n, const T *A, \
	                                             int lda, const T *x, int incx, T *C, int ldc); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##dgmm_64(cublasHandle_t h, cublasSideMode_t mode, int64_t m, int64_t n, \
	                                                const T *A, int64_t lda, const T *x, int64_t incx, T *C, \
	                                                int64_t ldc); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##gemm(cublasHandle_t h, cublasOperation_t transa, \
	                                             cublasOperation_t transb, int m, int n, int k, const T *alpha, \
	                                             const T *A, int lda, const T *B, int ldb, const T *beta, T *C, \
	                                             int ldc); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##gemm_64(cublasHandle_t h, cublasOperation_t transa, \
	                                                cublasOperation_t transb, int64_t m, int64_t n, int64_t k, \
	                                                const T *alpha, const T *A, int64_t lda, const T *B, int64_t ldb, \
	                                                const T *beta, T *C, int64_t ldc);
CUFLOW_BLAS_COMPLEX(C, c, cuComplex)
CUFLOW_BLAS_COMPLEX(Z, z, cuDoubleComplex)
#undef CUFLOW_BLAS_COMPLEX
CUFLOW_BLASFN cublasStatus_t cublasSnrm2_64(cublasHandle_t h, int64_t n, const float *x, int64_t incx, float *result);
CUFLOW_BLASFN cublasStatus_t cublasDnrm2_64(cublasHandle_t h, int64_t n, const double *x, int64_t incx,
                                            double *result);

/* the batched LAPACK-like calls, per matrix on LAPACK (absent when cuflow
 * was configured without it: then they are undeclared names). getrf's
 * pivots are LAPACK's (from 1), n a matrix in PivotArray; a NULL PivotArray
 * asks for none; gels takes m >= n and CUBLAS_OP_N only, as cuBLAS's does */
#ifndef CUFLOW_LOWER_NO_LAPACK
#define CUFLOW_BLAS_LAPACK(X, T) \
	CUFLOW_BLASFN cublasStatus_t cublas##X##getrfBatched(cublasHandle_t h, int n, T *const Aarray[], int lda, \
	                                                     int *PivotArray, int *infoArray, int batchSize); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##getrsBatched(cublasHandle_t h, cublasOperation_t trans, int n, int nrhs, \
	                                                     const T *const Aarray[], int lda, const int *devIpiv, \
	                                                     T *const Barray[], int ldb, int *info, int batchSize); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##getriBatched(cublasHandle_t h, int n, const T *const Aarray[], int lda, \
	                                                     const int *PivotArray, T *const Carray[], int ldc, \
	                                                     int *infoArray, int batchSize); \
	CUFLOW_BLASFN cublasStatus_t cublas##X##gelsBatched(cublasHandle_t h, cublasOperation_t trans, int m, int n, \
	                                                    int nrhs, T *const Aarray[], int lda, T *const Carray[], \
	                                                    int ldc, int *info, int *devInfoArray, int batchSize);
CUFLOW_BLAS_LAPACK(S, float)
CUFLOW_BLAS_LAPACK(D, double)
CUFLOW_BLAS_LAPACK(C, cuComplex)
CUFLOW_BLAS_LAPACK(Z, cuDoubleComplex)
#undef CUFLOW_BLAS_LAPACK
#endif

#endif
