// 52-block-stride-loop: a block-stride loop (for (row = blockIdx.x; row <
// rows; row += gridDim.x)) holding barriers and a `continue` (the masked
// form of the loop), with fewer blocks than rows: its variable is the
// block's, so its increment runs once per block. A
// lowering that ran `row += gridDim.x` once per thread skipped rows after
// the first (HeCBench multinomial: rows 512 on were never computed):
// missing rows print bad>0.
#include <cstdio>

#define THREADS 128

__global__ void rowsums(const int *in, int *out, int rows, int cols)
{
	__shared__ int part[THREADS];
	for (int row = blockIdx.x; row < rows; row += gridDim.x) {
		if (in[row * cols] == 7) { /* the same for every thread, which cuflow cannot tell */
			if (threadIdx.x == 0)
				out[row] = -7;
			continue;
		}
		int s = 0;
		for (int c = threadIdx.x; c < cols; c += blockDim.x)
			s += in[row * cols + c];
		part[threadIdx.x] = s;
		__syncthreads();
		for (int half = blockDim.x / 2; half > 0; half /= 2) {
			if (threadIdx.x < half)
				part[threadIdx.x] += part[threadIdx.x + half];
			__syncthreads();
		}
		if (threadIdx.x == 0)
			out[row] = part[0];
		__syncthreads();
	}
}

int main()
{
	const int rows = 300, cols = 200, blocks = 7;
	int *h = new int[rows * cols], *r = new int[rows], *din, *dout;
	for (int i = 0; i < rows * cols; i++)
		h[i] = (i * 13 + 5) % 29;
	cudaMalloc(&din, rows * cols * sizeof(int));
	cudaMalloc(&dout, rows * sizeof(int));
	cudaMemcpy(din, h, rows * cols * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(dout, 0xff, rows * sizeof(int));
	rowsums<<<blocks, THREADS>>>(din, dout, rows, cols);
	cudaMemcpy(r, dout, rows * sizeof(int), cudaMemcpyDeviceToHost);
	long total = 0;
	int bad = 0;
	for (int i = 0; i < rows; i++) {
		int s = 0;
		for (int c = 0; c < cols; c++)
			s += h[i * cols + c];
		bad += r[i] != (h[i * cols] == 7 ? -7 : s);
		total += r[i];
	}
	printf("RESULT total=%ld bad=%d\n", total, bad);
	cudaFree(din), cudaFree(dout);
	delete[] h, delete[] r;
	return 0;
}
