// 99-volatile-reads: volatile reads of memory the kernel stores that are
// not spin-waits, which the lowering keeps (tests/refuse/spin-wait.cu is
// the wait it refuses). lastblock: each block stores its partial sum to a
// volatile array, takes a ticket with atomicInc, and the block that draws
// the last ticket sums the partials in a counted loop (HeCBench
// threadfence's form). rounds: a block repeats a loop holding barriers until
// a volatile flag its own thread 0 sets says stop (the block's threads run
// the loop together). tagged: a per-warp count in __shared__ memory through
// a volatile pointer, each lane storing its tagged count and reading it back
// until its own store stuck (Rodinia hybridsort's addOffset; one round on
// the CPU). A refusal of any, or a wrong sum, is a bug.
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

__device__ void tagadd(volatile unsigned *hist, unsigned bin, unsigned tag)
{
	unsigned count;
	do {
		count = hist[bin] & 0x07FFFFFFU;
		count = tag | (count + 1);
		hist[bin] = count;
	} while (hist[bin] != count);
}

__global__ void tagged(const int *in, unsigned *bins, int n)
{
	__shared__ unsigned hist[2][8];
	unsigned warp = threadIdx.x / 32, tag = (threadIdx.x & 31) << 27;
	if (threadIdx.x < 16)
		hist[threadIdx.x / 8][threadIdx.x % 8] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		tagadd(hist[warp], (unsigned)in[i] % 8, tag);
	__syncthreads();
	if (threadIdx.x < 8)
		atomicAdd(&bins[threadIdx.x], (hist[0][threadIdx.x] & 0x07FFFFFFU) + (hist[1][threadIdx.x] & 0x07FFFFFFU));
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
	unsigned *bins, hb[8], rb8[8] = {0};
	CHECK(cudaMalloc(&in, n * sizeof(int)));
	CHECK(cudaMalloc(&part, nb * sizeof(int)));
	CHECK(cudaMalloc(&total, sizeof(int)));
	CHECK(cudaMalloc(&flag, rb * sizeof(int)));
	CHECK(cudaMalloc(&count, rb * sizeof(int)));
	CHECK(cudaMalloc(&bins, sizeof hb));
	CHECK(cudaMemset(bins, 0, sizeof hb));
	CHECK(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
	lastblock<<<nb, 128>>>(in, part, total, n);
	rounds<<<rb, 64>>>(flag, count, limit);
	tagged<<<3, 64>>>(in, bins, n);
	int t, c[rb], bad = 0, csum = 0;
	CHECK(cudaMemcpy(&t, total, sizeof t, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(c, count, sizeof c, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hb, bins, sizeof hb, cudaMemcpyDeviceToHost));
	int tsum = 0;
	for (int i = 0; i < n; i++)
		rb8[(unsigned)h[i] % 8]++;
	for (int b = 0; b < 8; b++) {
		bad += hb[b] != rb8[b];
		tsum += (int)hb[b] * (b + 1);
	}
	bad += t != ref;
	for (int b = 0; b < rb; b++) {
		int want = (limit + b) / (b + 1) * (b + 1); /* the first multiple of b + 1 at or past limit */
		bad += c[b] != want;
		csum += c[b];
	}
	printf("RESULT total=%d csum=%d tagsum=%d bad=%d\n", t, csum, tsum, bad);
	return 0;
}
