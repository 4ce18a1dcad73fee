/* cub/warp/warp_reduce.cuh for programs lowered by cuflow (WarpReduce): all of cuflow_cub.h. */
#include <cub/cub.cuh>
