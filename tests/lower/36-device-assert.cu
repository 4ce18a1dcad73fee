// 36-device-assert.cu: a device-side assert() that fails in one thread of
// one block, after a launch whose asserts all hold: as on a GPU, the
// next synchronisation returns cudaErrorAssert
// (710), and so does cudaGetLastError once (the next call reads the cleared
// last error: 0 on an H100) and a later copy (the error is sticky); the
// process goes on to print its result.
// Expected: RESULT sync=710 last=710 again=0 copy=710 bad=0
// (bad: the first kernel's results against the host). A lowering whose
// assert aborts the process prints nothing.
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 4096

__device__ int checked(const int *in, int i, int limit)
{
	assert(in[i] < limit);
	return in[i] * 2;
}

__global__ void twice(const int *in, int *out, int limit)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	assert(i < N);
	out[i] = checked(in, i, limit);
}

int main()
{
	static int in[N], out[N];
	for (int i = 0; i < N; i++)
		in[i] = i % 1000;
	in[2345] = 5000;
	int *din, *dout;
	CHECK(cudaMalloc(&din, sizeof in));
	CHECK(cudaMalloc(&dout, sizeof out));
	CHECK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
	twice<<<N / 128, 128>>>(din, dout, 10000);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += out[i] != in[i] * 2;
	twice<<<N / 128, 128>>>(din, dout, 1000); /* in[2345] fails */
	int sync = (int)cudaDeviceSynchronize();
	int last = (int)cudaGetLastError();
	int again = (int)cudaGetLastError();
	int copy = (int)cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	printf("RESULT sync=%d last=%d again=%d copy=%d bad=%d\n", sync, last, again, copy, bad);
	return 0;
}
