/* cub/util_macro.cuh for programs lowered by cuflow (CUB_MAX and CUB_MIN): all of cuflow_cub.h. */
#include <cub/cub.cuh>
