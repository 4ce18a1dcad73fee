// 99-volatile-reads: volatile reads of memory the kernel stores that are
// not spin-waits, which the lowering keeps (tests/refuse/spin-wait.cu is
// the wait it refuses). lastblock: each block stores its partial sum to a
// volatile array, takes a ticket with atomicInc, and the block that draws
// the last ticket sums the partials in a counted loop (HeCBench
// threadfence's form). rounds: a block repeats a loop holding barriers until
// a volatile flag its own thread 0 sets says stop (the block's threads run
// the loop together). A refusal of either, or a wrong sum, is a bug.
#include <cstdio>

#define CHECK(x) do { if ((x) != cudaSuccess) { printf("CUDA error %d\n", (int)(x)); return 1; } } while (0)

__device__ unsigned int tickets;

__global__ void lastblock(const int *in, volatile int *part, int *total, int n)
{
	__shared__ int s[128];
	__shared__ bool last;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	s[threadIdx.x] = i < n ? in[i] : 0;
	__syncthreads();
	for (int d = blockDim.x / 2; d > 0; d /= 2) {
		if ((int)threadIdx.x < d)
			s[threadIdx.x] += s[threadIdx.x + d];
		__syncthreads();
	}
	if (threadIdx.x == 0) {
		part[blockIdx.x] = s[0];
		__threadfence();
		last = atomicInc(&tickets, gridDim.x) == gridDim.x - 1;
	}
	__syncthreads();
	if (last && threadIdx.x == 0) {
		int t = 0;
		for (unsigned b = 0; b < gridDim.x; b++)
			t += part[b];
		*total = t;
	}
}

__global__ void rounds(volatile int *flag, int *count, int limit)
{
	__shared__ int c;
	if (threadIdx.x == 0) {
		c = 0;
		flag[blockIdx.x] = 0;
	}
	__syncthreads();
	while (flag[blockIdx.x] == 0) {
		if (threadIdx.x == 0)
			c += 1 + (int)blockIdx.x;
		__syncthreads();
		if (threadIdx.x == 0 && c >= limit)
			flag[blockIdx.x] = 1;
		__syncthreads();
	}
	if (threadIdx.x == 0)
		count[blockIdx.x] = c;
}

int main()
{
	const int n = 1000, nb = (n + 127) / 128, rb = 6, limit = 20;
	int h[n], ref = 0;
	for (int i = 0; i < n; i++) {
		h[i] = (i * 7) % 13 - 4;
		ref += h[i];
	}
	int *in, *part, *total, *flag, *count;
	CHECK(cudaMalloc(&in, n * sizeof(int)));
	CHECK(cudaMalloc(&part, nb * sizeof(int)));
	CHECK(cudaMalloc(&total, sizeof(int)));
	CHECK(cudaMalloc(&flag, rb * sizeof(int)));
	CHECK(cudaMalloc(&count, rb * sizeof(int)));
	CHECK(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
	lastblock<<<nb, 128>>>(in, part, total, n);
	rounds<<<rb, 64>>>(flag, count, limit);
	int t, c[rb], bad = 0, csum = 0;
	CHECK(cudaMemcpy(&t, total, sizeof t, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(c, count, sizeof c, cudaMemcpyDeviceToHost));
	bad += t != ref;
	for (int b = 0; b < rb; b++) {
		int want = (limit + b) / (b + 1) * (b + 1); /* the first multiple of b + 1 at or past limit */
		bad += c[b] != want;
		csum += c[b];
	}
	printf("RESULT total=%d csum=%d bad=%d\n", t, csum, bad);
	return 0;
}
