/* cuflow_cusparse_api.h: the part of cuSPARSE's API (cusparse.h) that cuflow
 * lowers, written for cuflow from cuSPARSE's documentation (not NVIDIA's
 * header): the generic API's descriptors and operations (SpMV, SpMM,
 * SpGEMM, SDDMM, SpSV, SpSM, the conversions, the sparse vector calls) and
 * the legacy calls real programs still use (matrix descriptors, nnz,
 * csrsort, csr2csc). cuflow's parser reads it for <cusparse.h>; the
 * runtime's cusparse.h defines these functions on the host. A call outside
 * this list is an undeclared name: the lowering refuses the program with it. */
#ifndef CUFLOW_CUSPARSE_API_H
#define CUFLOW_CUSPARSE_API_H

#include <stdint.h>
#include <stddef.h>

#ifndef CUFLOW_SPARSEFN
#define CUFLOW_SPARSEFN /* the runtime makes them inline definitions */
#endif

typedef struct cuflow_cusparse *cusparseHandle_t;
typedef struct cuflow_spmat *cusparseSpMatDescr_t;
typedef const struct cuflow_spmat *cusparseConstSpMatDescr_t;
typedef struct cuflow_dnmat *cusparseDnMatDescr_t;
typedef const struct cuflow_dnmat *cusparseConstDnMatDescr_t;
typedef struct cuflow_dnvec *cusparseDnVecDescr_t;
typedef const struct cuflow_dnvec *cusparseConstDnVecDescr_t;
typedef struct cuflow_spvec *cusparseSpVecDescr_t;
typedef const struct cuflow_spvec *cusparseConstSpVecDescr_t;
typedef struct cuflow_spgemm *cusparseSpGEMMDescr_t;
typedef struct cuflow_spsolve *cusparseSpSVDescr_t;
typedef struct cuflow_spsolve *cusparseSpSMDescr_t;
typedef struct cuflow_matdescr *cusparseMatDescr_t;

