/* cusparse.h: written for cuflow (not NVIDIA's header): the cuSPARSE calls
 * the lowering runs on the host (runtime/include/cuflow_cusparse_api.h). */
#include "cuda_runtime.h"
#include "cuflow_cusparse_api.h"
