/* cuflow_curand_device.h: cuRAND's device API for programs lowered by
 * cuflow: the three generators as plain inline C++, which lowered kernels
 * call per thread on the CPU (each thread's state stays its own: the
 * lowering never takes a call named curand* for a value its block
 * shares). Written for cuflow from cuRAND's documentation and the
 * generators' papers, not from NVIDIA's headers; included by the runtime's
 * curand.h, whose host API runs on the same code.
 *
 * The generators and what is known of their streams:
 *  - Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as
 *    1, 2, 3", SC'11): the seed is the 64-bit key, the subsequence the upper
 *    64 bits of the 128-bit counter, the offset a skip of that many 32-bit
 *    outputs (counter blocks of four, a partial block consumed first), as
 *    cuRAND documents; curand() returns the outputs in order. Meant to be
 *    cuRAND's stream bit for bit; not yet compared with a GPU.
 *  - XORWOW (Marsaglia, "Xorshift RNGs", 2003: xorshift on five words plus a
 *    Weyl sequence d += 362437): subsequences 2^67 outputs apart and offsets
 *    by jump matrices over GF(2), as cuRAND documents. How cuRAND spreads
 *    the 64-bit seed over the state is not in its documentation (only in
 *    the toolkit's header source, which this file does not copy): the state
 *    here comes from SplitMix64 of the seed, so the stream is XORWOW's but
 *    not cuRAND's.
 *  - MRG32k3a (L'Ecuyer, "Good parameters and implementations for combined
 *    multiple recursive random number generators", 1999): subsequences 2^76
 *    apart, sequences 2^127, by the components' matrices mod m1 and m2.
 *    The seeding is not published either (SplitMix64 here); curand()
 *    returns the combined value z in [1, m1], curand_uniform_double
 *    z / (m1 + 1), L'Ecuyer's output.
 * Uniform floats are x 2^-32 + 2^-33 for a 32-bit x, in (0, 1] as
 * documented; doubles take 53 bits of two outputs (MRG32k3a: its own
 * double). Normals use Box-Muller on pairs with the C library's logf,
 * sqrtf and sincosf: the GPU's functions may differ from them in the last
 * bit, so normals are the same algorithm, not the same bits. Poisson draws
 * multiply uniforms (Knuth) for lambda < 10 and use Hoermann's transformed
 * rejection (PTRS, 1993) above: cuRAND's own method differs, so those
 * values are distributed alike but not equal.
 */
#ifndef CUFLOW_CURAND_DEVICE_H
#define CUFLOW_CURAND_DEVICE_H

#include <math.h>
#include <stdint.h>

#include "cuda_runtime.h"

#define CUFLOW_RANDFN inline
#include "cuflow_curand_kernel_api.h"