typedef enum {
	CUSPARSE_STATUS_SUCCESS = 0,
	CUSPARSE_STATUS_NOT_INITIALIZED = 1,
	CUSPARSE_STATUS_ALLOC_FAILED = 2,
	CUSPARSE_STATUS_INVALID_VALUE = 3,
	CUSPARSE_STATUS_ARCH_MISMATCH = 4,
	CUSPARSE_STATUS_MAPPING_ERROR = 5,
	CUSPARSE_STATUS_EXECUTION_FAILED = 6,
	CUSPARSE_STATUS_INTERNAL_ERROR = 7,
	CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
	CUSPARSE_STATUS_ZERO_PIVOT = 9,
	CUSPARSE_STATUS_NOT_SUPPORTED = 10,
	CUSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11
} cusparseStatus_t;
typedef enum { CUSPARSE_POINTER_MODE_HOST = 0, CUSPARSE_POINTER_MODE_DEVICE = 1 } cusparsePointerMode_t;
typedef enum { CUSPARSE_INDEX_BASE_ZERO = 0, CUSPARSE_INDEX_BASE_ONE = 1 } cusparseIndexBase_t;
typedef enum {
	CUSPARSE_OPERATION_NON_TRANSPOSE = 0,
	CUSPARSE_OPERATION_TRANSPOSE = 1,
	CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2
} cusparseOperation_t;
typedef enum { CUSPARSE_INDEX_16U = 1, CUSPARSE_INDEX_32I = 2, CUSPARSE_INDEX_64I = 3 } cusparseIndexType_t;
typedef enum {
	CUSPARSE_FORMAT_CSR = 1, CUSPARSE_FORMAT_CSC = 2, CUSPARSE_FORMAT_COO = 3,
	CUSPARSE_FORMAT_BLOCKED_ELL = 5, CUSPARSE_FORMAT_BSR = 6, CUSPARSE_FORMAT_SLICED_ELLPACK = 7
} cusparseFormat_t;
typedef enum { CUSPARSE_ORDER_COL = 1, CUSPARSE_ORDER_ROW = 2 } cusparseOrder_t;
typedef enum {
	CUSPARSE_MATRIX_TYPE_GENERAL = 0, CUSPARSE_MATRIX_TYPE_SYMMETRIC = 1,
	CUSPARSE_MATRIX_TYPE_HERMITIAN = 2, CUSPARSE_MATRIX_TYPE_TRIANGULAR = 3
} cusparseMatrixType_t;
typedef enum { CUSPARSE_FILL_MODE_LOWER = 0, CUSPARSE_FILL_MODE_UPPER = 1 } cusparseFillMode_t;
typedef enum { CUSPARSE_DIAG_TYPE_NON_UNIT = 0, CUSPARSE_DIAG_TYPE_UNIT = 1 } cusparseDiagType_t;
typedef enum { CUSPARSE_DIRECTION_ROW = 0, CUSPARSE_DIRECTION_COLUMN = 1 } cusparseDirection_t;
typedef enum { CUSPARSE_ACTION_SYMBOLIC = 0, CUSPARSE_ACTION_NUMERIC = 1 } cusparseAction_t;
typedef enum { CUSPARSE_SPMAT_FILL_MODE = 0, CUSPARSE_SPMAT_DIAG_TYPE = 1 } cusparseSpMatAttribute_t;
/* the algorithms choose nothing on the CPU: one host loop serves each */
typedef enum {
	CUSPARSE_SPMV_ALG_DEFAULT = 0, CUSPARSE_SPMV_COO_ALG1 = 1, CUSPARSE_SPMV_CSR_ALG1 = 2,
	CUSPARSE_SPMV_CSR_ALG2 = 3, CUSPARSE_SPMV_COO_ALG2 = 4, CUSPARSE_SPMV_SELL_ALG1 = 5
} cusparseSpMVAlg_t;
typedef enum {
	CUSPARSE_SPMM_ALG_DEFAULT = 0, CUSPARSE_SPMM_COO_ALG1 = 1, CUSPARSE_SPMM_COO_ALG2 = 2,
	CUSPARSE_SPMM_COO_ALG3 = 3, CUSPARSE_SPMM_CSR_ALG1 = 4, CUSPARSE_SPMM_COO_ALG4 = 5,
	CUSPARSE_SPMM_CSR_ALG2 = 6, CUSPARSE_SPMM_CSR_ALG3 = 12, CUSPARSE_SPMM_BLOCKED_ELL_ALG1 = 13
} cusparseSpMMAlg_t;
typedef enum {
	CUSPARSE_SPGEMM_DEFAULT = 0, CUSPARSE_SPGEMM_CSR_ALG_DETERMINITIC = 1,
	CUSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC = 2, CUSPARSE_SPGEMM_ALG1 = 3,
	CUSPARSE_SPGEMM_ALG2 = 4, CUSPARSE_SPGEMM_ALG3 = 5
} cusparseSpGEMMAlg_t;
typedef enum { CUSPARSE_SDDMM_ALG_DEFAULT = 0 } cusparseSDDMMAlg_t;
typedef enum { CUSPARSE_SPARSETODENSE_ALG_DEFAULT = 0 } cusparseSparseToDenseAlg_t;
typedef enum { CUSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0 } cusparseDenseToSparseAlg_t;
typedef enum { CUSPARSE_SPSV_ALG_DEFAULT = 0 } cusparseSpSVAlg_t;
typedef enum { CUSPARSE_SPSM_ALG_DEFAULT = 0 } cusparseSpSMAlg_t;
typedef enum {
	CUSPARSE_CSR2CSC_ALG_DEFAULT = 1, CUSPARSE_CSR2CSC_ALG1 = 1, CUSPARSE_CSR2CSC_ALG2 = 2
} cusparseCsr2CscAlg_t;

/* the handle */
CUFLOW_SPARSEFN cusparseStatus_t cusparseCreate(cusparseHandle_t *handle);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDestroy(cusparseHandle_t handle);
CUFLOW_SPARSEFN cusparseStatus_t cusparseGetVersion(cusparseHandle_t handle, int *version);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t stream);
CUFLOW_SPARSEFN cusparseStatus_t cusparseGetStream(cusparseHandle_t handle, cudaStream_t *stream);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode);
CUFLOW_SPARSEFN cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t *mode);
CUFLOW_SPARSEFN const char *cusparseGetErrorString(cusparseStatus_t status);
CUFLOW_SPARSEFN const char *cusparseGetErrorName(cusparseStatus_t status);

