// 14-vector-types-syncount.cu: vector types float2/float4/int2 built with
// make_float2/make_float4/make_int2, loaded and stored as whole structs and
// member-wise; a __shared__ float2 array used across a barrier; and the
// barrier-with-reduction intrinsics __syncthreads_count, __syncthreads_or and
// __syncthreads_and on per-thread predicates that differ per block.
// Expected: RESULT vec=<V> vbad=0 cnt=<C> or=<O> and=<A> sbad=0. A wrong
// lowering (members swapped or dropped, the count taken before all threads
// reached the barrier, or/and computed per thread) prints vbad/sbad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 128
#define NB 128

__global__ void vec(const float4 *a, const int2 *b, float2 *o2, float4 *o4, int2 *oi)
{
	__shared__ float2 sh[BS];
	int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
	float4 v = a[i];
	int2 w = b[i];
	sh[tid] = make_float2(v.x + v.y, v.z * v.w);
	__syncthreads();
	float2 t = sh[BS - 1 - tid];
	o2[i] = make_float2(t.x, t.y - (float)w.x);
	o4[i] = make_float4(v.w, v.z, v.y + (float)w.x, v.x - (float)w.y);
	int2 r;
	r.x = w.x + w.y;
	r.y = w.x * w.y;
	oi[i] = r;
}

__global__ void syncs(const int *in, int *res)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	int c = __syncthreads_count(v % 5 == 0);
	int o = __syncthreads_or(v == 42);
	int a = __syncthreads_and(v >= 0);
	if (threadIdx.x == 0) {
		res[blockIdx.x * 3 + 0] = c;
		res[blockIdx.x * 3 + 1] = o != 0;
		res[blockIdx.x * 3 + 2] = a != 0;
	}
}

int main()
{
	const int n = NB * BS;
	float4 *ha = (float4 *)malloc(n * sizeof(float4)), *h4 = (float4 *)malloc(n * sizeof(float4));
	int2 *hb = (int2 *)malloc(n * sizeof(int2)), *hoi = (int2 *)malloc(n * sizeof(int2));
	float2 *h2 = (float2 *)malloc(n * sizeof(float2));
	int *hin = (int *)malloc(n * sizeof(int));
	int hres[NB * 3];
	for (int i = 0; i < n; ++i) {
		ha[i] = make_float4((float)(i % 9), (float)(i % 7 - 3), (float)(i % 5), (float)(i % 11 - 5));
		hb[i] = make_int2(i % 13 - 6, i % 17);
		int v = (int)(((unsigned)i * 2654435761u) >> 20) % 200;
		int blk = i / BS, t = i % BS;
		if (v == 42 && blk % 3 != 0)
			v = 43;
		if (blk % 3 == 0 && t == (blk * 7) % BS)
			v = 42;
		if (blk % 4 == 0 && t == (blk * 5 + 3) % BS)
			v = -1;
		hin[i] = v;
	}
	float4 *da, *d4;
	int2 *db, *doi;
	float2 *d2;
	int *din, *dres;
	CHECK(cudaMalloc(&da, n * sizeof(float4)));
	CHECK(cudaMalloc(&d4, n * sizeof(float4)));
	CHECK(cudaMalloc(&db, n * sizeof(int2)));
	CHECK(cudaMalloc(&doi, n * sizeof(int2)));
	CHECK(cudaMalloc(&d2, n * sizeof(float2)));
	CHECK(cudaMalloc(&din, n * sizeof(int)));
	CHECK(cudaMalloc(&dres, NB * 3 * sizeof(int)));
	CHECK(cudaMemcpy(da, ha, n * sizeof(float4), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(db, hb, n * sizeof(int2), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(din, hin, n * sizeof(int), cudaMemcpyHostToDevice));
	vec<<<NB, BS>>>(da, db, d2, d4, doi);
	CHECK(cudaGetLastError());
	syncs<<<NB, BS>>>(din, dres);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(h2, d2, n * sizeof(float2), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h4, d4, n * sizeof(float4), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hoi, doi, n * sizeof(int2), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hres, dres, sizeof(hres), cudaMemcpyDeviceToHost));

	int vbad = 0, sbad = 0, cnt = 0, orc = 0, andc = 0;
	double vsum = 0.0;
	for (int i = 0; i < n; ++i) {
		float4 v = ha[i];
		int2 w = hb[i];
		int j = (i / BS) * BS + (BS - 1 - i % BS);
		float4 u = ha[j];
		vbad += h2[i].x != u.x + u.y || h2[i].y != u.z * u.w - (float)w.x;
		vbad += h4[i].x != v.w || h4[i].y != v.z || h4[i].z != v.y + (float)w.x ||
			h4[i].w != v.x - (float)w.y;
		vbad += hoi[i].x != w.x + w.y || hoi[i].y != w.x * w.y;
		vsum += h2[i].x + 2.0 * h2[i].y + 3.0 * h4[i].z + h4[i].w + hoi[i].x + 0.5 * hoi[i].y;
	}
	for (int b = 0; b < NB; ++b) {
		int c = 0, o = 0, a = 1;
		for (int t = 0; t < BS; ++t) {
			int v = hin[b * BS + t];
			c += v % 5 == 0;
			o |= v == 42;
			a &= v >= 0;
		}
		sbad += hres[b * 3] != c || hres[b * 3 + 1] != o || hres[b * 3 + 2] != a;
		cnt += hres[b * 3];
		orc += hres[b * 3 + 1];
		andc += hres[b * 3 + 2];
	}
	printf("RESULT vec=%.1f vbad=%d cnt=%d or=%d and=%d sbad=%d\n", vsum, vbad, cnt, orc, andc, sbad);
	CHECK(cudaFree(da));
	CHECK(cudaFree(d4));
	CHECK(cudaFree(db));
	CHECK(cudaFree(doi));
	CHECK(cudaFree(d2));
	CHECK(cudaFree(din));
	CHECK(cudaFree(dres));
	free(ha);
	free(h4);
	free(hb);
	free(hoi);
	free(h2);
	free(hin);
	return 0;
}
