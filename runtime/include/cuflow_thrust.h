/* cuflow_thrust.h: written for cuflow. A lowered program's thrust is the
 * toolkit's CCCL on its OpenMP system (doc/lowering.md); this declares
 * what the CUDA system alone would: thrust::cuda::par and par_nosync, the
 * policies a program names a stream with (.on(stream)). Here they are the
 * OpenMP system's par: a thrust call runs on the host, eagerly and in
 * program order, so the stream orders nothing more and is not kept.
 * src/front/hdr/cuflow_cccl.h declares the same for the parse. */
#ifndef CUFLOW_THRUST_H
#define CUFLOW_THRUST_H

#include <thrust/execution_policy.h>
#include <thrust/system/omp/execution_policy.h>

THRUST_NAMESPACE_BEGIN
namespace cuda
{
struct cuflow_par_t : thrust::system::omp::detail::par_t {
	constexpr cuflow_par_t() {}
	const cuflow_par_t &on(cudaStream_t) const { return *this; }
};
static const cuflow_par_t par, par_nosync;
} // namespace cuda
THRUST_NAMESPACE_END

/* CCCL 3's sequential radix sort, which the OpenMP system's sorts use for
 * arithmetic keys, ranks negative ints after the positive ones (its int
 * encoder widens to long); the CUDA system sorts them right. int keys
 * take the merge sort instead. */
#if defined(CCCL_MAJOR_VERSION) && CCCL_MAJOR_VERSION >= 3
#include <thrust/system/detail/sequential/sort.h>
THRUST_NAMESPACE_BEGIN
namespace system::detail::sequential::sort_detail
{
template <> struct use_primitive_sort<int, thrust::less<int>> : thrust::detail::false_type {};
template <> struct use_primitive_sort<int, thrust::greater<int>> : thrust::detail::false_type {};
} // namespace system::detail::sequential::sort_detail
THRUST_NAMESPACE_END
#endif

#endif
