// 44-pragma-unroll-barriers.cu: loops under `#pragma unroll` that hold
// barriers (libclang shows the hint as a statement around the loop): they
// split at their barriers as any loop does. A rotation of three __shared__
// slices through an inlined swap helper with a barrier of its own between
// its loads and stores (it swapped through pointers, float4's operator=,
// whose stores the warp-synchronous analysis did not see before 7a384db;
// seen, they may meet other lanes' loads), 8 rounds with two barriers each,
// in 64-thread blocks; a second kernel whose slices are first filled by an
// inlined helper storing float4 members (statements that run in step).
// Expected: RESULT rot=<R> mix=<M> bad=0. Builds before 1a88a8f refused the
// first kernel ("a barrier inside a statement cuflow cannot split") and ran
// the second one's loop for each thread in turn, barriers inside.
#include <cstdio>
#include <cuda_runtime.h>

#define BS 64
#define ROUNDS 8

/* a swap of two __shared__ elements of every thread, a barrier between
 * its loads and its stores: no lane stores what another loads in step */
__device__ void swap4(float4 *s, int i, int j)
{
	float4 x = s[i], y = s[j];
	__syncthreads();
	s[i] = y;
	s[j] = x;
}

__device__ void store(float4 *s, int at, float4 v)
{
	s[at].x = v.x;
	s[at].y = v.y;
	s[at].z = v.z;
	s[at].w = v.w;
}

__global__ void rotate(float4 *o)
{
	__shared__ float4 s[BS * 3];
	int t = threadIdx.x;
	for (int i = 0; i < 3; i++)
		s[t + i * blockDim.x] = make_float4(t + i, blockIdx.x, 0, 0);
	__syncthreads();
#pragma unroll 4
	for (int j = 0; j < ROUNDS; j++) {
		swap4(s, t, t + blockDim.x);
		__syncthreads();
		swap4(s, t + blockDim.x, t + 2 * blockDim.x);
		__syncthreads();
	}
	o[blockIdx.x * blockDim.x + t] = s[t];
}

__global__ void mix(float4 *o)
{
	__shared__ float4 s[BS * 3];
	int t = threadIdx.x;
	store(s, t, make_float4(t, 1, 2, 3));
	store(s, t + blockDim.x, make_float4(t + 100, 1, 2, 3));
	store(s, t + 2 * blockDim.x, make_float4(t + 200, 1, 2, 3));
	__syncthreads();
#pragma unroll
	for (int j = 0; j < ROUNDS + 1; j++) {
		swap4(s, t, (t + 1) % blockDim.x + 2 * blockDim.x);
		__syncthreads();
	}
	o[blockIdx.x * blockDim.x + t] = s[t];
}

int main()
{
	const int nb = 2, n = nb * BS;
	float4 h[n], g[n], *d;
	cudaMalloc(&d, sizeof h);
	rotate<<<nb, BS>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	mix<<<nb, BS>>>(d);
	cudaMemcpy(g, d, sizeof g, cudaMemcpyDeviceToHost);
	long long rot = 0, mx = 0;
	int bad = 0;
	for (int i = 0; i < n; i++) {
		int t = i % BS, b = i / BS;
		/* (a, b, c) -> (b, c, a) a round: after 8, slice 0 holds slice 2's */
		bad += h[i].x != t + 2 || h[i].y != b;
		rot += (long long)h[i].x * (i + 1);
		mx += (long long)g[i].x * (i + 1);
	}
	/* mix: 9 swaps of s[t] with s[2 * BS + (t + 1) % BS], each thread its own
	 * pair: an odd count leaves slice 2's element in slice 0 */
	for (int i = 0; i < n; i++)
		bad += g[i].x != (float)((i % BS + 1) % BS + 200);
	printf("RESULT rot=%lld mix=%lld bad=%d\n", rot, mx, bad);
	return 0;
}
