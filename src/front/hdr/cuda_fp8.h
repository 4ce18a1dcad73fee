/* cuda_fp8.h: written for cuflow (not NVIDIA's header). */
#include "cuflow_fp8.h"
