// 69-device-static-shared: __shared__ variables declared in __device__
// functions, which CUDA keeps one per block (and one per template
// instance). A method of a helper class returns a reference to its own
// __shared__ int (not inlined: the runtime keeps it for the block,
// cuflowBlockShared), another to a member of its __shared__ anonymous
// union (as cub's programs declare TempStorage); a template helper with a static __shared__ array and
// barriers, called twice (inlined: the array becomes the kernel's, one for
// both calls), in two instances. 64 blocks of 64 threads, so blocks run on
// every OpenMP thread at once. A lowering that kept one variable for the
// process, or one per thread loop, prints bad>0.
#include <cstdio>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); return 1; } } while (0)

struct Slot {
	__device__ int &get()
	{
		__shared__ int s;
		return s;
	}
	__device__ int &tag()
	{
		__shared__ union {
			int i;
			float f;
		} u;
		return u.i;
	}
};

template <int N> __device__ float blocksum(float v)
{
	static __shared__ float part[N];
	if (threadIdx.x < N)
		part[threadIdx.x] = v;
	__syncthreads();
	float s = 0;
	for (int i = 0; i < N; i++)
		s += part[i];
	__syncthreads();
	return s;
}

__global__ void k(int *out, float *sums)
{
	Slot c;
	if (threadIdx.x == 0) {
		c.get() = blockIdx.x * 10;
		c.tag() = blockIdx.x * 3;
	}
	__syncthreads();
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = c.get() + threadIdx.x + (c.tag() - (int)blockIdx.x * 3);
	float a = blocksum<64>((float)(threadIdx.x + blockIdx.x));
	float b = blocksum<64>(1.0f);
	float q = blocksum<16>(2.0f);
	sums[i] = a + b + q;
}

int main()
{
	const int nb = 64, nt = 64;
	int *o, ho[nb * nt];
	float *s, hs[nb * nt];
	CHECK(cudaMalloc(&o, sizeof ho));
	CHECK(cudaMalloc(&s, sizeof hs));
	k<<<nb, nt>>>(o, s);
	CHECK(cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hs, s, sizeof hs, cudaMemcpyDeviceToHost));
	int bad = 0;
	long long total = 0;
	for (int b = 0; b < nb; b++)
		for (int t = 0; t < nt; t++) {
			bad += ho[b * nt + t] != b * 10 + t;
			bad += hs[b * nt + t] != (float)(2016 + 64 * b) + 64.0f + 32.0f;
			total += ho[b * nt + t];
		}
	printf("RESULT total=%lld bad=%d\n", total, bad);
	return 0;
}
