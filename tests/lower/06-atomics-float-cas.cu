// 06-atomics-float-cas.cu: atomicAdd on float (small integers, so any order
// gives the exact sum), atomicMax/atomicMin/atomicOr/atomicSub on int, a
// lock-free float max built from an atomicCAS loop on the bits, and an integer
// add built from an atomicCAS retry loop.
// Expected: RESULT fsum=<S>.0 fbins=ok imax=<M> imin=<m> orbits=ffffffff
// fmax=100.0 casacc=<A> down=0 bad=0. A wrong lowering (lost updates, CAS not
// returning the old value, loop exiting early) prints other values or bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 65536
#define BS 256

struct Acc {
	float fsum;
	float fbins[16];
	int imax, imin;
	unsigned orbits;
	float fmax;
	int casacc;
	int down;
};

__device__ float cas_max_float(float *addr, float val)
{
	int *a = (int *)addr;
	int old = *a, assumed;
	do {
		assumed = old;
		if (__int_as_float(assumed) >= val)
			break;
		old = atomicCAS(a, assumed, __float_as_int(val));
	} while (assumed != old);
	return __int_as_float(old);
}

__device__ int cas_add(int *addr, int val)
{
	int old = *addr, assumed;
	do {
		assumed = old;
		old = atomicCAS(addr, assumed, assumed + val);
	} while (assumed != old);
	return old;
}

__global__ void atomics(const float *fin, const int *iin, Acc *acc, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	atomicAdd(&acc->fsum, fin[i]);
	atomicAdd(&acc->fbins[i % 16], fin[i]);
	atomicMax(&acc->imax, iin[i]);
	atomicMin(&acc->imin, iin[i]);
	atomicOr(&acc->orbits, 1u << (iin[i] & 31));
	cas_max_float(&acc->fmax, fin[i] * 100.0f / 6.0f);
	cas_add(&acc->casacc, iin[i] % 7);
	atomicSub(&acc->down, 1);
}

int main()
{
	float *hf = (float *)malloc(N * sizeof(float));
	int *hi = (int *)malloc(N * sizeof(int));
	float fsum = 0.0f, fbins[16] = {0}, fmax = -1e30f;
	int imax = -2147483647 - 1, imin = 2147483647, casacc = 0;
	unsigned orbits = 0;
	for (int i = 0; i < N; ++i) {
		hf[i] = (float)((i * 13) % 11 - 4); /* -4..6 */
		hi[i] = (i * 7919) % 20011 - 10000;
		fsum += hf[i];
		fbins[i % 16] += hf[i];
		imax = hi[i] > imax ? hi[i] : imax;
		imin = hi[i] < imin ? hi[i] : imin;
		orbits |= 1u << (hi[i] & 31);
		float m = hf[i] * 100.0f / 6.0f;
		fmax = m > fmax ? m : fmax;
		casacc += hi[i] % 7;
	}
	Acc init = {};
	init.imax = -2147483647 - 1;
	init.imin = 2147483647;
	init.fmax = -1e30f;
	init.down = N;
	float *dfin;
	int *diin;
	Acc *dacc, res;
	CHECK(cudaMalloc(&dfin, N * sizeof(float)));
	CHECK(cudaMalloc(&diin, N * sizeof(int)));
	CHECK(cudaMalloc(&dacc, sizeof(Acc)));
	CHECK(cudaMemcpy(dfin, hf, N * sizeof(float), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(diin, hi, N * sizeof(int), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dacc, &init, sizeof(Acc), cudaMemcpyHostToDevice));
	atomics<<<N / BS, BS>>>(dfin, diin, dacc, N);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(&res, dacc, sizeof(Acc), cudaMemcpyDeviceToHost));

	int bad = 0, fbins_bad = 0;
	for (int b = 0; b < 16; ++b)
		fbins_bad += res.fbins[b] != fbins[b];
	bad += res.fsum != fsum;
	bad += res.imax != imax;
	bad += res.imin != imin;
	bad += res.orbits != orbits;
	bad += res.fmax != fmax;
	bad += res.casacc != casacc;
	bad += res.down != 0;
	bad += fbins_bad;
	printf("RESULT fsum=%.1f fbins=%s imax=%d imin=%d orbits=%08x fmax=%.1f casacc=%d down=%d bad=%d\n",
	       res.fsum, fbins_bad ? "BAD" : "ok", res.imax, res.imin, res.orbits, res.fmax, res.casacc,
	       res.down, bad);
	CHECK(cudaFree(dfin));
	CHECK(cudaFree(diin));
	CHECK(cudaFree(dacc));
	free(hf);
	free(hi);
	return 0;
}
