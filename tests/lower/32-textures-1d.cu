// 32-textures-1d.cu: one-dimensional texture references written with their
// default template arguments: texture<float, 1> (mode left out),
// texture<int2> (dimension and mode left out) and the full
// texture<float4, 1, cudaReadModeElementType>, read with tex1Dfetch in one
// kernel and rebound to another buffer between two launches.
// Texture references were removed in CUDA 12: on a GPU this builds with
// CUDA 11 or older (tests/gpu/lower reports it as not built under CUDA 13).
// Expected: RESULT sum=<S> rebound=<R> bad=0. A lowering that takes the
// dimension from the type's text refuses it (texture<float, 1> and
// texture<int2> "not one-dimensional"); a fetch of the wrong texel prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 4096

texture<float, 1> tf;
texture<int2> ti;
texture<float4, 1, cudaReadModeElementType> tq;

__global__ void gather(float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int j = (i * 7) % n;
	int2 p = tex1Dfetch(ti, j);
	float4 q = tex1Dfetch(tq, i);
	out[i] = tex1Dfetch(tf, i) + (float)(p.x - p.y) + q.x + q.y * 2.0f + q.z * 3.0f + q.w * 4.0f;
}

static float ref(const float *f, const int2 *p, const float4 *q, int i, int n)
{
	int j = (i * 7) % n;
	return f[i] + (float)(p[j].x - p[j].y) + q[i].x + q[i].y * 2.0f + q[i].z * 3.0f + q[i].w * 4.0f;
}

int main()
{
	static float hf[N], hg[N], out[N];
	static int2 hp[N];
	static float4 hq[N];
	for (int i = 0; i < N; i++) {
		hf[i] = (float)(i % 100);
		hg[i] = (float)(i % 37 - 18);
		hp[i] = make_int2(i % 13, i % 5);
		hq[i] = make_float4((float)(i % 3), (float)(i % 4), (float)(i % 5), (float)(i % 6));
	}
	float *df, *dg, *dout;
	int2 *dp;
	float4 *dq;
	CHECK(cudaMalloc(&df, sizeof hf));
	CHECK(cudaMalloc(&dg, sizeof hg));
	CHECK(cudaMalloc(&dp, sizeof hp));
	CHECK(cudaMalloc(&dq, sizeof hq));
	CHECK(cudaMalloc(&dout, sizeof out));
	CHECK(cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dg, hg, sizeof hg, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dp, hp, sizeof hp, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dq, hq, sizeof hq, cudaMemcpyHostToDevice));
	CHECK(cudaBindTexture(NULL, tf, df, sizeof hf));
	CHECK(cudaBindTexture(NULL, ti, dp, sizeof hp));
	CHECK(cudaBindTexture(NULL, tq, dq, sizeof hq));
	long long sum = 0, rebound = 0;
	int bad = 0;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			CHECK(cudaBindTexture(NULL, tf, dg, sizeof hg));
		gather<<<(N + 127) / 128, 128>>>(dout, N);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
		for (int i = 0; i < N; i++) {
			float want = ref(pass ? hg : hf, hp, hq, i, N);
			bad += out[i] != want;
			(pass ? rebound : sum) += (long long)out[i];
		}
	}
	CHECK(cudaUnbindTexture(tf));
	CHECK(cudaUnbindTexture(ti));
	CHECK(cudaUnbindTexture(tq));
	printf("RESULT sum=%lld rebound=%lld bad=%d\n", sum, rebound, bad);
	return 0;
}
