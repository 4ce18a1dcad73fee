/* vector_functions.h: written for cuflow (not NVIDIA's header). In a CUDA parse
 * everything it declares comes from cuflow_cuda.h (included first); C code
 * gets the runtime API alone. */
#ifdef __cplusplus
#include "cuflow_cuda.h"
#else
#include "cuflow_cuda_api.h"
#endif
