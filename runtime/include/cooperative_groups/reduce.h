/* cooperative_groups/reduce.h for programs lowered by cuflow (written for
 * cuflow, not NVIDIA's header): the operators cg::reduce takes. The
 * lowering replaces each cg::reduce(tile, value, op) over a static tile
 * of at most 32 threads by the lanes' reduction (cuflow_tilereduce in
 * cuflow_lower.h, which calls op); the reduce below only stands in code no
 * lowered kernel runs, and stops the program if it does. */
#ifndef CUFLOW_COOPERATIVE_GROUPS_REDUCE_H
#define CUFLOW_COOPERATIVE_GROUPS_REDUCE_H

#include "../cooperative_groups.h"

namespace cooperative_groups {

template <class T = void> struct plus {
	T operator()(const T &a, const T &b) const { return a + b; }
};
template <class T = void> struct less { /* the smaller: cg::reduce's minimum */
	T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <class T = void> struct greater { /* the larger: cg::reduce's maximum */
	T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T = void> struct bit_and {
	T operator()(const T &a, const T &b) const { return a & b; }
};
template <class T = void> struct bit_or {
	T operator()(const T &a, const T &b) const { return a | b; }
};
template <class T = void> struct bit_xor {
	T operator()(const T &a, const T &b) const { return a ^ b; }
};

template <class Group, class T, class Op>
T
reduce(const Group &, T, Op)
{
	cuflow_unlowered_sync("cooperative_groups::reduce");
}

/* a coalesced group is the calling thread alone (cooperative_groups.h) */
template <class T, class Op>
T
reduce(const coalesced_group &, T v, Op)
{
	return v;
}

} /* namespace cooperative_groups */

#endif /* CUFLOW_COOPERATIVE_GROUPS_REDUCE_H */