namespace cuflow_rand {

/* ---- conversions ------------------------------------------------------- */

/* (0, 1]: the centre of x's 2^-32 wide bin, rounded to float */
inline float unit(uint32_t x) { return (float)x * 0x1p-32f + 0x1p-33f; }

/* (0, 1] with 53 bits: a's 32 and b's low 21 above them */
inline double unit53(uint32_t a, uint32_t b)
{
	uint64_t z = (uint64_t)a ^ ((uint64_t)b << 21);
	return (double)z * 0x1p-53 + 0x1p-54;
}

/* one Box-Muller pair of two uniforms in (0, 1] */
inline float2 boxmuller(float u, float v)
{
	float r = sqrtf(-2.0f * logf(u)), s, c;
	sincosf(6.28318530717958647692f * v, &s, &c);
	return make_float2(r * s, r * c);
}
inline double2 boxmuller(double u, double v)
{
	double r = sqrt(-2.0 * log(u)), s, c;
	sincos(6.28318530717958647692 * v, &s, &c);
	return make_double2(r * s, r * c);
}

/* SplitMix64 (Steele, Lea, Flood 2014): spreads a seed over a state */
inline uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* ---- Philox4x32-10 ------------------------------------------------------ */

inline uint4 philoxround(uint4 c, uint2 k)
{
	uint64_t p0 = (uint64_t)0xD2511F53u * c.x, p1 = (uint64_t)0xCD9E8D57u * c.z;
	return make_uint4((uint32_t)(p1 >> 32) ^ c.y ^ k.x, (uint32_t)p1, (uint32_t)(p0 >> 32) ^ c.w ^ k.y,
	                  (uint32_t)p0);
}

/* the block of four outputs of counter c under key k: ten rounds, the key
 * bumped by the Weyl constants between them */
inline uint4 philox(uint4 c, uint2 k)
{
	for (int r = 0; r < 10; r++) {
		if (r) {
			k.x += 0x9E3779B9u;
			k.y += 0xBB67AE85u;
		}
		c = philoxround(c, k);
	}
	return c;
}

/* the counter's low 64 bits plus n, carrying into the subsequence as a
 * 128-bit counter does */
inline void philoxadd(uint4 *c, uint64_t n)
{
	uint64_t lo = ((uint64_t)c->y << 32 | c->x) + n;
	bool carry = lo < n;
	c->x = (uint32_t)lo;
	c->y = (uint32_t)(lo >> 32);
	if (carry && ++c->z == 0)
		c->w++;
}

inline uint32_t word(uint4 v, unsigned i) { return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w; }

inline uint32_t next(curandStatePhilox4_32_10_t *s)
{
	uint32_t r = word(s->output, s->STATE);
	if (++s->STATE == 4) {
		philoxadd(&s->ctr, 1);
		s->output = philox(s->ctr, s->key);
		s->STATE = 0;
	}
	return r;
}

/* ---- XORWOW ------------------------------------------------------------- */

enum { XW = 160, XWJUMPS = 131 }; /* state bits; jumps 2^0 .. 2^130 */

/* the xorshift part of one step, on v alone (linear over GF(2)) */
inline void xorshift(uint32_t v[5])
{
	uint32_t t = v[0] ^ (v[0] >> 2);
	v[0] = v[1];
	v[1] = v[2];
	v[2] = v[3];
	v[3] = v[4];
	v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

inline uint32_t next(curandStateXORWOW_t *s)
{
	xorshift(s->v);
	s->d += 362437;
	return s->v[4] + s->d;
}

/* A 160x160 matrix over GF(2) as its columns: M e_j is col[j]. */
struct Gf2 {
	uint32_t col[XW][5];
};

inline void gf2apply(const Gf2 &m, uint32_t v[5])
{
	uint32_t r[5] = {0, 0, 0, 0, 0};
	for (int w = 0; w < 5; w++)
		for (uint32_t bits = v[w]; bits; bits &= bits - 1) {
			const uint32_t *c = m.col[w * 32 + __builtin_ctz(bits)];
			for (int i = 0; i < 5; i++)
				r[i] ^= c[i];
		}
	for (int i = 0; i < 5; i++)
		v[i] = r[i];
}

/* The step matrix raised to 2^k, k < XWJUMPS, each the square of the one
 * before: built once (a C++ static, safe across threads), 420 KB. */
inline const Gf2 *xorwowjumps()
{
	static const Gf2 *table = [] {
		Gf2 *t = new Gf2[XWJUMPS]();
		for (int j = 0; j < XW; j++) {
			t[0].col[j][j / 32] = 1u << (j % 32);
			xorshift(t[0].col[j]);
		}
		for (int k = 1; k < XWJUMPS; k++)
			for (int j = 0; j < XW; j++) {
				for (int i = 0; i < 5; i++)
					t[k].col[j][i] = t[k - 1].col[j][i];
				gf2apply(t[k - 1], t[k].col[j]);
			}
		return t;
	}();
	return table;
}

/* v advanced by n 2^base steps */
inline void xorwowjump(uint32_t v[5], unsigned long long n, int base)
{
	const Gf2 *t = xorwowjumps();
	for (int k = base; n; n >>= 1, k++)
		if (n & 1)
			gf2apply(t[k], v);
}

/* XORWOW's words from the seed: SplitMix64's first three outputs */
inline void xorwowseed(unsigned long long seed, uint32_t v[5], uint32_t *d)
{
	uint64_t x = seed, a = splitmix(&x), b = splitmix(&x), c = splitmix(&x);
	v[0] = (uint32_t)a;
	v[1] = (uint32_t)(a >> 32);
	v[2] = (uint32_t)b;
	v[3] = (uint32_t)(b >> 32);
	v[4] = (uint32_t)c;
	*d = (uint32_t)(c >> 32);
	if (!(v[0] | v[1] | v[2] | v[3] | v[4]))
		v[0] = 1; /* zero is the xorshift's fixed point */
}

/* The state of (seed, subsequence) at offset 0. Threads of a kernel call
 * curand_init with subsequences counting up, so each OS thread keeps the
 * last one it made: the next is one jump away, not one per bit. */
struct XorwowStart {
	bool valid;
	unsigned long long seed, sub;
	uint32_t v[5], d;
};
inline thread_local XorwowStart xorwowlast;

inline void xorwowstart(unsigned long long seed, unsigned long long sub, curandStateXORWOW_t *s)
{
	XorwowStart *l = &xorwowlast;
	if (!l->valid || l->seed != seed || l->sub > sub) {
		xorwowseed(seed, l->v, &l->d);
		l->valid = true;
		l->seed = seed;
		l->sub = 0;
	}
	xorwowjump(l->v, sub - l->sub, 67);
	l->sub = sub;
	for (int i = 0; i < 5; i++)
		s->v[i] = l->v[i];
	s->d = l->d;
}

/* ---- MRG32k3a ----------------------------------------------------------- */

constexpr uint64_t M1 = 4294967087u, M2 = 4294944443u;
constexpr double MRGNORM = 2.328306549295727688e-10; /* 1 / (m1 + 1) */
enum { MRGJUMPS = 191 };                            /* jumps 2^0 .. 2^190 */

/* A 3x3 matrix mod m acting on (x[n-3], x[n-2], x[n-1]). */
struct Mat3 {
	uint64_t a[3][3];
};

inline Mat3 mat3mul(const Mat3 &p, const Mat3 &q, uint64_t m)
{
	Mat3 r;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			uint64_t s = 0;
			for (int k = 0; k < 3; k++)
				s = (s + p.a[i][k] * q.a[k][j] % m) % m;
			r.a[i][j] = s;
		}
	return r;
}

inline void mat3apply(const Mat3 &p, unsigned int s[3], uint64_t m)
{
	uint64_t r[3];
	for (int i = 0; i < 3; i++)
		r[i] = (p.a[i][0] * s[0] % m + p.a[i][1] * s[1] % m + p.a[i][2] * s[2] % m) % m;
	for (int i = 0; i < 3; i++)
		s[i] = (unsigned int)r[i];
}

/* the two components' step matrices raised to 2^k, built once */
struct MrgJumps {
	Mat3 c1[MRGJUMPS], c2[MRGJUMPS];
};
inline const MrgJumps *mrgjumps()
{
	static const MrgJumps *table = [] {
		MrgJumps *t = new MrgJumps;
		t->c1[0] = Mat3{{{0, 1, 0}, {0, 0, 1}, {M1 - 810728, 1403580, 0}}};
		t->c2[0] = Mat3{{{0, 1, 0}, {0, 0, 1}, {M2 - 1370589, 0, 527612}}};
		for (int k = 1; k < MRGJUMPS; k++) {
			t->c1[k] = mat3mul(t->c1[k - 1], t->c1[k - 1], M1);
			t->c2[k] = mat3mul(t->c2[k - 1], t->c2[k - 1], M2);
		}
		return t;
	}();
	return table;
}

/* s advanced by n 2^base steps (n 2^base < 2^191) */
inline void mrgjump(curandStateMRG32k3a_t *s, unsigned long long n, int base)
{
	const MrgJumps *t = mrgjumps();
	for (int k = base; n; n >>= 1, k++)
		if (n & 1) {
			mat3apply(t->c1[k], s->s1, M1);
			mat3apply(t->c2[k], s->s2, M2);
		}
}

/* one step: the combined value z in [1, m1] (m1 for x == y, as L'Ecuyer) */
inline uint32_t next(curandStateMRG32k3a_t *s)
{
	int64_t p1 = (1403580 * (int64_t)s->s1[1] - 810728 * (int64_t)s->s1[0]) % (int64_t)M1;
	int64_t p2 = (527612 * (int64_t)s->s2[2] - 1370589 * (int64_t)s->s2[0]) % (int64_t)M2;
	if (p1 < 0)
		p1 += M1;
	if (p2 < 0)
		p2 += M2;
	s->s1[0] = s->s1[1];
	s->s1[1] = s->s1[2];
	s->s1[2] = (unsigned int)p1;
	s->s2[0] = s->s2[1];
	s->s2[1] = s->s2[2];
	s->s2[2] = (unsigned int)p2;
	return (uint32_t)(p1 > p2 ? p1 - p2 : p1 - p2 + (int64_t)M1);
}

/* ---- what every state shares -------------------------------------------- */

template <class S> inline void clearcache(S *s)
{
	s->boxmuller_flag = s->boxmuller_flag_double = 0;
	s->boxmuller_extra = 0;
	s->boxmuller_extra_double = 0;
}

inline float uniform(curandStateXORWOW_t *s) { return unit(next(s)); }
inline float uniform(curandStatePhilox4_32_10_t *s) { return unit(next(s)); }
inline float uniform(curandStateMRG32k3a_t *s) { return (float)(next(s) * MRGNORM); }
template <class S> inline double uniformd(S *s)
{
	uint32_t a = next(s);
	return unit53(a, next(s));
}
inline double uniformd(curandStateMRG32k3a_t *s) { return next(s) * MRGNORM; }

template <class S> inline float2 normal2(S *s)
{
	float u = uniform(s);
	return boxmuller(u, uniform(s));
}
template <class S> inline double2 normal2d(S *s)
{
	double u = uniformd(s);
	return boxmuller(u, uniformd(s));
}

/* one normal at a time: the pair's second value is kept for the next call */
template <class S> inline float normal(S *s)
{
	if (s->boxmuller_flag) {
		s->boxmuller_flag = 0;
		return s->boxmuller_extra;
	}
	float2 p = normal2(s);
	s->boxmuller_extra = p.y;
	s->boxmuller_flag = 1;
	return p.x;
}
template <class S> inline double normald(S *s)
{
	if (s->boxmuller_flag_double) {
		s->boxmuller_flag_double = 0;
		return s->boxmuller_extra_double;
	}
	double2 p = normal2d(s);
	s->boxmuller_extra_double = p.y;
	s->boxmuller_flag_double = 1;
	return p.x;
}

/* Poisson: Knuth's product of uniforms for small lambda, else Hoermann's
 * transformed rejection with squeeze (PTRS) */
template <class S> inline unsigned int poisson(S *s, double lambda)
{
	if (lambda <= 0)
		return 0;
	if (lambda < 10) {
		double limit = exp(-lambda), p = uniformd(s);
		unsigned int k = 0;
		for (; p > limit; k++)
			p *= uniformd(s);
		return k;
	}
	double slam = sqrt(lambda), loglam = log(lambda);
	double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
	double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
	for (;;) {
		double u = uniformd(s) - 0.5, v = uniformd(s), us = 0.5 - fabs(u);
		double k = floor((2 * a / us + b) * u + lambda + 0.43);
		if (us >= 0.07 && v <= vr)
			return (unsigned int)k;
		if (k < 0 || (us < 0.013 && v > us))
			continue;
		if (log(v) + log(invalpha) - log(a / (us * us) + b) <= -lambda + k * loglam - lgamma(k + 1))
			return (unsigned int)k;
	}
}

} // namespace cuflow_rand

