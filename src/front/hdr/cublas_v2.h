/* cublas_v2.h: written for cuflow (not NVIDIA's header): the cuBLAS calls
 * the lowering runs on CBLAS (runtime/include/cuflow_cublas_api.h). */
#ifdef CUFLOW_LOWER_NO_BLAS
#error "cuBLAS: cuflow was built without OpenBLAS (install libopenblas-dev and run configure again)"
#endif
#include "cuda_runtime.h"
#include "cuComplex.h" /* cuBLAS's header includes it: programs name cuComplex after cublas_v2.h alone */
#include "cuflow_cublas_api.h"
