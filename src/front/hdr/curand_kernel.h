/* curand_kernel.h: written for cuflow (not NVIDIA's header): cuRAND's
 * device API, which the lowering runs on the CPU
 * (runtime/include/cuflow_curand_kernel_api.h). */
#include "cuflow_cuda.h"
#include "cuflow_curand_kernel_api.h"
