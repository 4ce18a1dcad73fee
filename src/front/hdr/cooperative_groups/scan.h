/* cooperative_groups/scan.h: written for cuflow (not NVIDIA's header). */
#include <cuflow_cg.h>