/* ---- the device API ------------------------------------------------------ */

inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                        curandStatePhilox4_32_10_t *state)
{
	state->key = make_uint2((uint32_t)seed, (uint32_t)(seed >> 32));
	state->ctr = make_uint4(0, 0, (uint32_t)subsequence, (uint32_t)(subsequence >> 32));
	state->STATE = 0;
	cuflow_rand::clearcache(state);
	skipahead(offset, state);
}

inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                        curandStateXORWOW_t *state)
{
	cuflow_rand::xorwowstart(seed, subsequence, state);
	cuflow_rand::clearcache(state);
	skipahead(offset, state);
}

inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                        curandStateMRG32k3a_t *state)
{
	uint64_t x = seed;
	do { /* neither component may be all zero */
		for (int i = 0; i < 3; i++) {
			state->s1[i] = (unsigned int)(cuflow_rand::splitmix(&x) % cuflow_rand::M1);
			state->s2[i] = (unsigned int)(cuflow_rand::splitmix(&x) % cuflow_rand::M2);
		}
	} while (!(state->s1[0] | state->s1[1] | state->s1[2]) || !(state->s2[0] | state->s2[1] | state->s2[2]));
	cuflow_rand::clearcache(state);
	skipahead_subsequence(subsequence, state);
	skipahead(offset, state);
}

