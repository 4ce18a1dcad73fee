/* cuflow_cublaslt_api.h: the part of cuBLASLt's API (cublasLt.h) that
 * cuflow lowers, written for cuflow from the cuBLASLt documentation (not
 * NVIDIA's header). cuflow's parser reads it for <cublasLt.h>; the
 * runtime's cublasLt.h defines these functions on CBLAS (OpenBLAS). A call
 * outside this list is an undeclared name: the lowering refuses the program
 * with it. The status, operation and compute types are cuBLAS's
 * (cuflow_cublas_api.h, included first).
 *
 * The opaque descriptors are plain structs here (cuflow's own fields, not
 * NVIDIA's layout): a program may keep one on its stack and initialise it
 * with cublasLt*Init, or zero it with `= {}`, and the *_t handles point to
 * them, as in cuBLASLt. */
#ifndef CUFLOW_CUBLASLT_API_H
#define CUFLOW_CUBLASLT_API_H

#ifndef CUFLOW_BLASFN
#define CUFLOW_BLASFN /* the runtime makes them inline definitions */
#endif

typedef struct cuflow_cublaslt *cublasLtHandle_t;

/* the attributes of a matmul descriptor (the documented values) */
typedef enum {
	CUBLASLT_MATMUL_DESC_COMPUTE_TYPE = 0,
	CUBLASLT_MATMUL_DESC_SCALE_TYPE = 1,
	CUBLASLT_MATMUL_DESC_POINTER_MODE = 2,
	CUBLASLT_MATMUL_DESC_TRANSA = 3,
	CUBLASLT_MATMUL_DESC_TRANSB = 4,
	CUBLASLT_MATMUL_DESC_TRANSC = 5,
	CUBLASLT_MATMUL_DESC_FILL_MODE = 6,
	CUBLASLT_MATMUL_DESC_EPILOGUE = 7,
	CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8,
	CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE = 10,
	CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 11,
	CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 12,
	CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE = 13,
	CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE = 14,
	CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET = 15,
	CUBLASLT_MATMUL_DESC_A_SCALE_POINTER = 17,
	CUBLASLT_MATMUL_DESC_B_SCALE_POINTER = 18,
	CUBLASLT_MATMUL_DESC_C_SCALE_POINTER = 19,
	CUBLASLT_MATMUL_DESC_D_SCALE_POINTER = 20,
	CUBLASLT_MATMUL_DESC_AMAX_D_POINTER = 21,
	CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE = 22,
	CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER = 23,
	CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_AMAX_POINTER = 24,
	CUBLASLT_MATMUL_DESC_FAST_ACCUM = 25,
	CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26
} cublasLtMatmulDescAttributes_t;

/* what follows the product: a bias added per row of D, then ReLU or GELU */
typedef enum {
	CUBLASLT_EPILOGUE_DEFAULT = 1,
	CUBLASLT_EPILOGUE_RELU = 2,
	CUBLASLT_EPILOGUE_RELU_AUX = 130,
	CUBLASLT_EPILOGUE_BIAS = 4,
	CUBLASLT_EPILOGUE_RELU_BIAS = 6,
	CUBLASLT_EPILOGUE_RELU_AUX_BIAS = 134,
	CUBLASLT_EPILOGUE_DRELU = 136,
	CUBLASLT_EPILOGUE_DRELU_BGRAD = 152,
	CUBLASLT_EPILOGUE_GELU = 32,
	CUBLASLT_EPILOGUE_GELU_AUX = 160,
	CUBLASLT_EPILOGUE_GELU_BIAS = 36,
	CUBLASLT_EPILOGUE_GELU_AUX_BIAS = 164,
	CUBLASLT_EPILOGUE_DGELU = 192,
	CUBLASLT_EPILOGUE_DGELU_BGRAD = 208,
	CUBLASLT_EPILOGUE_BGRADA = 256,
	CUBLASLT_EPILOGUE_BGRADB = 512
} cublasLtEpilogue_t;

typedef enum {
	CUBLASLT_POINTER_MODE_HOST = 0,
	CUBLASLT_POINTER_MODE_DEVICE = 1,
	CUBLASLT_POINTER_MODE_DEVICE_VECTOR = 2,
	CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO = 3,
	CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST = 4
} cublasLtPointerMode_t;

/* the attributes of a matrix layout */
typedef enum {
	CUBLASLT_MATRIX_LAYOUT_TYPE = 0,
	CUBLASLT_MATRIX_LAYOUT_ORDER = 1,
	CUBLASLT_MATRIX_LAYOUT_ROWS = 2,
	CUBLASLT_MATRIX_LAYOUT_COLS = 3,
	CUBLASLT_MATRIX_LAYOUT_LD = 4,
	CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5,
	CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6,
	CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET = 7
} cublasLtMatrixLayoutAttribute_t;

/* column- and row-major are mapped; the tiled orders of the tensor cores are not */
typedef enum {
	CUBLASLT_ORDER_COL = 0,
	CUBLASLT_ORDER_ROW = 1,
	CUBLASLT_ORDER_COL32 = 2,
	CUBLASLT_ORDER_COL4_4R2_8C = 3,
	CUBLASLT_ORDER_COL32_2R_4R4 = 4
} cublasLtOrder_t;

/* the attributes of a matmul preference: hints for choosing an algorithm */
typedef enum {
	CUBLASLT_MATMUL_PREF_SEARCH_MODE = 0,
	CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1,
	CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK = 3,
	CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES = 5,
	CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES = 6,
	CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES = 7,
	CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES = 8,
	CUBLASLT_MATMUL_PREF_MAX_WAVES_COUNT = 9,
	CUBLASLT_MATMUL_PREF_IMPL_MASK = 12
} cublasLtMatmulPreferenceAttributes_t;

