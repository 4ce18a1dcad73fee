/* cuflow_curand_kernel.h: the device API of cuRAND (curand_kernel.h),
 * written for cuflow (not NVIDIA's header). State types with plausible
 * members and the per-thread generator calls, as declarations.
 */
#ifndef CUFLOW_CURAND_KERNEL_H
#define CUFLOW_CURAND_KERNEL_H
#pragma clang system_header /* as the toolkit's: no warnings, not user code */

#include "cuflow_cuda.h"
#include "cuflow_curand.h"

struct curandStateXORWOW {
	unsigned int d, v[5];
	int boxmuller_flag, boxmuller_flag_double;
	float boxmuller_extra;
	double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef curandStateXORWOW_t curandState_t;
typedef curandState_t curandState;

struct curandStatePhilox4_32_10 {
	uint4 ctr, output;
	uint2 key;
	unsigned int STATE;
	int boxmuller_flag, boxmuller_flag_double;
	float boxmuller_extra;
	double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
	unsigned int s1[3], s2[3];
	int boxmuller_flag, boxmuller_flag_double;
	float boxmuller_extra;
	double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

/* Every state type takes the same calls: the state is a template parameter
 * (CUDA overloads per state type; the accepted calls are the same). */
template <class S> __device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, S *state);
template <class S> __device__ unsigned int curand(S *state);
template <class S> __device__ float curand_uniform(S *state);
template <class S> __device__ double curand_uniform_double(S *state);
template <class S> __device__ float curand_normal(S *state);
template <class S> __device__ double curand_normal_double(S *state);
template <class S> __device__ float2 curand_normal2(S *state);
template <class S> __device__ double2 curand_normal2_double(S *state);
template <class S> __device__ float curand_log_normal(S *state, float mean, float stddev);
template <class S> __device__ double curand_log_normal_double(S *state, double mean, double stddev);
template <class S> __device__ unsigned int curand_poisson(S *state, double lambda);
template <class S> __device__ void skipahead(unsigned long long n, S *state);
template <class S> __device__ void skipahead_sequence(unsigned long long n, S *state);
/* Philox returns four values at a time. */
__device__ uint4 curand4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_uniform4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_normal4(curandStatePhilox4_32_10_t *state);
__device__ double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state);

#endif /* CUFLOW_CURAND_KERNEL_H */
