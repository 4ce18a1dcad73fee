/* cub/util_type.cuh for programs lowered by cuflow (cub::Traits, KeyValuePair): all of cuflow_cub.h. */
#include <cub/cub.cuh>