/* the generic API's descriptors */
CUFLOW_SPARSEFN cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
	int64_t nnz, void *csrRowOffsets, void *csrColInd, void *csrValues, cusparseIndexType_t csrRowOffsetsType,
	cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase, cudaDataType valueType);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
	int64_t nnz, void *cscColOffsets, void *cscRowInd, void *cscValues, cusparseIndexType_t cscColOffsetsType,
	cusparseIndexType_t cscRowIndType, cusparseIndexBase_t idxBase, cudaDataType valueType);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
	int64_t nnz, void *cooRowInd, void *cooColInd, void *cooValues, cusparseIndexType_t cooIdxType,
	cusparseIndexBase_t idxBase, cudaDataType valueType);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t spMatDescr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
	int64_t *cols, int64_t *nnz);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t spMatDescr, cusparseFormat_t *format);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t spMatDescr,
	cusparseIndexBase_t *idxBase);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t spMatDescr, void **values);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t spMatDescr, void *values);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t spMatDescr,
	cusparseSpMatAttribute_t attribute, void *data, size_t dataSize);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t spMatDescr,
	cusparseSpMatAttribute_t attribute, void *data, size_t dataSize);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
	int64_t *nnz, void **csrRowOffsets, void **csrColInd, void **csrValues, cusparseIndexType_t *csrRowOffsetsType,
	cusparseIndexType_t *csrColIndType, cusparseIndexBase_t *idxBase, cudaDataType *valueType);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t spMatDescr, void *csrRowOffsets,
	void *csrColInd, void *csrValues);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCscSetPointers(cusparseSpMatDescr_t spMatDescr, void *cscColOffsets,
	void *cscRowInd, void *cscValues);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t spMatDescr, void *cooRows,
	void *cooColumns, void *cooValues);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCsrSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount,
	int64_t offsetsBatchStride, int64_t columnsValuesBatchStride);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCooSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount,
	int64_t batchStride);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *dnMatDescr, int64_t rows, int64_t cols,
	int64_t ld, void *values, cudaDataType valueType, cusparseOrder_t order);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t dnMatDescr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDnMatGet(cusparseDnMatDescr_t dnMatDescr, int64_t *rows, int64_t *cols,
	int64_t *ld, void **values, cudaDataType *type, cusparseOrder_t *order);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t dnMatDescr, void **values);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t dnMatDescr, void *values);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDnMatSetStridedBatch(cusparseDnMatDescr_t dnMatDescr, int batchCount,
	int64_t batchStride);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *dnVecDescr, int64_t size, void *values,
	cudaDataType valueType);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t dnVecDescr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t dnVecDescr, void **values);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t dnVecDescr, void *values);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *spVecDescr, int64_t size, int64_t nnz,
	void *indices, void *values, cusparseIndexType_t idxType, cusparseIndexBase_t idxBase, cudaDataType valueType);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t spVecDescr);

/* the generic API's operations; a buffer size asked for is a few bytes,
 * so the program's buffer is never NULL where NULL asks for the size */
CUFLOW_SPARSEFN cusparseStatus_t cusparseAxpby(cusparseHandle_t handle, const void *alpha,
	cusparseConstSpVecDescr_t vecX, const void *beta, cusparseDnVecDescr_t vecY);
CUFLOW_SPARSEFN cusparseStatus_t cusparseGather(cusparseHandle_t handle, cusparseConstDnVecDescr_t vecY,
	cusparseSpVecDescr_t vecX);
