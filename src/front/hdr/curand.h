/* curand.h: written for cuflow (not NVIDIA's header): cuRAND's host API,
 * which the lowering runs on the CPU (runtime/include/cuflow_curand_api.h). */
#include "cuflow_curand_api.h"
