// Half and bfloat16 functions beyond arithmetic, as the GPU gives them:
// __hmax/__hmin of two zeros (+0 is the larger) and of two NaNs (the
// canonical NaN), the _sat forms (clamped to [+0, 1], a NaN gives +0),
// _relu, the _mask comparisons, __hisnan2 and the pair shuffles; and the
// norm family with an infinite coordinate beside a NaN (+inf, the r forms
// +0). Each result's bits go into a checksum.
#include <cstdio>
#include <cmath>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

#define N 64

__device__ unsigned hb(__half h) { return __half_as_ushort(h); }
__device__ unsigned bb(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }
__device__ unsigned h2b(__half2 h) { return hb(h.x) | hb(h.y) << 16; }
__device__ unsigned b2b(__nv_bfloat162 h) { return bb(h.x) | bb(h.y) << 16; }

__global__ void halves(const float *in, unsigned *out)
{
	float z = in[0], nan = in[1], a = in[2], b = in[3], c = in[4];
	__half hp = __float2half(z), hm = __float2half(-z), hn = __float2half(nan);
	__half ha = __float2half(a), hb_ = __float2half(b), hc = __float2half(c);
	int k = 0;
	out[k++] = hb(__hmax(hp, hm)) | hb(__hmax(hm, hp)) << 16;
	out[k++] = hb(__hmin(hp, hm)) | hb(__hmin(hm, hp)) << 16;
	out[k++] = hb(__hmax(hn, hn)) | hb(__hmin(hn, hn)) << 16;
	out[k++] = hb(__hmax(hn, ha)) | hb(__hmin(hb_, hn)) << 16;
	out[k++] = hb(__hadd_sat(ha, hb_)) | hb(__hsub_sat(ha, hb_)) << 16;
	out[k++] = hb(__hmul_sat(ha, hc)) | hb(__hfma_sat(ha, hb_, hc)) << 16;
	out[k++] = hb(__hadd_sat(hn, ha)) | hb(__hfma_relu(ha, hb_, hc)) << 16;
	out[k++] = hb(__hfma_relu(ha, __hneg(hb_), hc)) | hb(__hfma_relu(hn, ha, hc)) << 16;
	__half2 p = __halves2half2(ha, hn), q = __halves2half2(hb_, hc);
	out[k++] = h2b(__hadd2_sat(p, q));
	out[k++] = h2b(__hfma2_relu(p, q, q));
	out[k++] = __hge2_mask(p, q) ^ __hlt2_mask(q, p) << 1 ^ __hequ2_mask(p, p) << 2 ^ __hneu2_mask(p, q) << 3;
	out[k++] = h2b(__hisnan2(p));
	out[k++] = h2b(__low2half2(p)) ^ h2b(__high2half2(q)) ^ h2b(__lowhigh2highlow(q));
	out[k++] = h2b(make_half2(hc, ha)) ^ (unsigned)__half_as_short(__short_as_half(-3));
	__nv_bfloat16 bp = __float2bfloat16(z), bm = __float2bfloat16(-z), bn = __float2bfloat16(nan);
	__nv_bfloat16 ba = __float2bfloat16(a), bq = __float2bfloat16(b), bc = __float2bfloat16(c);
	out[k++] = bb(__hmax(bp, bm)) | bb(__hmin(bm, bp)) << 16;
	out[k++] = bb(__hmax(bn, bn)) | bb(__hmin(bn, bn)) << 16;
	out[k++] = bb(__hadd_sat(ba, bq)) | bb(__hmul_sat(ba, bc)) << 16;
	out[k++] = bb(__hfma_relu(ba, __hneg(bq), bc)) | bb(__hfma_sat(ba, bq, bc)) << 16;
	__nv_bfloat162 r = __halves2bfloat162(ba, bn), s = __halves2bfloat162(bq, bc);
	out[k++] = b2b(__hmul2_sat(r, s)) ^ __hle2_mask(r, s) ^ b2b(__hisnan2(r));
	float fa[3] = {nan, INFINITY, 1.0f};
	double da[3] = {nan, -INFINITY, 1.0};
	float f[] = {norm3df(INFINITY, nan, 1.0f), rnorm3df(-INFINITY, nan, 1.0f), norm4df(nan, 1, 1, INFINITY),
		     rnorm4df(nan, 1, 1, INFINITY), normf(3, fa), rnormf(3, fa), norm3df(3, 4, 12), rnormf(2, fa + 1)};
	for (int i = 0; i < 8; i++)
		out[k++] = __float_as_uint(f[i]);
	double d[] = {norm3d(INFINITY, nan, 1), rnorm3d(nan, -INFINITY, 1), norm4d(nan, 1, 1, -INFINITY),
		      rnorm4d(1, 1, nan, INFINITY), norm(3, da), rnorm(3, da), norm4d(1, 2, 2, 4), fdivide(a, c)};
	for (int i = 0; i < 8; i++) {
		unsigned long long u = __double_as_longlong(d[i]);
		out[k++] = (unsigned)u ^ (unsigned)(u >> 32);
	}
	out[N - 1] = k;
}

int main()
{
	float hin[5] = {0.0f, nanf(""), 0.75f, 0.5f, -0.25f};
	float *in;
	unsigned *out, h[N] = {0};
	cudaMalloc(&in, sizeof hin);
	cudaMalloc(&out, sizeof h);
	cudaMemset(out, 0, sizeof h);
	cudaMemcpy(in, hin, sizeof hin, cudaMemcpyHostToDevice);
	halves<<<1, 1>>>(in, out);
	cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
	unsigned sum = 0;
	for (int i = 0; i < N - 1; i++)
		sum = sum * 31u + h[i];
	printf("RESULT n=%u max=%04x/%04x nan=%08x sat=%08x sum=%08x\n", h[N - 1], h[0] & 0xffff, h[1] & 0xffff, h[2], h[4], sum);
	cudaFree(in);
	cudaFree(out);
	return 0;
}
