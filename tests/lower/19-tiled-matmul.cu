// 19-tiled-matmul.cu: the classic shared-memory tiled matrix multiply: 2-D
// grid of 16x16 blocks, a loop over K tiles with two barriers per trip (after
// loading the A and B tiles, and before overwriting them), an accumulator
// local to each thread carried across both barriers, and zero-padding of
// edge tiles (M=160, N=144, K=88: K is not a multiple of 16). Integer
// matrices, so the result is exact.
// Expected: RESULT csum=<S> trace=<T> bad=0. A wrong lowering (accumulator
// shared or reset per split, tiles overwritten while others still read them,
// tx/ty mixed up) prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define T 16
#define M 160
#define NN 144
#define K 88

__global__ void matmul(const int *A, const int *B, int *C, int m, int n, int k)
{
	__shared__ int As[T][T];
	__shared__ int Bs[T][T];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
	int acc = 0;
	for (int t = 0; t < (k + T - 1) / T; ++t) {
		int ak = t * T + tx, bk = t * T + ty;
		As[ty][tx] = (row < m && ak < k) ? A[row * k + ak] : 0;
		Bs[ty][tx] = (bk < k && col < n) ? B[bk * n + col] : 0;
		__syncthreads();
		for (int j = 0; j < T; ++j)
			acc += As[ty][j] * Bs[j][tx];
		__syncthreads();
	}
	if (row < m && col < n)
		C[row * n + col] = acc;
}

int main()
{
	int *hA = (int *)malloc(M * K * sizeof(int));
	int *hB = (int *)malloc(K * NN * sizeof(int));
	int *hC = (int *)malloc(M * NN * sizeof(int));
	for (int i = 0; i < M * K; ++i)
		hA[i] = (i * 7) % 11 - 5;
	for (int i = 0; i < K * NN; ++i)
		hB[i] = (i * 5) % 13 - 6;
	int *dA, *dB, *dC;
	CHECK(cudaMalloc(&dA, M * K * sizeof(int)));
	CHECK(cudaMalloc(&dB, K * NN * sizeof(int)));
	CHECK(cudaMalloc(&dC, M * NN * sizeof(int)));
	CHECK(cudaMemcpy(dA, hA, M * K * sizeof(int), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dB, hB, K * NN * sizeof(int), cudaMemcpyHostToDevice));
	dim3 block(T, T);
	dim3 grid((NN + T - 1) / T, (M + T - 1) / T);
	matmul<<<grid, block>>>(dA, dB, dC, M, NN, K);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hC, dC, M * NN * sizeof(int), cudaMemcpyDeviceToHost));

	int bad = 0;
	long long csum = 0, trace = 0;
	for (int r = 0; r < M; ++r)
		for (int c = 0; c < NN; ++c) {
			int ref = 0;
			for (int j = 0; j < K; ++j)
				ref += hA[r * K + j] * hB[j * NN + c];
			bad += hC[r * NN + c] != ref;
			csum += (long long)hC[r * NN + c] * ((r + 2 * c) % 7 + 1);
			if (r == c)
				trace += hC[r * NN + c];
		}
	printf("RESULT csum=%lld trace=%lld bad=%d\n", csum, trace, bad);
	CHECK(cudaFree(dA));
	CHECK(cudaFree(dB));
	CHECK(cudaFree(dC));
	free(hA);
	free(hB);
	free(hC);
	return 0;
}
