/* device_functions.h: written for cuflow (not NVIDIA's header). Everything it
 * declares in CUDA lives in cuflow_cuda.h, included first in every parse. */
#include "cuflow_cuda.h"