/* offset n: whole blocks of four on the counter, the rest within the block */
inline void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state)
{
	unsigned int within = state->STATE + (unsigned int)(n & 3);
	cuflow_rand::philoxadd(&state->ctr, n / 4 + within / 4);
	state->STATE = within & 3;
	state->output = cuflow_rand::philox(state->ctr, state->key);
}
inline void skipahead(unsigned long long n, curandStateXORWOW_t *state)
{
	cuflow_rand::xorwowjump(state->v, n, 0);
	state->d += (uint32_t)(n * 362437u);
}
inline void skipahead(unsigned long long n, curandStateMRG32k3a_t *state) { cuflow_rand::mrgjump(state, n, 0); }

/* subsequences: Philox's upper counter half; 2^67 XORWOW steps (the Weyl
 * sequence's 2^67 362437 is 0 mod 2^32); 2^127 MRG32k3a steps */
inline void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *state)
{
	uint64_t hi = ((uint64_t)state->ctr.w << 32 | state->ctr.z) + n;
	state->ctr.z = (uint32_t)hi;
	state->ctr.w = (uint32_t)(hi >> 32);
	state->output = cuflow_rand::philox(state->ctr, state->key);
}
inline void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state)
{
	cuflow_rand::xorwowjump(state->v, n, 67);
}
inline void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t *state)
{
	cuflow_rand::mrgjump(state, n, 127);
}
inline void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *state)
{
	cuflow_rand::mrgjump(state, n, 76);
}

