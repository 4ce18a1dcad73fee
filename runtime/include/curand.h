/* curand.h for programs lowered by cuflow: cuRAND's host API on the CPU,
 * written for cuflow from cuRAND's documentation (its declarations in
 * cuflow_curand_api.h, which the parser reads too). A generator is the
 * device API's state of its type (cuflow_curand_device.h, which says how
 * near each stream is to cuRAND's): output i of a generator with seed s
 * and offset o is value o + i of curand_init(s, 0, 0)'s stream, taken one
 * after the other across calls; a double takes two 32-bit values (one from
 * MRG32k3a), a normal pair two uniforms (Box-Muller), as the device API
 * does. So host and device generators give the same sequence, as cuRAND
 * documents; whether cuRAND's host API lays out its subsequences this way
 * is not documented, and the ordering setting is kept but changes nothing.
 * XORWOW is the default generator; MTGP32, MT19937 and the quasirandom
 * generators are refused at creation with CURAND_STATUS_TYPE_ERROR.
 *
 * Device memory is host memory, so device and host generators write in
 * place alike. A call first waits for all device work (deferred launches
 * included): cuRAND runs after the work enqueued before it on its stream,
 * and running it after everything before it is one of the orders the GPU
 * allows. The stream set with curandSetStream is kept for that reason only.
 */
#ifndef CUFLOW_CURAND_H
#define CUFLOW_CURAND_H

#include "cuflow_curand_device.h"

struct curandGenerator_st {
	curandRngType_t type;
	unsigned long long seed, offset;
	curandOrdering_t order;
	cudaStream_t stream;
	bool ready; /* the state of its type stands at the next output */
	curandStateXORWOW_t xorwow;
	curandStatePhilox4_32_10_t philox;
	curandStateMRG32k3a_t mrg;
};

namespace cuflow_rand {

inline curandStatus_t create(curandGenerator_t *g, curandRngType_t type)
{
	if (type == CURAND_RNG_PSEUDO_DEFAULT)
		type = CURAND_RNG_PSEUDO_XORWOW;
	if (type != CURAND_RNG_PSEUDO_XORWOW && type != CURAND_RNG_PSEUDO_PHILOX4_32_10 &&
	    type != CURAND_RNG_PSEUDO_MRG32K3A)
		return CURAND_STATUS_TYPE_ERROR;
	*g = new curandGenerator_st();
	(*g)->type = type;
	(*g)->order = CURAND_ORDERING_PSEUDO_DEFAULT;
	return CURAND_STATUS_SUCCESS;
}

/* s at the generator's next output: set up again after a new seed or offset */
template <class S> inline S *position(curandGenerator_t g, S *s)
{
	if (!g->ready)
		curand_init(g->seed, 0, g->offset, s);
	g->ready = true;
	return s;
}

/* f(state) after all device work, on the state of g's type */
template <class F> inline curandStatus_t run(curandGenerator_t g, F f)
{
	if (!g)
		return CURAND_STATUS_NOT_INITIALIZED;
	cudaDeviceSynchronize();
	switch (g->type) {
	case CURAND_RNG_PSEUDO_PHILOX4_32_10: f(position(g, &g->philox)); break;
	case CURAND_RNG_PSEUDO_MRG32K3A: f(position(g, &g->mrg)); break;
	default: f(position(g, &g->xorwow)); break;
	}
	return CURAND_STATUS_SUCCESS;
}

/* n values in Box-Muller pairs, each pair mapped by f */
template <class T, class F> inline curandStatus_t pairs(curandGenerator_t g, T *out, size_t n, F f)
{
	if (g && n % 2)
		return CURAND_STATUS_LENGTH_NOT_MULTIPLE; /* documented: pseudorandom normals come in pairs */
	return run(g, [&](auto *s) {
		for (size_t i = 0; i < n; i += 2)
			f(s, out + i);
	});
}

} // namespace cuflow_rand

inline curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type)
{
	return cuflow_rand::create(generator, rng_type);
}
inline curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type)
{
	return cuflow_rand::create(generator, rng_type);
}
inline curandStatus_t curandDestroyGenerator(curandGenerator_t generator)
{
	if (!generator)
		return CURAND_STATUS_NOT_INITIALIZED;
	delete generator;
	return CURAND_STATUS_SUCCESS;
}

