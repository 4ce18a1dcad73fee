/* cooperative_groups/scan.h for programs lowered by cuflow (written for
 * cuflow, not NVIDIA's header): the groups alone. The lowering refuses
 * kernels that call cg::inclusive_scan or cg::exclusive_scan; a program
 * that only includes the header builds. */
#ifndef CUFLOW_COOPERATIVE_GROUPS_SCAN_H
#define CUFLOW_COOPERATIVE_GROUPS_SCAN_H

#include "../cooperative_groups.h"

#endif
