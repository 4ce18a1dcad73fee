/* cub/cub.cuh: written for cuflow (not NVIDIA's header): cub's device-wide
 * algorithms, as the lowering runs them (runtime/include/cuflow_cub.h). */
#include "cuda_runtime.h"
#include "cuflow_cub.h"
