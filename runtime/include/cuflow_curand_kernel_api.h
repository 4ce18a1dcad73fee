/* cuflow_curand_kernel_api.h: the device API of cuRAND (curand_kernel.h)
 * that cuflow lowers, written for cuflow from cuRAND's documentation (not
 * NVIDIA's header): the XORWOW, Philox4_32_10 and MRG32k3a states and the
 * per-thread generator calls, as declarations. cuflow's parser reads it for
 * <curand_kernel.h>; the runtime's cuflow_curand_device.h defines these
 * functions (CUFLOW_RANDFN makes them inline there, where __device__ means
 * nothing). The includer provides the vector types and __device__. Other
 * states (MTGP32, the Sobol family) are not declared: a program using them
 * is refused with the name.
 */
#ifndef CUFLOW_CURAND_KERNEL_API_H
#define CUFLOW_CURAND_KERNEL_API_H
#if defined(__clang__) && defined(__CUDA__)
#pragma clang system_header /* in CUDA parses, as the toolkit's */
#endif

#include "cuflow_curand_api.h"

/* Each state keeps the second value of its last Box-Muller pair, as
 * curand_normal returns normals one at a time. */
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

/* the calls every state takes */
#define CUFLOW_CURAND_CALLS(S)                                                                                      \
	CUFLOW_RANDFN __device__ void curand_init(unsigned long long seed, unsigned long long subsequence,          \
	                                          unsigned long long offset, S *state);                             \
	CUFLOW_RANDFN __device__ unsigned int curand(S *state);                                                     \
	CUFLOW_RANDFN __device__ float curand_uniform(S *state);                                                    \
	CUFLOW_RANDFN __device__ double curand_uniform_double(S *state);                                            \
	CUFLOW_RANDFN __device__ float curand_normal(S *state);                                                     \
	CUFLOW_RANDFN __device__ double curand_normal_double(S *state);                                             \
	CUFLOW_RANDFN __device__ float2 curand_normal2(S *state);                                                   \
	CUFLOW_RANDFN __device__ double2 curand_normal2_double(S *state);                                           \
	CUFLOW_RANDFN __device__ float curand_log_normal(S *state, float mean, float stddev);                      \
	CUFLOW_RANDFN __device__ double curand_log_normal_double(S *state, double mean, double stddev);             \
	CUFLOW_RANDFN __device__ float2 curand_log_normal2(S *state, float mean, float stddev);                    \
	CUFLOW_RANDFN __device__ double2 curand_log_normal2_double(S *state, double mean, double stddev);          \
	CUFLOW_RANDFN __device__ unsigned int curand_poisson(S *state, double lambda);                             \
	CUFLOW_RANDFN __device__ void skipahead(unsigned long long n, S *state);                                    \
	CUFLOW_RANDFN __device__ void skipahead_sequence(unsigned long long n, S *state);
CUFLOW_CURAND_CALLS(curandStateXORWOW_t)
CUFLOW_CURAND_CALLS(curandStatePhilox4_32_10_t)
CUFLOW_CURAND_CALLS(curandStateMRG32k3a_t)
#undef CUFLOW_CURAND_CALLS

/* MRG32k3a has subsequences (2^76 apart) inside its sequences (2^127) */
CUFLOW_RANDFN __device__ void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *state);

/* Philox returns four values at a time */
CUFLOW_RANDFN __device__ uint4 curand4(curandStatePhilox4_32_10_t *state);
CUFLOW_RANDFN __device__ float4 curand_uniform4(curandStatePhilox4_32_10_t *state);
CUFLOW_RANDFN __device__ double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state);
CUFLOW_RANDFN __device__ float4 curand_normal4(curandStatePhilox4_32_10_t *state);
CUFLOW_RANDFN __device__ float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean, float stddev);
CUFLOW_RANDFN __device__ uint4 curand_poisson4(curandStatePhilox4_32_10_t *state, double lambda);

#endif /* CUFLOW_CURAND_KERNEL_API_H */
