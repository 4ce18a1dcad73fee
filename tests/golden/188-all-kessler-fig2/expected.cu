// case: the dataflow graph of Kessler's Fig. 2 (tests/gpu/fuse/fig2.cu, 3 repetitions): 5 kernels, one on the CPU, 13 vectors, 11 copies per repetition in the paper's baseline order
// expect: with every pass, 2 copies per repetition (E down, F up: the CPU kernel reads E and writes F) and 9 once: copies hoists the uploads of A, B and C and sinks the downloads of D, I, J, K, L and M out of the loop; they then run once, with sizes that are not constants, so fuse leaves them apart (fusing would save about 50 us once); pin makes the buffers page-locked
// trap: E's download cannot wait (the CPU kernel reads it), and no upload may pass the CPU kernel that writes F
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void kernel0(const float *b, const float *a, float *d, float *e, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		d[idx] = 0.5f * b[idx] + 0.25f * a[idx] + 1.0f;
		e[idx] = 0.25f * b[idx] - 0.5f * a[idx] + 0.5f;
	}
}

static void kernel1(const float *e, const float *b, float *f, float *g, int n)
{
	for (int idx = 0; idx < n; idx++) {
		f[idx] = 0.5f * e[idx] + 0.25f * b[idx] + 0.125f;
		g[idx] = 0.25f * e[idx] - 0.5f * b[idx] + 1.0f;
	}
}

__global__ void kernel2(const float *c, const float *f, float *h, float *i, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		h[idx] = 0.5f * c[idx] + 0.25f * f[idx] + 0.25f;
		i[idx] = 0.5f * f[idx] - 0.25f * c[idx] + 0.75f;
	}
}

__global__ void kernel3(const float *f, const float *h, float *j, float *k, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		j[idx] = 0.5f * f[idx] + 0.25f * h[idx] + 0.5f;
		k[idx] = 0.25f * f[idx] - 0.5f * h[idx] + 0.25f;
	}
}

__global__ void kernel4(const float *h, const float *e, float *l, float *m, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		l[idx] = 0.5f * h[idx] + 0.25f * e[idx] + 1.0f;
		m[idx] = 0.25f * h[idx] - 0.5f * e[idx] + 0.125f;
	}
}

static double sum(const float *v, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096;
	int reps = argc > 2 ? atoi(argv[2]) : 3;
	float *h_A = (float *)malloc(n * sizeof(float));
	float *h_B = (float *)malloc(n * sizeof(float));
	float *h_C = (float *)malloc(n * sizeof(float));
	float *h_D = (float *)malloc(n * sizeof(float));
	float *h_E = NULL;
	cudaMallocHost((void **)&h_E, n * sizeof(float));
	float *h_F = NULL;
	cudaMallocHost((void **)&h_F, n * sizeof(float));
	float *h_G = (float *)malloc(n * sizeof(float));
	float *h_I = (float *)malloc(n * sizeof(float));
	float *h_J = (float *)malloc(n * sizeof(float));
	float *h_K = (float *)malloc(n * sizeof(float));
	float *h_L = (float *)malloc(n * sizeof(float));
	float *h_M = (float *)malloc(n * sizeof(float));
	float *d_A;
	float *d_B;
	float *d_C;
	float *d_D;
	float *d_E;
	float *d_F;
	float *d_H;
	float *d_I;
	float *d_J;
	float *d_K;
	float *d_L;
	float *d_M;
	cudaMalloc((void **)&d_A, n * sizeof(float));
	cudaMalloc((void **)&d_B, n * sizeof(float));
	cudaMalloc((void **)&d_C, n * sizeof(float));
	cudaMalloc((void **)&d_D, n * sizeof(float));
	cudaMalloc((void **)&d_E, n * sizeof(float));
	cudaMalloc((void **)&d_F, n * sizeof(float));
	cudaMalloc((void **)&d_H, n * sizeof(float));
	cudaMalloc((void **)&d_I, n * sizeof(float));
	cudaMalloc((void **)&d_J, n * sizeof(float));
	cudaMalloc((void **)&d_K, n * sizeof(float));
	cudaMalloc((void **)&d_L, n * sizeof(float));
	cudaMalloc((void **)&d_M, n * sizeof(float));
	for (int i = 0; i < n; i++) {
		h_A[i] = (float)(i % 7) * 0.125f;
		h_B[i] = (float)(i % 5) * 0.25f - 0.5f;
		h_C[i] = (float)(i % 3) * 0.5f - 0.25f;
		h_D[i] = 0.0f;
		h_E[i] = 0.0f;
		h_F[i] = 0.0f;
		h_G[i] = 0.0f;
		h_I[i] = 0.0f;
		h_J[i] = 0.0f;
		h_K[i] = 0.0f;
		h_L[i] = 0.0f;
		h_M[i] = 0.0f;
	}

	auto t0 = std::chrono::steady_clock::now();
	if (0 < reps) {
		cudaMemcpy(d_B, h_B, n * sizeof(float), cudaMemcpyHostToDevice);
		cudaMemcpy(d_A, h_A, n * sizeof(float), cudaMemcpyHostToDevice);
		cudaMemcpy(d_C, h_C, n * sizeof(float), cudaMemcpyHostToDevice);
	}
	for (int r = 0; r < reps; r++) {
		kernel0<<<(n + 255) / 256, 256>>>(d_B, d_A, d_D, d_E, n);
		cudaMemcpy(h_E, d_E, n * sizeof(float), cudaMemcpyDeviceToHost);
		kernel1(h_E, h_B, h_F, h_G, n);
		cudaMemcpy(d_F, h_F, n * sizeof(float), cudaMemcpyHostToDevice);
		kernel2<<<(n + 255) / 256, 256>>>(d_C, d_F, d_H, d_I, n);
		kernel3<<<(n + 255) / 256, 256>>>(d_F, d_H, d_J, d_K, n);
		kernel4<<<(n + 255) / 256, 256>>>(d_H, d_E, d_L, d_M, n);
	}
	if (0 < reps) {
		cudaMemcpy(h_D, d_D, n * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(h_I, d_I, n * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(h_J, d_J, n * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(h_K, d_K, n * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(h_L, d_L, n * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(h_M, d_M, n * sizeof(float), cudaMemcpyDeviceToHost);
	}
	cudaDeviceSynchronize();
	auto t1 = std::chrono::steady_clock::now();
	cudaError_t err = cudaGetLastError();
	fprintf(stderr, "TIME_US %.3f\n", std::chrono::duration<double, std::micro>(t1 - t0).count() / (reps > 0 ? reps : 1));
	printf("RESULT D=%.8e G=%.8e I=%.8e J=%.8e K=%.8e L=%.8e M=%.8e\n", sum(h_D, n), sum(h_G, n), sum(h_I, n), sum(h_J, n), sum(h_K, n), sum(h_L, n), sum(h_M, n));
	free(h_A);
	free(h_B);
	free(h_C);
	free(h_D);
	cudaFreeHost(h_E);
	cudaFreeHost(h_F);
	free(h_G);
	free(h_I);
	free(h_J);
	free(h_K);
	free(h_L);
	free(h_M);
	cudaFree(d_A);
	cudaFree(d_B);
	cudaFree(d_C);
	cudaFree(d_D);
	cudaFree(d_E);
	cudaFree(d_F);
	cudaFree(d_H);
	cudaFree(d_I);
	cudaFree(d_J);
	cudaFree(d_K);
	cudaFree(d_L);
	cudaFree(d_M);
	if (err != cudaSuccess) {
		fprintf(stderr, "fig2: %s\n", cudaGetErrorString(err));
		return 1;
	}
	return 0;
}
