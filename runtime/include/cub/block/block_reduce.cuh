/* cub/block/block_reduce.cuh for programs lowered by cuflow (BlockReduce): all of cuflow_cub.h. */
#include <cub/cub.cuh>
