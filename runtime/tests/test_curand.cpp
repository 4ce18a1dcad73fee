/* test_curand.cpp: the runtime's cuRAND (curand.h, cuflow_curand_device.h)
 * against the generators' published values: Philox4x32-10's known answers
 * (Random123), Marsaglia's xorwow from his paper's seeds; skips by jump
 * tables against stepping, subsequences against skips, Philox's counter
 * carry; the uniform conversions' ends; the host API against the device
 * stream it is documented to be, and its refusals. */
#include <initializer_list>

#include "check.h"
#include "curand_kernel.h"

static void test_philox_known(void)
{
	using cuflow_rand::philox;
	uint4 r = philox(make_uint4(0, 0, 0, 0), make_uint2(0, 0));
	CHECK(r.x == 0x6627e8d5u && r.y == 0xe169c58du && r.z == 0xbc57ac4cu && r.w == 0x9b00dbd8u);
	r = philox(make_uint4(~0u, ~0u, ~0u, ~0u), make_uint2(~0u, ~0u));
	CHECK(r.x == 0x408f276du && r.y == 0x41c83b0eu && r.z == 0xa20bc7c6u && r.w == 0x6d5451fdu);
	r = philox(make_uint4(0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u),
	           make_uint2(0xa4093822u, 0x299f31d0u));
	CHECK(r.x == 0xd16cfe09u && r.y == 0x94fdccebu && r.z == 0x5001e420u && r.w == 0x24126ea1u);
}

/* the key is the seed, the counter's upper half the subsequence; its low
 * half carries into it */
static void test_philox_layout(void)
{
	curandStatePhilox4_32_10_t s;
	curand_init(0x299f31d0a4093822ull, 0x0370734413198a2eull, 0, &s);
	for (int i = 0; i < 4; i++) /* 4 x 0x85a308d3243f6a88 outputs: that many blocks of four */
		skipahead(0x85a308d3243f6a88ull, &s);
	CHECK_EQ(curand(&s), 0xd16cfe09u);
	uint4 c = make_uint4(~0u, ~0u, 5, 0);
	cuflow_rand::philoxadd(&c, 1);
	CHECK(c.x == 0 && c.y == 0 && c.z == 6 && c.w == 0);
	c = make_uint4(~0u, ~0u, ~0u, 0);
	cuflow_rand::philoxadd(&c, 2);
	CHECK(c.x == 1 && c.y == 0 && c.z == 0 && c.w == 1);
}

static void test_xorwow_paper(void)
{
	curandStateXORWOW_t s = {};
	const unsigned int v[5] = {123456789, 362436069, 521288629, 88675123, 5783321};
	for (int i = 0; i < 5; i++)
		s.v[i] = v[i];
	s.d = 6615241;
	CHECK_EQ(curand(&s), 246875399u);
	CHECK_EQ(curand(&s), 3690007200u);
	CHECK_EQ(curand(&s), 1264581005u);
	CHECK_EQ(curand(&s), 3906711041u);
}

/* offset n, skipahead(n) and n draws reach the same value */
template <class S> static void test_skips(void)
{
	for (unsigned long long n : {0ull, 1ull, 3ull, 4ull, 5ull, 1000ull, 65537ull}) {
		S a, b, c;
		curand_init(42, 3, 0, &a);
		curand_init(42, 3, 0, &b);
		curand_init(42, 3, n, &c);
		for (unsigned long long i = 0; i < n; i++)
			curand(&a);
		skipahead(n, &b);
		unsigned int x = curand(&a);
		CHECK_EQ(curand(&b), x);
		CHECK_EQ(curand(&c), x);
	}
}

/* a subsequence is a skip of its length: 2^67 (XORWOW), 2^66 (Philox),
 * 2^76 (MRG32k3a), taken in skips of 2^63 */
template <class S> static void test_subsequence(int log2len)
{
	S a, b;
	curand_init(7, 2, 0, &a);
	curand_init(7, 0, 0, &b);
	for (int i = 0; i < 2 << (log2len - 63); i++)
		skipahead(1ull << 63, &b);
	CHECK_EQ(curand(&a), curand(&b));
}

