/* cooperative_groups/memcpy_async.h: written for cuflow (not NVIDIA's header). */
#include <cuflow_cg.h>
