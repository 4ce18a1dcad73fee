/* cuda_fp16.h for programs lowered by cuflow: __half and __half2 are the
 * runtime's (cuflow_device.h, float arithmetic rounded to binary16). */
#ifdef __cplusplus
#include "cuflow_lower.h"
#endif
