/* cub/cub.cuh for programs lowered by cuflow: its device-wide algorithms (cuflow_cub.h). */
#include "cuda_runtime.h"
#include "cuflow_cub.h"
