/* cuda_runtime_api.h for programs lowered by cuflow: the CPU runtime stands in for the CUDA toolkit. */
#ifdef __cplusplus
#include "cuflow_lower.h"
#else /* a C file of the program (a harness written in C): the runtime API, no device code */
#include "cuflow_rt.h"
#endif
