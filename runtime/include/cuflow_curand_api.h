/* cuflow_curand_api.h: the host API of cuRAND (curand.h) that cuflow
 * lowers, written for cuflow from cuRAND's documentation (not NVIDIA's
 * header): generator handles, status codes and the generate calls, as
 * declarations. cuflow's parser reads it for <curand.h>; the runtime's
 * curand.h defines these functions (CUFLOW_RANDFN makes them inline
 * definitions there). Enumerator values are the documented ones, so that
 * programs printing or comparing them behave as with cuRAND. Valid C and
 * C++.
 */
#ifndef CUFLOW_CURAND_API_H
#define CUFLOW_CURAND_API_H
#if defined(__clang__) && defined(__CUDA__)
#pragma clang system_header /* in CUDA parses, as the toolkit's */
#endif

#include "cuflow_cuda_api.h"

#ifndef CUFLOW_RANDFN
#define CUFLOW_RANDFN
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum curandStatus {
	CURAND_STATUS_SUCCESS = 0,
	CURAND_STATUS_VERSION_MISMATCH = 100,
	CURAND_STATUS_NOT_INITIALIZED = 101,
	CURAND_STATUS_ALLOCATION_FAILED = 102,
	CURAND_STATUS_TYPE_ERROR = 103,
	CURAND_STATUS_OUT_OF_RANGE = 104,
	CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
	CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
	CURAND_STATUS_LAUNCH_FAILURE = 201,
	CURAND_STATUS_PREEXISTING_FAILURE = 202,
	CURAND_STATUS_INITIALIZATION_FAILED = 203,
	CURAND_STATUS_ARCH_MISMATCH = 204,
	CURAND_STATUS_INTERNAL_ERROR = 999
} curandStatus_t;

typedef enum curandRngType {
	CURAND_RNG_TEST = 0,
	CURAND_RNG_PSEUDO_DEFAULT = 100,
	CURAND_RNG_PSEUDO_XORWOW = 101,
	CURAND_RNG_PSEUDO_MRG32K3A = 121,
	CURAND_RNG_PSEUDO_MTGP32 = 141,
	CURAND_RNG_PSEUDO_MT19937 = 142,
	CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
	CURAND_RNG_QUASI_DEFAULT = 200,
	CURAND_RNG_QUASI_SOBOL32 = 201,
	CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
	CURAND_RNG_QUASI_SOBOL64 = 203,
	CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
} curandRngType_t;

typedef enum curandOrdering {
	CURAND_ORDERING_PSEUDO_BEST = 100,
	CURAND_ORDERING_PSEUDO_DEFAULT = 101,
	CURAND_ORDERING_PSEUDO_SEEDED = 102,
	CURAND_ORDERING_PSEUDO_LEGACY = 103,
	CURAND_ORDERING_PSEUDO_DYNAMIC = 104,
	CURAND_ORDERING_QUASI_DEFAULT = 201
} curandOrdering_t;

typedef struct curandGenerator_st *curandGenerator_t;

CUFLOW_RANDFN curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type);
CUFLOW_RANDFN curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type);
CUFLOW_RANDFN curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
CUFLOW_RANDFN curandStatus_t curandGetVersion(int *version);
CUFLOW_RANDFN curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream);
CUFLOW_RANDFN curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed);
CUFLOW_RANDFN curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset);
CUFLOW_RANDFN curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order);
CUFLOW_RANDFN curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator,
                                                                     unsigned int num_dimensions);
CUFLOW_RANDFN curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int *outputPtr, size_t num);
CUFLOW_RANDFN curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long *outputPtr,
                                                    size_t num);
CUFLOW_RANDFN curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num);
CUFLOW_RANDFN curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double *outputPtr, size_t num);
CUFLOW_RANDFN curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n, float mean,
                                                  float stddev);
CUFLOW_RANDFN curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n,
                                                        double mean, double stddev);
CUFLOW_RANDFN curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                                     float mean, float stddev);
CUFLOW_RANDFN curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n,
                                                           double mean, double stddev);
CUFLOW_RANDFN curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int *outputPtr, size_t n,
                                                   double lambda);
CUFLOW_RANDFN curandStatus_t curandGenerateSeeds(curandGenerator_t generator);

#ifdef __cplusplus
}
#endif

#endif /* CUFLOW_CURAND_API_H */
