/* curand.h: written for cuflow (not NVIDIA's header). */
#include "cuflow_curand.h"
