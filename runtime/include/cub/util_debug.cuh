/* cub/util_debug.cuh for programs lowered by cuflow (CubDebug): all of cuflow_cub.h. */
#include <cub/cub.cuh>
