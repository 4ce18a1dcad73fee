/* cooperative_groups/memcpy_async.h for programs lowered by cuflow (written for
 * cuflow, not NVIDIA's header): the groups alone. The lowering refuses
 * kernels that call cg::memcpy_async, wait or wait_prior; a program that
 * only includes the header builds. */
#ifndef CUFLOW_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define CUFLOW_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H

#include "../cooperative_groups.h"

#endif
