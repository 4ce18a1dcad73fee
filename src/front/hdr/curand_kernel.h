/* curand_kernel.h: written for cuflow (not NVIDIA's header). */
#include "cuflow_curand_kernel.h"
