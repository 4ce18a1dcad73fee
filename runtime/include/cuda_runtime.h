/* cuda_runtime.h for programs lowered by cuflow: the CPU runtime stands in for the CUDA toolkit. */
#include "cuflow_lower.h"
