// planted.cu: races planted for the race check (CUFLOW_RACECHECK=1, run by
// tests/racecheck.test): each kernel runs one block of 64 threads (two warps).
// Reported: (a) a write read by a thread of the other warp with no barrier
// between; (b) a read the other warp's write follows; (c) two warps writing
// one element; (d) an atomic and a plain read of one element across warps;
// (e) lanes of one warp reading each other's stores with no barrier (run in
// step: summed up at exit). Not reported: (f) the same ordered by
// __syncwarp(); (g) by __syncthreads(); (h) atomics only; (i) each thread its
// own element. The GPU's results of (a)-(d) depend on the schedule: only the
// reports are checked.
#include <cstdio>
#include <cuda_runtime.h>

#define N 64

__global__ void write_read(int *out)
{
	__shared__ int s[N];
	int t = threadIdx.x;
	s[t] = t;
	out[t] = s[(t + 32) % N];
}

__global__ void read_write(int *out)
{
	__shared__ int s[N];
	int t = threadIdx.x;
	s[t] = 0;
	__syncthreads();
	out[t] = s[(t + 32) % N];
	s[t] = t;
}

__global__ void write_write(int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	s[t % 32] = t;
	__syncthreads();
	if (t < 32)
		out[t] = s[t];
}

__global__ void atomic_read(int *out)
{
	__shared__ int s[1];
	int t = threadIdx.x;
	if (t == 0)
		s[0] = 0;
	__syncthreads();
	if (t < 32)
		atomicAdd(&s[0], 1);
	else
		out[t] = s[0];
}

__global__ void in_step(int *out)
{
	volatile __shared__ int s[N];
	int t = threadIdx.x, lane = t & 31;
	s[t] = t;
	if (lane < 16)
		s[t] += s[t + 16];
	out[t] = s[t];
}

__global__ void syncwarp_ordered(int *out)
{
	__shared__ int s[N];
	int t = threadIdx.x, lane = t & 31;
	s[t] = t;
	__syncwarp();
	int v = lane < 16 ? s[t + 16] : 0;
	out[t] = v;
}

__global__ void barrier_ordered(int *out)
{
	__shared__ int s[N];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	out[t] = s[(t + 32) % N];
}

__global__ void atomics_only(int *out)
{
	__shared__ int s[1];
	int t = threadIdx.x;
	if (t == 0)
		s[0] = 0;
	__syncthreads();
	atomicAdd(&s[0], t);
	__syncthreads();
	out[t] = s[0];
}

__global__ void own_element(int *out)
{
	__shared__ int s[N];
	int t = threadIdx.x;
	s[t] = t * 3;
	s[t] += 1;
	out[t] = s[t];
}

int main()
{
	int *d;
	cudaMalloc(&d, N * sizeof(int));
	write_read<<<1, N>>>(d);
	read_write<<<1, N>>>(d);
	write_write<<<1, N>>>(d);
	atomic_read<<<1, N>>>(d);
	in_step<<<1, N>>>(d);
	syncwarp_ordered<<<1, N>>>(d);
	barrier_ordered<<<1, N>>>(d);
	atomics_only<<<1, N>>>(d);
	own_element<<<1, N>>>(d);
	int h[N];
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("RESULT done\n");
	cudaFree(d);
	return 0;
}
