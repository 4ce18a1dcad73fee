/* cusolverDn.h: written for cuflow (not NVIDIA's header): the cuSOLVER
 * dense calls the lowering runs on LAPACK
 * (runtime/include/cuflow_cusolver_api.h), with cuBLAS's types beside them. */
#ifdef CUFLOW_LOWER_NO_LAPACK
#error "cuSOLVER: cuflow was built without LAPACK (install libopenblas-dev, whose OpenBLAS carries it, and run configure again)"
#endif
#include "cuda_runtime.h"
#include "cuComplex.h"
#include "cuflow_cublas_api.h"
#include "cuflow_cusolver_api.h"
