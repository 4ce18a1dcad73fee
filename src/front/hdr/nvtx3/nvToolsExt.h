/* nvtx3/nvToolsExt.h: written for cuflow (not NVIDIA's header). */
#include <cuflow_nvtx.h>
