/* cuda_fp16.h: written for cuflow (not NVIDIA's header). */
#include "cuflow_fp16.h"