/* D = epilogue(alpha op(A) op(B) + beta C): how, and in what type */
typedef struct {
	cublasComputeType_t compute;
	cudaDataType_t scale; /* the type of alpha and beta */
	int pointerMode;
	int transa, transb, transc; /* cublasOperation_t */
	int fillMode;
	unsigned int epilogue; /* cublasLtEpilogue_t */
	const void *bias;
	long long biasStride;   /* between the bias vectors of batches, in elements */
	int biasType;           /* -1: the default for D's type */
	const void *scaleA, *scaleB, *scaleC, *scaleD; /* float scalars (8-bit floats' per-tensor scaling) */
	void *amaxD;
	signed char fastAccum;
} cublasLtMatmulDescOpaque_t;
typedef cublasLtMatmulDescOpaque_t *cublasLtMatmulDesc_t;

/* a matrix (or a strided batch of them): element (i, j) is at j*ld + i in
 * column order, i*ld + j in row order */
typedef struct {
	unsigned int type; /* cudaDataType_t */
	int order;         /* cublasLtOrder_t */
	unsigned long long rows, cols;
	long long ld;
	int batch;
	long long stride; /* between batches, in elements */
} cublasLtMatrixLayoutOpaque_t;
typedef cublasLtMatrixLayoutOpaque_t *cublasLtMatrixLayout_t;

typedef struct {
	unsigned int searchMode;
	unsigned long long maxWorkspace;
} cublasLtMatmulPreferenceOpaque_t;
typedef cublasLtMatmulPreferenceOpaque_t *cublasLtMatmulPreference_t;

/* an algorithm: one on the CPU (CBLAS's), so its data is not read */
typedef struct {
	unsigned long long data[8];
} cublasLtMatmulAlgo_t;
typedef struct {
	cublasLtMatmulAlgo_t algo;
	size_t workspaceSize;
	cublasStatus_t state;
	float wavesCount;
	int reserved[4];
} cublasLtMatmulHeuristicResult_t;

CUFLOW_BLASFN cublasStatus_t cublasLtCreate(cublasLtHandle_t *handle);
CUFLOW_BLASFN cublasStatus_t cublasLtDestroy(cublasLtHandle_t handle);
CUFLOW_BLASFN size_t cublasLtGetVersion(void);
CUFLOW_BLASFN const char *cublasLtGetStatusName(cublasStatus_t status);
CUFLOW_BLASFN const char *cublasLtGetStatusString(cublasStatus_t status);

CUFLOW_BLASFN cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *desc, cublasComputeType_t computeType,
                                                      cudaDataType_t scaleType);
CUFLOW_BLASFN cublasStatus_t cublasLtMatmulDescInit(cublasLtMatmulDesc_t desc, cublasComputeType_t computeType,
                                                    cudaDataType_t scaleType);
CUFLOW_BLASFN cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t desc);
CUFLOW_BLASFN cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t desc,
                                                            cublasLtMatmulDescAttributes_t attr, const void *buf,
                                                            size_t sizeInBytes);
CUFLOW_BLASFN cublasStatus_t cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t desc,
                                                            cublasLtMatmulDescAttributes_t attr, void *buf,
                                                            size_t sizeInBytes, size_t *sizeWritten);

CUFLOW_BLASFN cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *layout, cudaDataType type,
                                                        unsigned long long rows, unsigned long long cols, long long ld);
CUFLOW_BLASFN cublasStatus_t cublasLtMatrixLayoutInit(cublasLtMatrixLayout_t layout, cudaDataType type,
                                                      unsigned long long rows, unsigned long long cols, long long ld);
CUFLOW_BLASFN cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t layout);
CUFLOW_BLASFN cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t layout,
                                                              cublasLtMatrixLayoutAttribute_t attr, const void *buf,
                                                              size_t sizeInBytes);
CUFLOW_BLASFN cublasStatus_t cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t layout,
                                                              cublasLtMatrixLayoutAttribute_t attr, void *buf,
                                                              size_t sizeInBytes, size_t *sizeWritten);

CUFLOW_BLASFN cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *pref);
CUFLOW_BLASFN cublasStatus_t cublasLtMatmulPreferenceInit(cublasLtMatmulPreference_t pref);
CUFLOW_BLASFN cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t pref);
CUFLOW_BLASFN cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t pref,
                                                                  cublasLtMatmulPreferenceAttributes_t attr,
                                                                  const void *buf, size_t sizeInBytes);

/* one algorithm (the CPU's), or CUBLAS_STATUS_NOT_SUPPORTED with none for
 * what cublasLtMatmul would refuse */
CUFLOW_BLASFN cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
    cublasLtHandle_t handle, cublasLtMatmulDesc_t desc, cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
    cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc, cublasLtMatmulPreference_t pref,
    int requestedAlgoCount, cublasLtMatmulHeuristicResult_t heuristicResultsArray[], int *returnAlgoCount);

CUFLOW_BLASFN cublasStatus_t cublasLtMatmul(cublasLtHandle_t handle, cublasLtMatmulDesc_t desc, const void *alpha,
                                            const void *A, cublasLtMatrixLayout_t Adesc, const void *B,
                                            cublasLtMatrixLayout_t Bdesc, const void *beta, const void *C,
                                            cublasLtMatrixLayout_t Cdesc, void *D, cublasLtMatrixLayout_t Ddesc,
                                            const cublasLtMatmulAlgo_t *algo, void *workspace,
                                            size_t workspaceSizeInBytes, cudaStream_t stream);

#endif
