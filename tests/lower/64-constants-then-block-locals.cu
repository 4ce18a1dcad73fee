// 64-constants-then-block-locals: a kernel opening with constant locals and
// then a local every thread of the block initialises alike from blockIdx
// (HeCBench rng-wallace's lcg_a ... and offset), used past a barrier. The
// constants are declared again at the block function's top; the block
// local is set once per block before the thread loop. A build of this
// session set the constants apart and then lost the block local's value
// (it printed FAIL). A constant whose address a pointer takes stays the
// thread's own (the pointer is read past a barrier, in another thread loop).
#include <cstdio>

__global__ void addressed(unsigned *out)
{
	const unsigned scale = 3;
	const unsigned *p = &scale;
	__shared__ unsigned s[64];
	s[threadIdx.x] = threadIdx.x * *p;
	__syncthreads();
	out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x] + *p;
}

__global__ void pool(const unsigned *in, unsigned *out)
{
	const unsigned lcg_a = 241;
	const unsigned lcg_c = 59;
	const unsigned mod_mask = 256 - 1;
	unsigned offset = 64 * blockIdx.x;
	__shared__ unsigned s[64];
	s[threadIdx.x] = in[offset + threadIdx.x];
	__syncthreads();
	unsigned v = s[(threadIdx.x * lcg_a + lcg_c) & (blockDim.x - 1)];
	out[offset + threadIdx.x] = (v * lcg_a + lcg_c) & mod_mask;
}

int main()
{
	const int B = 4, T = 64, n = B * T;
	static unsigned in[n], out[n];
	for (int i = 0; i < n; i++)
		in[i] = i * 7u + 3u;
	unsigned *din, *dout;
	cudaMalloc(&din, sizeof in);
	cudaMalloc(&dout, sizeof out);
	cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
	pool<<<B, T>>>(din, dout);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	static unsigned aout[n];
	addressed<<<B, T>>>(dout);
	cudaMemcpy(aout, dout, sizeof aout, cudaMemcpyDeviceToHost);
	int bad = 0;
	long sum = 0;
	for (int b = 0; b < B; b++)
		for (int t = 0; t < T; t++) {
			unsigned v = in[64 * b + ((t * 241u + 59u) & 63u)];
			bad += out[64 * b + t] != ((v * 241u + 59u) & 255u);
			sum += out[64 * b + t] * (t + 1);
			bad += aout[64 * b + t] != ((t + 1) % T) * 3u + 3u;
			sum += aout[64 * b + t];
		}
	printf("RESULT sum=%ld bad=%d\n", sum, bad);
	return 0;
}
