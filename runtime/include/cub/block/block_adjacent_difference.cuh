/* cub/block/block_adjacent_difference.cuh for programs lowered by cuflow (BlockAdjacentDifference): all of cuflow_cub.h. */
#include <cub/cub.cuh>
