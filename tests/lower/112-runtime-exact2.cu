// The runtime's exact answers, a second hunt's findings (each wrong before,
// the expected values the CUDA Math API's and PTX's rules):
// sinpif/cospif/sinpi/cospi/sincospi* exact at integers and half-integers
// (sinpi(n) a zero of n's sign, cospi(n + 1/2) +0) and for large arguments
// (x reduced modulo 2 first: pi * 2^51.5 gave 0.96); NaN to integers as PTX
// cvt (0 from a float to 32 bits, 1 << (bits - 1) from a double or to 64
// bits: all gave 0); bfloat16 from double and integers and bf16 __hfma
// rounded once (they rounded through float); __half and bfloat16 to 16-bit
// integers saturating (__half2short_rz(40000) wrapped); device printf's
// count of arguments (it gave the characters printed); __fdividef for
// 2^126 < |y| < 2^128; intrinsics that did not compile (__dp2a_lo/_hi,
// __fns, __float2half_rz/ru/rd, __habs2, __hmax_nan, __half2uint_*,
// __ull2half_rn, __hadd_rn, __float2bfloat16_rz/ru/rd, __bfloat162uint_rz,
// __uint2bfloat16_rn, __hcmadd, h2exp, __hbeq2, __fmaf_ieee_*);
// __saturatef of a signalling NaN (+0; it gave 1). A wrong runtime prints
// a nonzero count in the group's field (the mismatches on stderr).
#include <cstdio>
#include <cmath>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

typedef unsigned long long u64;

__device__ u64 fb(float x) { return __float_as_uint(x); }
__device__ u64 db(double x) { return (u64)__double_as_longlong(x); }
__device__ u64 hb(__half x) { return __half_as_ushort(x); }
__device__ u64 bb(__nv_bfloat16 x) { return __bfloat16_as_ushort(x); }

