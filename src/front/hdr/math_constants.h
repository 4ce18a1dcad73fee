/* math_constants.h: written for cuflow (not NVIDIA's header). */
#include "cuflow_math_constants.h"
