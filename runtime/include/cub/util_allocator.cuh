/* cub/util_allocator.cuh for programs lowered by cuflow (the caching allocator): all of cuflow_cub.h. */
#include <cub/cub.cuh>
