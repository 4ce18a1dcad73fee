/* cublasLt.h: written for cuflow (not NVIDIA's header): the cuBLASLt calls
 * the lowering runs on CBLAS (runtime/include/cuflow_cublaslt_api.h), with
 * cuBLAS's types beside them. */
#ifdef CUFLOW_LOWER_NO_BLAS
#error "cuBLASLt: cuflow was built without OpenBLAS (install libopenblas-dev and run configure again)"
#endif
#include "cuda_runtime.h"
#include "cuComplex.h" /* as cuBLAS's headers do */
#include "cuflow_cublas_api.h"
#include "cuflow_cublaslt_api.h"
