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

#endif
