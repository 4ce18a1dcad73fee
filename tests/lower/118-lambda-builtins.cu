// Lambdas without a capture default that name threadIdx, blockIdx or
// blockDim (the lowering makes those locals of the block function and its
// thread loops, which `[]` cannot see: the output did not build), in a
// kernel without barriers and in one where the lambda is used on both
// sides of a barrier (bound once per block).
#include <cstdio>
#define N 64

__global__ void plain(int *out)
{
	auto lane = [] { return (int)(threadIdx.x % 32); };
	auto base = []() { return (int)(blockIdx.x * blockDim.x); };
	int k = 3;
	auto plus = [k](int v) { return v + k + (int)threadIdx.x; };
	out[base() + threadIdx.x] = lane() * 1000 + plus(0);
}

__global__ void across(int *out)
{
	__shared__ int s[N];
	auto gid = [] { return (int)(blockIdx.x * blockDim.x + threadIdx.x); };
	s[threadIdx.x] = gid();
	__syncthreads();
	out[gid()] = s[(threadIdx.x + 1) % N];
}

int main()
{
	int *d, h[2][4 * N];
	cudaMalloc(&d, sizeof h);
	plain<<<4, N>>>(d);
	across<<<4, N>>>(d + 4 * N);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	int bad = 0;
	long sum = 0;
	for (int b = 0; b < 4; b++)
		for (int t = 0; t < N; t++) {
			bad += h[0][b * N + t] != (t % 32) * 1000 + 3 + t;
			bad += h[1][b * N + t] != b * N + (t + 1) % N;
			sum += h[0][b * N + t] + h[1][b * N + t];
		}
	printf("RESULT sum=%ld bad=%d\n", sum, bad);
	cudaFree(d);
	return 0;
}