/* the calls every state takes, on the shared definitions above */
#define CUFLOW_CURAND_DEFS(S)                                                                                       \
	inline unsigned int curand(S *state) { return cuflow_rand::next(state); }                                   \
	inline float curand_uniform(S *state) { return cuflow_rand::uniform(state); }                               \
	inline double curand_uniform_double(S *state) { return cuflow_rand::uniformd(state); }                      \
	inline float curand_normal(S *state) { return cuflow_rand::normal(state); }                                 \
	inline double curand_normal_double(S *state) { return cuflow_rand::normald(state); }                        \
	inline float2 curand_normal2(S *state) { return cuflow_rand::normal2(state); }                              \
	inline double2 curand_normal2_double(S *state) { return cuflow_rand::normal2d(state); }                     \
	inline float curand_log_normal(S *state, float mean, float stddev)                                          \
	{                                                                                                           \
		return expf(mean + stddev * cuflow_rand::normal(state));                                            \
	}                                                                                                           \
	inline double curand_log_normal_double(S *state, double mean, double stddev)                                \
	{                                                                                                           \
		return exp(mean + stddev * cuflow_rand::normald(state));                                            \
	}                                                                                                           \
	inline float2 curand_log_normal2(S *state, float mean, float stddev)                                        \
	{                                                                                                           \
		float2 p = cuflow_rand::normal2(state);                                                             \
		return make_float2(expf(mean + stddev * p.x), expf(mean + stddev * p.y));                           \
	}                                                                                                           \
	inline double2 curand_log_normal2_double(S *state, double mean, double stddev)                              \
	{                                                                                                           \
		double2 p = cuflow_rand::normal2d(state);                                                           \
		return make_double2(exp(mean + stddev * p.x), exp(mean + stddev * p.y));                            \
	}                                                                                                           \
	inline unsigned int curand_poisson(S *state, double lambda) { return cuflow_rand::poisson(state, lambda); }
CUFLOW_CURAND_DEFS(curandStateXORWOW_t)
CUFLOW_CURAND_DEFS(curandStatePhilox4_32_10_t)
CUFLOW_CURAND_DEFS(curandStateMRG32k3a_t)
#undef CUFLOW_CURAND_DEFS

/* Philox's four at a time: the next four outputs of its stream, in order */
inline uint4 curand4(curandStatePhilox4_32_10_t *state)
{
	uint32_t x = curand(state), y = curand(state), z = curand(state);
	return make_uint4(x, y, z, curand(state));
}
inline float4 curand_uniform4(curandStatePhilox4_32_10_t *state)
{
	uint4 r = curand4(state);
	return make_float4(cuflow_rand::unit(r.x), cuflow_rand::unit(r.y), cuflow_rand::unit(r.z),
	                   cuflow_rand::unit(r.w));
}
inline double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state)
{
	uint4 r = curand4(state);
	return make_double2(cuflow_rand::unit53(r.x, r.y), cuflow_rand::unit53(r.z, r.w));
}
inline float4 curand_normal4(curandStatePhilox4_32_10_t *state)
{
	float4 u = curand_uniform4(state);
	float2 a = cuflow_rand::boxmuller(u.x, u.y), b = cuflow_rand::boxmuller(u.z, u.w);
	return make_float4(a.x, a.y, b.x, b.y);
}
inline float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean, float stddev)
{
	float4 n = curand_normal4(state);
	return make_float4(expf(mean + stddev * n.x), expf(mean + stddev * n.y), expf(mean + stddev * n.z),
	                   expf(mean + stddev * n.w));
}
inline uint4 curand_poisson4(curandStatePhilox4_32_10_t *state, double lambda)
{
	unsigned int x = curand_poisson(state, lambda), y = curand_poisson(state, lambda);
	unsigned int z = curand_poisson(state, lambda);
	return make_uint4(x, y, z, curand_poisson(state, lambda));
}

#endif /* CUFLOW_CURAND_DEVICE_H */
