/* cub/block/block_store.cuh for programs lowered by cuflow (BlockStore): all of cuflow_cub.h. */
#include <cub/cub.cuh>
