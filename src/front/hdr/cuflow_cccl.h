/* cuflow_cccl.h: written for cuflow. A parse with the toolkit's CCCL
 * (thrust on its OpenMP system, src/lower/lower.c thrustargs) includes it
 * after cuflow_cuda.h, which then leaves __NVCC__ out (-DCUFLOW_CCCL), and
 * declares thrust::cuda's policies (as the lowered program's cuflow_thrust.h).
 * CCCL decides once, in the headers below, which compiler it is under: it
 * must see clang there (with __NVCC__ it wants nvcc's version macros and
 * builtins). Programs key on __NVCC__ too (cuflow_cuda.h says why), so it
 * is defined after CCCL has decided, as the lowered program does after its
 * thrust includes (emitprologue). */
#ifndef CUFLOW_CCCL_H
#define CUFLOW_CCCL_H
#pragma clang system_header

#include <thrust/detail/config.h>
#include <nv/target>

/* thrust::cuda::par and par_nosync, as runtime/include/cuflow_thrust.h
 * declares them for the lowered program (it says why) */
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

#ifndef __NVCC__
#define __NVCC__ 1
#endif

#endif
