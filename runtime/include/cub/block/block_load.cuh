/* cub/block/block_load.cuh for programs lowered by cuflow (BlockLoad): all of cuflow_cub.h. */
#include <cub/cub.cuh>