static void test_sequences(void)
{
	curandStateXORWOW_t x, y;
	curand_init(9, 5, 0, &x);
	curand_init(9, 0, 0, &y);
	skipahead_sequence(5, &y);
	CHECK_EQ(curand(&x), curand(&y));
	curandStatePhilox4_32_10_t p, q;
	curand_init(9, 5, 0, &p);
	curand_init(9, 0, 0, &q);
	skipahead_sequence(5, &q);
	CHECK_EQ(curand(&p), curand(&q));
	curandStateMRG32k3a_t m, n;
	curand_init(9, 0, 0, &m);
	curand_init(9, 0, 0, &n);
	skipahead_sequence(1, &m);
	skipahead_subsequence(1ull << 51, &n);
	CHECK_EQ(curand(&m), curand(&n));
}

/* the memo of the last XORWOW start: counting down and other seeds too */
static void test_xorwow_starts(void)
{
	unsigned int first[4];
	for (int sub = 0; sub < 4; sub++) {
		curandState s;
		curand_init(11, sub, 0, &s);
		first[sub] = curand(&s);
	}
	for (int sub = 3; sub >= 0; sub--) {
		curandState s, o;
		curand_init(12, sub, 0, &o);
		curand_init(11, sub, 0, &s);
		CHECK_EQ(curand(&s), first[sub]);
	}
}

static void test_conversions(void)
{
	CHECK(cuflow_rand::unit(0) == 0x1p-33f);
	CHECK(cuflow_rand::unit(~0u) == 1.0f);
	CHECK(cuflow_rand::unit53(0, 0) == 0x1p-54);
	CHECK(cuflow_rand::unit53(~0u, 0xfffff800u) == 1.0); /* 2^53 - 1: rounds up */
}

/* output i of a generator is value offset + i of curand_init(seed, 0, 0),
 * across calls; normals come in pairs */
static void test_host_api(void)
{
	curandGenerator_t g;
	CHECK_EQ(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MTGP32), CURAND_STATUS_TYPE_ERROR);
	CHECK_EQ(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10), CURAND_STATUS_SUCCESS);
	CHECK_EQ(curandSetPseudoRandomGeneratorSeed(g, 99), CURAND_STATUS_SUCCESS);
	CHECK_EQ(curandSetGeneratorOffset(g, 6), CURAND_STATUS_SUCCESS);
	CHECK_EQ(curandSetGeneratorOrdering(g, CURAND_ORDERING_QUASI_DEFAULT), CURAND_STATUS_OUT_OF_RANGE);
	unsigned int u[10];
	CHECK_EQ(curandGenerate(g, u, 3), CURAND_STATUS_SUCCESS);
	CHECK_EQ(curandGenerate(g, u + 3, 7), CURAND_STATUS_SUCCESS);
	curandStatePhilox4_32_10_t s;
	curand_init(99, 0, 6, &s);
	for (int i = 0; i < 10; i++)
		CHECK_EQ(u[i], curand(&s));
	float f[3];
	CHECK_EQ(curandGenerateNormal(g, f, 3, 0, 1), CURAND_STATUS_LENGTH_NOT_MULTIPLE);
	CHECK_EQ(curandGenerateLongLong(g, NULL, 0), CURAND_STATUS_TYPE_ERROR);
	CHECK_EQ(curandDestroyGenerator(g), CURAND_STATUS_SUCCESS);
	CHECK_EQ(curandGenerate(NULL, u, 1), CURAND_STATUS_NOT_INITIALIZED);
}

int main(void)
{
	test_philox_known();
	test_philox_layout();
	test_xorwow_paper();
	test_skips<curandStatePhilox4_32_10_t>();
	test_skips<curandStateXORWOW_t>();
	test_skips<curandStateMRG32k3a_t>();
	test_subsequence<curandStateXORWOW_t>(67);
	test_subsequence<curandStatePhilox4_32_10_t>(66);
	test_subsequence<curandStateMRG32k3a_t>(76);
	test_sequences();
	test_xorwow_starts();
	test_conversions();
	test_host_api();
	printf("PASS test_curand\n");
	return 0;
}
