/* cub/block/block_scan.cuh for programs lowered by cuflow (BlockScan): all of cuflow_cub.h. */
#include <cub/cub.cuh>
