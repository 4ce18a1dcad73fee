/* cuda_bf16.h: written for cuflow (not NVIDIA's header). */
#include "cuflow_bf16.h"