/* cuRAND 10.3's number (CUDA 12), which programs only print */
inline curandStatus_t curandGetVersion(int *version)
{
	*version = 10300;
	return CURAND_STATUS_SUCCESS;
}

inline curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream)
{
	if (!generator)
		return CURAND_STATUS_NOT_INITIALIZED;
	generator->stream = stream;
	return CURAND_STATUS_SUCCESS;
}
inline curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed)
{
	if (!generator)
		return CURAND_STATUS_NOT_INITIALIZED;
	generator->seed = seed;
	generator->ready = false;
	return CURAND_STATUS_SUCCESS;
}
inline curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset)
{
	if (!generator)
		return CURAND_STATUS_NOT_INITIALIZED;
	generator->offset = offset;
	generator->ready = false;
	return CURAND_STATUS_SUCCESS;
}
inline curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order)
{
	if (!generator)
		return CURAND_STATUS_NOT_INITIALIZED;
	if (order < CURAND_ORDERING_PSEUDO_BEST || order > CURAND_ORDERING_PSEUDO_DYNAMIC)
		return CURAND_STATUS_OUT_OF_RANGE; /* a quasirandom ordering */
	generator->order = order;
	return CURAND_STATUS_SUCCESS;
}

/* the quasirandom generators' calls: no generator here is one */
inline curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator, unsigned int)
{
	return generator ? CURAND_STATUS_TYPE_ERROR : CURAND_STATUS_NOT_INITIALIZED;
}
inline curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long *, size_t)
{
	return generator ? CURAND_STATUS_TYPE_ERROR : CURAND_STATUS_NOT_INITIALIZED;
}

/* sets up the state now instead of at the first generate call */
inline curandStatus_t curandGenerateSeeds(curandGenerator_t generator)
{
	return cuflow_rand::run(generator, [](auto *) {});
}

inline curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int *outputPtr, size_t num)
{
	return cuflow_rand::run(generator, [&](auto *s) {
		for (size_t i = 0; i < num; i++)
			outputPtr[i] = curand(s);
	});
}
inline curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num)
{
	return cuflow_rand::run(generator, [&](auto *s) {
		for (size_t i = 0; i < num; i++)
			outputPtr[i] = curand_uniform(s);
	});
}
inline curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double *outputPtr, size_t num)
{
	return cuflow_rand::run(generator, [&](auto *s) {
		for (size_t i = 0; i < num; i++)
			outputPtr[i] = curand_uniform_double(s);
	});
}
inline curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n, float mean,
                                           float stddev)
{
	return cuflow_rand::pairs(generator, outputPtr, n, [&](auto *s, float *o) {
		float2 p = curand_normal2(s);
		o[0] = mean + stddev * p.x;
		o[1] = mean + stddev * p.y;
	});
}
inline curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n,
                                                 double mean, double stddev)
{
	return cuflow_rand::pairs(generator, outputPtr, n, [&](auto *s, double *o) {
		double2 p = curand_normal2_double(s);
		o[0] = mean + stddev * p.x;
		o[1] = mean + stddev * p.y;
	});
}
inline curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr, size_t n, float mean,
                                              float stddev)
{
	return cuflow_rand::pairs(generator, outputPtr, n, [&](auto *s, float *o) {
		float2 p = curand_log_normal2(s, mean, stddev);
		o[0] = p.x;
		o[1] = p.y;
	});
}
inline curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n,
                                                    double mean, double stddev)
{
	return cuflow_rand::pairs(generator, outputPtr, n, [&](auto *s, double *o) {
		double2 p = curand_log_normal2_double(s, mean, stddev);
		o[0] = p.x;
		o[1] = p.y;
	});
}
inline curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int *outputPtr, size_t n,
                                            double lambda)
{
	if (generator && !(lambda > 0))
		return CURAND_STATUS_OUT_OF_RANGE;
	return cuflow_rand::run(generator, [&](auto *s) {
		for (size_t i = 0; i < n; i++)
			outputPtr[i] = curand_poisson(s, lambda);
	});
}

#endif /* CUFLOW_CURAND_H */