__global__ void exact(const float *f, const double *d, const unsigned *u, u64 *o)
{
	int k = 0;
	float s, c;
	double sd, cd;
	/* sinpi group: 17 values */
	o[k++] = fb(sinpif(f[0]));            /* sinpif(1) = +0 */
	o[k++] = fb(sinpif(f[1]));            /* sinpif(-1) = -0 */
	o[k++] = fb(cospif(f[2]));            /* cospif(0.5) = +0 */
	o[k++] = fb(cospif(f[3]));            /* cospif(-1.5) = +0 */
	o[k++] = fb(cospif(f[0]));            /* -1 */
	o[k++] = fb(sinpif(f[2]));            /* 1 */
	o[k++] = fb(sinpif(f[4]));            /* sinpif(3.5) = -1 */
	o[k++] = fb(sinpif(f[5]));            /* sinpif(2^30) = +0 */
	o[k++] = fb(sinpif(-f[5]));           /* -0 */
	sincospif(f[0], &s, &c);
	o[k++] = fb(s);                       /* +0 */
	o[k++] = fb(c);                       /* -1 */
	o[k++] = db(sinpi(d[1]));             /* sinpi(2^51 + 0.5) = 1 */
	o[k++] = db(cospi(d[2]));             /* cospi(0.5) = +0 */
	o[k++] = db(sinpi(d[3]));             /* sinpi(-2) = -0 */
	o[k++] = db(cospi(d[4]));             /* cospi(2^53 - 1) = -1 */
	sincospi(d[5], &sd, &cd);
	o[k++] = db(sd);                      /* sinpi(1.5) = -1 */
	o[k++] = db(cd);                      /* cospi(1.5) = +0 */
	/* nan group: 8 */
	o[k++] = (unsigned)__double2int_rn(d[0]);
	o[k++] = __double2uint_rz(d[0]);
	o[k++] = (u64)__float2ll_rn(f[6]);
	o[k++] = __double2ull_rd(d[0]);
	o[k++] = (unsigned)__float2int_rn(f[6]);
	o[k++] = __float2uint_ru(f[6]);
	o[k++] = __float2ull_rz(f[6]);
	o[k++] = (u64)__double2ll_ru(d[0]);
	/* bf16 group: 5 */
	o[k++] = bb(__double2bfloat16(d[6]));                      /* 1 + 2^-8 + 2^-30 -> 1 + 2^-7 */
	o[k++] = bb(__double2bfloat16(-d[6]));
	o[k++] = bb(__int2bfloat16_rn((int)u[7]));                 /* 2^25 + 2^17 + 1 -> 2^25 + 2^18 */
	o[k++] = bb(__ll2bfloat16_rn((long long)u[10] << 32 | 1)); /* 2^40 + 2^32 + 1 -> 2^40 + 2^33 */
	o[k++] = bb(__hfma(__float2bfloat16(f[26]), __float2bfloat16(f[27]), __float2bfloat16(f[28]))); /* 259 - 2^-20 -> 258 */
	/* sat group: 7 */
	o[k++] = (unsigned short)__half2short_rz(__float2half(f[7]));   /* 40000 -> 32767 */
	o[k++] = (unsigned short)__half2short_rz(__float2half(f[8]));   /* -inf -> -32768 */
	o[k++] = __half2ushort_rz(__float2half(f[18]));                /* -5 -> 0 */
	o[k++] = __half2ushort_rn(__float2half(f[7]));                 /* 40000 */
	o[k++] = (unsigned short)__half2short_rn(__float2half(f[6]));   /* NaN -> 0 */
	o[k++] = (unsigned short)__bfloat162short_rz(__float2bfloat16(-f[19])); /* -1e10 -> -32768 */
	o[k++] = (u64)__half2ll_rz(__float2half(f[6]));                 /* NaN -> 1 << 63 */
	/* printf group: 4 (nothing printed) */
	o[k++] = printf("%.0d%.0s", 0, "x");
	o[k++] = printf("%s", "");
	o[k++] = printf("%.0s%.0s%.0s", "a", "b", "c");
	o[k++] = printf("");
	/* fdiv group: 4 */
	o[k++] = fb(__fdividef(f[0], f[9]));            /* 1 / 1.5 2^127 -> 0 */
	o[k++] = isnan(__fdividef(f[10], f[9]));        /* inf / 1.5 2^127 -> NaN */
	o[k++] = fb(__fdividef(f[24] * 3.0f, f[24]));   /* 6 / 2 -> 3 */
	o[k++] = fb(__fdividef(f[0], f[25]));           /* 1 / 2^126 -> 2^-126 */
	/* intr group: 38 */
	o[k++] = __dp2a_lo(u[0], u[1], 5u);             /* 772 * 6 + 258 * 0 + 5 */
	o[k++] = __dp2a_hi(u[0], u[1], 5u);             /* 772 * 5 + 258 * 0 + 5 */
	o[k++] = (unsigned)__dp2a_lo(-1, (int)u[2], 10); /* -1 * 2 + -1 * -1 + 10 */
	o[k++] = (unsigned)__dp2a_hi((int)u[3], (int)u[4], 0); /* 3 * 5 + 2 * 4 */
	o[k++] = __fns(u[0], 0u, 1);                    /* 2 */
	o[k++] = __fns(u[5], 2u, -1);                   /* 1 */
	o[k++] = __fns(u[5], 5u, 3);                    /* 9 */
	o[k++] = __fns(u[5], 2u, 0);                    /* none */
	o[k++] = __fns(1u, 31u, 1);                     /* none */
	o[k++] = hb(__float2half_rz(f[11]));            /* 3 */
	o[k++] = hb(__float2half_rz(f[12]));            /* 65520 -> 65504 */
	o[k++] = hb(__float2half_ru(f[13]));            /* 1 + 2^-12 -> 1 + 2^-10 */
	o[k++] = hb(__float2half_rd(f[14]));            /* -2^-30 -> -2^-24 */
	o[k++] = __half2uint_rn(__habs2(__float2half2_rn(-f[11])).x); /* 3 */
	o[k++] = __half2uint_rn(__float2half(f[20]));   /* 2.5 -> 2 */
	o[k++] = __half2uint_ru(__float2half(f[20]));   /* 3 */
	o[k++] = __half2ushort_rn(__float2half(f[21])); /* 1000.5 -> 1000 */
	o[k++] = hb(__ull2half_rn(~0ull + u[11]));      /* inf */
	o[k++] = hb(__ull2half_rn(2049ull + u[11]));    /* 2048 */
	o[k++] = hb(__hadd_rn(__float2half(f[0]), __float2half(f[15])));                   /* tie -> 1 */
	o[k++] = hb(__hadd_rn(__float2half(f[0] + 2 * f[15]), __float2half(f[15])));       /* tie -> 1 + 2^-9 */
	o[k++] = bb(__float2bfloat16_rz(f[16]));        /* 0x1.01fffep0 -> 1 */
	o[k++] = bb(__float2bfloat16_ru(f[17]));        /* 0x1.002p0 -> 1 + 2^-7 */
	o[k++] = bb(__float2bfloat16_rd(-f[17]));       /* -(1 + 2^-7) */
	o[k++] = __bfloat162uint_rz(__float2bfloat16(f[18])); /* -5 -> 0 */
	o[k++] = __bfloat162uint_rz(__float2bfloat16(f[19])); /* 1e10 -> 2^32 - 1 */
	o[k++] = bb(__uint2bfloat16_rn(u[8]));          /* 2^31 + 2^23 + 1 -> 2^31 + 2^24 */
	o[k++] = bb(__uint2bfloat16_rn(u[9]));          /* 2^31 + 2^23: tie -> 2^31 */
	__half2 a = __floats2half2_rn(f[0], f[24]), b = __floats2half2_rn(f[11], 4.0f), cc = __floats2half2_rn(5.0f, 6.0f);
	__half2 m = __hcmadd(a, b, cc);                 /* (1 + 2i)(3 + 4i) + (5 + 6i) = 0 + 16i */
	o[k++] = hb(m.x);
	o[k++] = hb(m.y);
	o[k++] = hb(h2exp(__floats2half2_rn(f[0] - 1.0f, 0.0f)).x); /* 1 */
	o[k++] = __hbeq2(a, __floats2half2_rn(1.0f, 2.0f));         /* 1 */
	o[k++] = __hbeq2(a, __floats2half2_rn(1.0f, 3.0f));         /* 0 */
	o[k++] = __hisnan(__hmax_nan(__float2half(f[6]), __float2half(f[0]))); /* 1 */
	o[k++] = hb(__hmin_nan(__float2half(f[0]), __float2half(f[24])));      /* 1 */
	o[k++] = fb(__fmaf_ieee_rz(f[0], f[0], -f[14]));                       /* 1 */
	o[k++] = fb(__fmaf_ieee_ru(f[0], f[0], -f[14]));                       /* 1 + 2^-23 */
	o[k++] = fb(__fmaf_ieee_rd(-f[0], f[0], f[14]));                       /* -(1 + 2^-23) */
	/* satf group: 4 */
	o[k++] = fb(__saturatef(__uint_as_float(u[6])));  /* signalling NaN -> +0 */
	o[k++] = fb(__saturatef(f[6]));                   /* NaN -> +0 */
	o[k++] = fb(__saturatef(f[24]));                  /* 2 -> 1 */
	o[k++] = fb(__saturatef(f[23]));                  /* 0.25 */
	o[k] = k; /* the count, last */
}

