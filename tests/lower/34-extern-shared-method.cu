// 34-extern-shared-method.cu: `extern __shared__` declared in __device__
// functions rather than in the kernel: the SharedMemory<T> idiom (a class
// template whose conversion operator returns the dynamic shared buffer),
// a __device__ member function of a struct, and a free __device__ function,
// each used by a kernel with barriers; block reductions of 128 and 256
// threads, the buffer sized by the launch.
// Expected: RESULT fsum=<F> isum=<I> rev=<R> bad=0. A lowering that leaves the
// declarations as written does not build; one that gives each function its
// own buffer, or each thread, prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 8192

template <class T> struct Scratch {
	__device__ operator T *()
	{
		extern __shared__ int scratch_raw[];
		return (T *)scratch_raw;
	}
};

struct Tile {
	int width;
	__device__ int *row(int r) const
	{
		extern __shared__ int tile_buf[];
		return tile_buf + r * width;
	}
};

__device__ float *float_buf()
{
	extern __shared__ float fbuf[];
	return fbuf;
}

template <class T> __global__ void reduce(const T *in, T *out)
{
	T *s = Scratch<T>();
	unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	s[t] = in[i];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (t < k)
			s[t] += s[t + k];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

__global__ void reverse_rows(const int *in, int *out, Tile tile)
{
	int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	int r = t / tile.width, c = t % tile.width;
	tile.row(r)[c] = in[i];
	__syncthreads();
	/* the rows in reverse order, each row reversed; float_buf() aliases the tile */
	int rows = blockDim.x / tile.width;
	out[i] = tile.row(rows - 1 - r)[tile.width - 1 - c] + (float_buf() == (float *)tile.row(0));
}

int main()
{
	static float fin[N], fout[N / 128];
	static int iin[N], iout[N / 256], rin[N], rout[N];
	for (int i = 0; i < N; i++) {
		fin[i] = (float)(i % 17 - 8);
		iin[i] = i % 101 - 50;
		rin[i] = i * 3;
	}
	float *dfin, *dfout;
	int *diin, *diout, *drin, *drout;
	CHECK(cudaMalloc(&dfin, sizeof fin));
	CHECK(cudaMalloc(&dfout, sizeof fout));
	CHECK(cudaMalloc(&diin, sizeof iin));
	CHECK(cudaMalloc(&diout, sizeof iout));
	CHECK(cudaMalloc(&drin, sizeof rin));
	CHECK(cudaMalloc(&drout, sizeof rout));
	CHECK(cudaMemcpy(dfin, fin, sizeof fin, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(diin, iin, sizeof iin, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(drin, rin, sizeof rin, cudaMemcpyHostToDevice));
	reduce<float><<<N / 128, 128, 128 * sizeof(float)>>>(dfin, dfout);
	CHECK(cudaGetLastError());
	reduce<int><<<N / 256, 256, 256 * sizeof(int)>>>(diin, diout);
	CHECK(cudaGetLastError());
	Tile tile = {16};
	reverse_rows<<<N / 64, 64, 64 * sizeof(int)>>>(drin, drout, tile);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(fout, dfout, sizeof fout, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(iout, diout, sizeof iout, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(rout, drout, sizeof rout, cudaMemcpyDeviceToHost));
	int bad = 0;
	double fsum = 0;
	long long isum = 0, rev = 0;
	for (int b = 0; b < N / 128; b++) {
		float want = 0;
		for (int t = 0; t < 128; t++)
			want += fin[b * 128 + t];
		bad += fout[b] != want;
		fsum += fout[b];
	}
	for (int b = 0; b < N / 256; b++) {
		int want = 0;
		for (int t = 0; t < 256; t++)
			want += iin[b * 256 + t];
		bad += iout[b] != want;
		isum += iout[b];
	}
	for (int i = 0; i < N; i++) {
		int b = i / 64, t = i % 64, r = t / 16, c = t % 16;
		bad += rout[i] != rin[b * 64 + (3 - r) * 16 + 15 - c] + 1;
		rev += rout[i];
	}
	printf("RESULT fsum=%.1f isum=%lld rev=%lld bad=%d\n", fsum, isum, rev, bad);
	return 0;
}
