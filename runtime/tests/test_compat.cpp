/* test_compat.cpp: lowered programs keep their own helpers. A program's
 * own double atomicAdd (pre-sm_60 idiom), helper_math.h-style vector
 * operators, min/max macros and globals named half, texture and warpSize
 * (with the opt-out macros) must compile against cuflow_rt.h, and the
 * program's definitions must be the ones called. */
#define CUFLOW_NO_HALF_NAMES
#define CUFLOW_NO_TEXTURE_REFERENCES
#define CUFLOW_NO_WARPSIZE
#include "check.h"

int half = 2, texture = 3, warpSize = 32;
static int own_add, own_plus, own_scale;

__device__ double atomicAdd(double *address, double val)
{
	own_add++;
	unsigned long long *p = (unsigned long long *)address, old = *p, assumed;
	do {
		assumed = old;
		old = atomicCAS(p, assumed, (unsigned long long)__double_as_longlong(val + __longlong_as_double((long long)assumed)));
	} while (assumed != old);
	return __longlong_as_double((long long)old);
}

inline __host__ __device__ float3 operator+(float3 a, float3 b)
{
	own_plus++;
	return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}

inline __host__ __device__ float3 operator*(float3 a, float s)
{
	own_scale++;
	return make_float3(a.x * s, a.y * s, a.z * s);
}

#define min(a, b) ((a) < (b) ? (a) : (b))

int main(void)
{
	double d = 1.0;
	atomicAdd(&d, 2.0);
	float f = 0;
	atomicAdd(&f, 1); /* the runtime's template, the int converted */
	float3 v = make_float3(1, 2, 3) + make_float3(1, 1, 1) * 2.0f;
	float3 w = make_float3(1, 2, 3) - make_float3(1, 1, 1); /* the runtime's */
	CHECK(d == 3.0 && f == 1.0f && own_add == 1);
	CHECK(v.x == 3 && v.z == 5 && own_plus == 1 && own_scale == 1);
	CHECK(w.y == 1);
	CHECK(min(half, texture) == 2 && warpSize == 32);
	__half h = __float2half(2.0f);
	CHECK(__half2float(h) == 2.0f);
	printf("PASS test_compat\n");
	return 0;
}