int main()
{
	const float inf = INFINITY, nanf = NAN;
	float hf[29] = {1.0f, -1.0f, 0.5f, -1.5f, 3.5f, 0x1p30f, nanf, 40000.0f, -1e30f, 0x1.8p127f, inf, 3.0f,
			65520.0f, 1.0f + 0x1p-12f, -0x1p-30f, 0x1p-11f, 0x1.01fffep0f, 0x1.002p0f, -5.0f, 1e10f, 2.5f,
			1000.5f, 0x1p-30f, 0.25f, 2.0f, 0x1p126f, 7.0f, 37.0f, -0x1p-20f};
	double hd[7] = {(double)NAN, 2251799813685248.5, 0.5, -2.0, 9007199254740991.0, 1.5, 1.0 + 0x1p-8 + 0x1p-30};
	unsigned hu[12] = {0x01020304u, 0x00050006u, 0x0000ff02u, 0x00020003u, 0x04050000u, 0xaaaaaaaau, 0x7f9e1bb7u,
			   (1u << 25) + (1u << 17) + 1, 0x80800001u, 0x80800000u, 0x101u, 0};
	const u64 N = 1ull << 63, S = 0x80000000u;
	/* expected, and the group each belongs to */
	struct { int g; u64 v; } want[] = {
		{0, 0}, {0, S}, {0, 0}, {0, 0}, {0, 0xbf800000u}, {0, 0x3f800000u}, {0, 0xbf800000u}, {0, 0}, {0, S},
		{0, 0}, {0, 0xbf800000u}, {0, 0x3ff0000000000000ull}, {0, 0}, {0, N}, {0, 0xbff0000000000000ull},
		{0, 0xbff0000000000000ull}, {0, 0},
		{1, S}, {1, S}, {1, N}, {1, N}, {1, 0}, {1, 0}, {1, N}, {1, N},
		{2, 0x3f81}, {2, 0xbf81}, {2, 0x4c01}, {2, 0x5381}, {2, 0x4381},
		{3, 0x7fff}, {3, 0x8000}, {3, 0}, {3, 40000}, {3, 0}, {3, 0x8000}, {3, N},
		{4, 2}, {4, 1}, {4, 3}, {4, 0},
		{5, 0}, {5, 1}, {5, 0x40400000u}, {5, 0x00800000u},
		{6, 4637}, {6, 3865}, {6, 9}, {6, 23}, {6, 2}, {6, 1}, {6, 9}, {6, 0xffffffffu}, {6, 0xffffffffu},
		{6, 0x4200}, {6, 0x7bff}, {6, 0x3c01}, {6, 0x8001}, {6, 3}, {6, 2}, {6, 3}, {6, 1000}, {6, 0x7c00},
		{6, 0x6800}, {6, 0x3c00}, {6, 0x3c02}, {6, 0x3f80}, {6, 0x3f81}, {6, 0xbf81}, {6, 0}, {6, 0xffffffffu},
		{6, 0x4f01}, {6, 0x4f00}, {6, 0}, {6, 0x4c00}, {6, 0x3c00}, {6, 1}, {6, 0}, {6, 1}, {6, 0x3c00},
		{6, 0x3f800000u}, {6, 0x3f800001u}, {6, 0xbf800001u},
		{7, 0}, {7, 0}, {7, 0x3f800000u}, {7, 0x3e800000u},
	};
	const int n = sizeof want / sizeof want[0];
	float *df;
	double *dd;
	unsigned *du;
	u64 *dout, o[128];
	cudaMalloc(&df, sizeof hf);
	cudaMalloc(&dd, sizeof hd);
	cudaMalloc(&du, sizeof hu);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
	cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
	cudaMemcpy(du, hu, sizeof hu, cudaMemcpyHostToDevice);
	exact<<<1, 1>>>(df, dd, du, dout);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	int bad[8] = {0};
	for (int i = 0; i < n; i++)
		if (o[i] != want[i].v) {
			bad[want[i].g]++;
			fprintf(stderr, "value %d (group %d): %llx, not %llx\n", i, want[i].g, o[i], want[i].v);
		}
	printf("RESULT n=%d sinpi_bad=%d nan_bad=%d bf16_bad=%d sat_bad=%d printf_bad=%d fdiv_bad=%d intr_bad=%d satf_bad=%d\n",
	       (int)o[n], bad[0], bad[1], bad[2], bad[3], bad[4], bad[5], bad[6], bad[7]);
	return 0;
}
