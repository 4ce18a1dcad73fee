/* curand_kernel.h for programs lowered by cuflow: cuRAND's device API
 * (cuflow_curand_device.h) and, as the toolkit's header does, its host API. */
#include "curand.h"
