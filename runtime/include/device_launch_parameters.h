/* device_launch_parameters.h for programs lowered by cuflow: the CPU runtime stands in for the CUDA toolkit. */
#include "cuflow_lower.h"
