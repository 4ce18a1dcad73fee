// 51-cub-block-reduce: cub::BlockReduce lowered to a block collective: Sum,
// Sum over the first num_valid threads, Reduce with a functor, in a kernel
// template (its calls unresolved in the template's text), in a plain kernel
// through a __device__ helper that owns the TempStorage, and twice on one
// TempStorage. Every field is an integer sum or a mismatch count against
// the host's reference (bad=0). A lowering that ran the threads one after
// another through the call would fold partial values (bad>0).
#include <cstdio>
#include <cub/cub.cuh>

struct imax {
	__host__ __device__ int operator()(int a, int b) const { return a < b ? b : a; }
};

template <typename T, int B>
__global__ void sums(const T *in, T *out, int *mx, int n)
{
	typedef cub::BlockReduce<T, B> BR;
	typedef cub::BlockReduce<int, B> BRI;
	__shared__ typename BR::TempStorage t;
	__shared__ typename BRI::TempStorage ti;
	int i = blockIdx.x * B + threadIdx.x;
	T v = i < n ? in[i] : T(0);
	T all = BR(t).Sum(v);
	__syncthreads(); /* t again */
	int valid = n - (int)blockIdx.x * B;
	T part = BR(t).Sum(v, valid < B ? valid : B);
	int m = BRI(ti).Reduce(i < n ? (int)in[i] * 3 % 11 : -1, imax());
	if (threadIdx.x == 0) {
		out[blockIdx.x] = all + part;
		mx[blockIdx.x] = m;
	}
}

__device__ void blockcount(int &v) /* HeCBench's form: a helper owning its TempStorage */
{
	typedef cub::BlockReduce<int, 64> BR;
	__shared__ BR::TempStorage t;
	v = BR(t).Sum(v);
}

__global__ void counts(const int *in, int *out, int n)
{
	int i = blockIdx.x * 64 + threadIdx.x;
	int c = i < n && in[i] % 3 == 0;
	blockcount(c);
	if (threadIdx.x == 0)
		out[blockIdx.x] = c;
}

int main()
{
	const int n = 1000, B = 128, nb = (n + B - 1) / B, nc = (n + 63) / 64;
	int *hin = new int[n], *din, *dout, *dmx, *dc;
	float *hf = new float[n], *dfin, *dfout;
	for (int i = 0; i < n; i++) {
		hin[i] = (i * 7 + 3) % 23;
		hf[i] = (float)(i % 17);
	}
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dfin, n * sizeof(float));
	cudaMalloc(&dout, nb * sizeof(int));
	cudaMalloc(&dfout, nb * sizeof(float));
	cudaMalloc(&dmx, 2 * nb * sizeof(int));
	cudaMalloc(&dc, nc * sizeof(int));
	cudaMemcpy(din, hin, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(dfin, hf, n * sizeof(float), cudaMemcpyHostToDevice);
	sums<int, B><<<nb, B>>>(din, dout, dmx, n);
	sums<float, B><<<nb, B>>>(dfin, dfout, dmx + nb, n);
	counts<<<nc, 64>>>(din, dc, n);
	int *iout = new int[nb], *mx = new int[2 * nb], *c = new int[nc];
	float *fout = new float[nb];
	cudaMemcpy(iout, dout, nb * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(fout, dfout, nb * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(mx, dmx, 2 * nb * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(c, dc, nc * sizeof(int), cudaMemcpyDeviceToHost);
	long isum = 0, fsum = 0, msum = 0, csum = 0;
	int bad = 0;
	for (int b = 0; b < nb; b++) {
		long ri = 0, rf = 0;
		int rm = -1, rmf = -1;
		for (int i = b * B; i < n && i < (b + 1) * B; i++) {
			ri += hin[i];
			rf += (long)hf[i];
			rm = hin[i] * 3 % 11 > rm ? hin[i] * 3 % 11 : rm;
			rmf = (int)hf[i] * 3 % 11 > rmf ? (int)hf[i] * 3 % 11 : rmf;
		}
		bad += iout[b] != 2 * ri || fout[b] != (float)(2 * rf) || mx[b] != rm || mx[nb + b] != rmf;
		isum += iout[b];
		fsum += (long)fout[b];
		msum += mx[b] + mx[nb + b];
	}
	for (int b = 0; b < nc; b++) {
		int r = 0;
		for (int i = b * 64; i < n && i < (b + 1) * 64; i++)
			r += hin[i] % 3 == 0;
		bad += c[b] != r;
		csum += c[b];
	}
	printf("RESULT isum=%ld fsum=%ld max=%ld count=%ld bad=%d\n", isum, fsum, msum, csum, bad);
	cudaFree(din), cudaFree(dfin), cudaFree(dout), cudaFree(dfout), cudaFree(dmx), cudaFree(dc);
	delete[] hin, delete[] hf, delete[] iout, delete[] mx, delete[] c, delete[] fout;
	return 0;
}