CUFLOW_SPARSEFN cusparseStatus_t cusparseScatter(cusparseHandle_t handle, cusparseConstSpVecDescr_t vecX,
	cusparseDnVecDescr_t vecY);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
	const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX, const void *beta,
	cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpMVAlg_t alg, size_t *bufferSize);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
	cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX, const void *beta, cusparseDnVecDescr_t vecY,
	cudaDataType computeType, cusparseSpMVAlg_t alg, void *externalBuffer);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
	const void *beta, cusparseDnMatDescr_t matC, cudaDataType computeType, cusparseSpMMAlg_t alg,
	size_t *bufferSize);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
	const void *beta, cusparseDnMatDescr_t matC, cudaDataType computeType, cusparseSpMMAlg_t alg,
	void *externalBuffer);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
	const void *beta, cusparseDnMatDescr_t matC, cudaDataType computeType, cusparseSpMMAlg_t alg,
	void *externalBuffer);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *descr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t descr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpGEMM_workEstimation(cusparseHandle_t handle, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB,
	const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType, cusparseSpGEMMAlg_t alg,
	cusparseSpGEMMDescr_t spgemmDescr, size_t *bufferSize1, void *externalBuffer1);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpGEMM_compute(cusparseHandle_t handle, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB,
	const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType, cusparseSpGEMMAlg_t alg,
	cusparseSpGEMMDescr_t spgemmDescr, size_t *bufferSize2, void *externalBuffer2);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpGEMM_copy(cusparseHandle_t handle, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB,
	const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType, cusparseSpGEMMAlg_t alg,
	cusparseSpGEMMDescr_t spgemmDescr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSDDMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *alpha, cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
	const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType, cusparseSDDMMAlg_t alg,
	size_t *bufferSize);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSDDMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *alpha, cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
	const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType, cusparseSDDMMAlg_t alg,
	void *externalBuffer);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSDDMM(cusparseHandle_t handle, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *alpha, cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
	const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType, cusparseSDDMMAlg_t alg,
	void *externalBuffer);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSparseToDense_bufferSize(cusparseHandle_t handle,
	cusparseConstSpMatDescr_t matA, cusparseDnMatDescr_t matB, cusparseSparseToDenseAlg_t alg, size_t *bufferSize);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSparseToDense(cusparseHandle_t handle, cusparseConstSpMatDescr_t matA,
	cusparseDnMatDescr_t matB, cusparseSparseToDenseAlg_t alg, void *externalBuffer);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDenseToSparse_bufferSize(cusparseHandle_t handle,
	cusparseConstDnMatDescr_t matA, cusparseSpMatDescr_t matB, cusparseDenseToSparseAlg_t alg, size_t *bufferSize);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDenseToSparse_analysis(cusparseHandle_t handle,
	cusparseConstDnMatDescr_t matA, cusparseSpMatDescr_t matB, cusparseDenseToSparseAlg_t alg, void *externalBuffer);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDenseToSparse_convert(cusparseHandle_t handle,
	cusparseConstDnMatDescr_t matA, cusparseSpMatDescr_t matB, cusparseDenseToSparseAlg_t alg, void *externalBuffer);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t *descr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t descr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpSV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
	const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
	cudaDataType computeType, cusparseSpSVAlg_t alg, cusparseSpSVDescr_t spsvDescr, size_t *bufferSize);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpSV_analysis(cusparseHandle_t handle, cusparseOperation_t opA,
	const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
	cudaDataType computeType, cusparseSpSVAlg_t alg, cusparseSpSVDescr_t spsvDescr, void *externalBuffer);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpSV_solve(cusparseHandle_t handle, cusparseOperation_t opA,
	const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX, cusparseDnVecDescr_t vecY,
	cudaDataType computeType, cusparseSpSVAlg_t alg, cusparseSpSVDescr_t spsvDescr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpSM_createDescr(cusparseSpSMDescr_t *descr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpSM_destroyDescr(cusparseSpSMDescr_t descr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpSM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
	cusparseDnMatDescr_t matC, cudaDataType computeType, cusparseSpSMAlg_t alg, cusparseSpSMDescr_t spsmDescr,
	size_t *bufferSize);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpSM_analysis(cusparseHandle_t handle, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
	cusparseDnMatDescr_t matC, cudaDataType computeType, cusparseSpSMAlg_t alg, cusparseSpSMDescr_t spsmDescr,
	void *externalBuffer);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSpSM_solve(cusparseHandle_t handle, cusparseOperation_t opA,
	cusparseOperation_t opB, const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
	cusparseDnMatDescr_t matC, cudaDataType computeType, cusparseSpSMAlg_t alg, cusparseSpSMDescr_t spsmDescr);

/* the legacy API still in use */
CUFLOW_SPARSEFN cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *descrA);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t descrA);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t descrA, cusparseMatrixType_t type);
CUFLOW_SPARSEFN cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t descrA);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t descrA, cusparseIndexBase_t base);
CUFLOW_SPARSEFN cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t descrA);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t descrA, cusparseFillMode_t fillMode);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t descrA, cusparseDiagType_t diagType);
CUFLOW_SPARSEFN cusparseStatus_t cusparseSnnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,
	const cusparseMatDescr_t descrA, const float *A, int lda, int *nnzPerRowCol, int *nnzTotalDevHostPtr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseDnnz(cusparseHandle_t handle, cusparseDirection_t dirA, int m, int n,
	const cusparseMatDescr_t descrA, const double *A, int lda, int *nnzPerRowCol, int *nnzTotalDevHostPtr);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCreateIdentityPermutation(cusparseHandle_t handle, int n, int *p);
CUFLOW_SPARSEFN cusparseStatus_t cusparseXcsrsort_bufferSizeExt(cusparseHandle_t handle, int m, int n, int nnz,
	const int *csrRowPtrA, const int *csrColIndA, size_t *pBufferSizeInBytes);
CUFLOW_SPARSEFN cusparseStatus_t cusparseXcsrsort(cusparseHandle_t handle, int m, int n, int nnz,
	const cusparseMatDescr_t descrA, const int *csrRowPtrA, int *csrColIndA, int *P, void *pBuffer);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCsr2cscEx2_bufferSize(cusparseHandle_t handle, int m, int n, int nnz,
	const void *csrVal, const int *csrRowPtr, const int *csrColInd, void *cscVal, int *cscColPtr, int *cscRowInd,
	cudaDataType valType, cusparseAction_t copyValues, cusparseIndexBase_t idxBase, cusparseCsr2CscAlg_t alg,
	size_t *bufferSize);
CUFLOW_SPARSEFN cusparseStatus_t cusparseCsr2cscEx2(cusparseHandle_t handle, int m, int n, int nnz,
	const void *csrVal, const int *csrRowPtr, const int *csrColInd, void *cscVal, int *cscColPtr, int *cscRowInd,
	cudaDataType valType, cusparseAction_t copyValues, cusparseIndexBase_t idxBase, cusparseCsr2CscAlg_t alg,
	void *buffer);

#endif
