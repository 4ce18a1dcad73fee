// spelling matrix: kessler, spelled new (new T[n] and delete[])
// expect: the same RESULT and, with --passes=all, the same transfers as spelled plain (tests/spell.test)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
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
	size_t s = n * sizeof(float);
	float *h_A = NULL;
	cudaMallocHost((void **)&h_A, 4 * (((size_t)n * sizeof(float) + 511) / 256 * 256));
	float *h_B = (float *)((char *)h_A + ((size_t)n * sizeof(float) + 511) / 256 * 256);
	float *h_C = (float *)((char *)h_B + ((size_t)n * sizeof(float) + 511) / 256 * 256);
	float *h_D = NULL;
	cudaMallocHost((void **)&h_D, 6 * (((size_t)n * sizeof(float) + 511) / 256 * 256));
	float *h_E = NULL;
	cudaMallocHost((void **)&h_E, (size_t)n * sizeof(float));
	float *h_F = (float *)((char *)h_C + ((size_t)n * sizeof(float) + 511) / 256 * 256);
	float *h_G = new float[n];
	float *h_I = (float *)((char *)h_D + ((size_t)n * sizeof(float) + 511) / 256 * 256);
	float *h_J = (float *)((char *)h_I + ((size_t)n * sizeof(float) + 511) / 256 * 256);
	float *h_K = (float *)((char *)h_J + ((size_t)n * sizeof(float) + 511) / 256 * 256);
	float *h_L = (float *)((char *)h_K + ((size_t)n * sizeof(float) + 511) / 256 * 256);
	float *h_M = (float *)((char *)h_L + ((size_t)n * sizeof(float) + 511) / 256 * 256);
	float *d_A;
	cudaMalloc(&d_A, 4 * ((s + 511) / 256 * 256));
	float *d_B = (float *)((char *)d_A + (s + 511) / 256 * 256);
	float *d_C = (float *)((char *)d_B + (s + 511) / 256 * 256);
	float *d_D;
	cudaMalloc(&d_D, 6 * ((s + 511) / 256 * 256));
	float *d_E;
	cudaMalloc(&d_E, s);
	float *d_F = (float *)((char *)d_C + (s + 511) / 256 * 256);
	float *d_H;
	cudaMalloc(&d_H, s);
	float *d_I = (float *)((char *)d_D + (s + 511) / 256 * 256);
	float *d_J = (float *)((char *)d_I + (s + 511) / 256 * 256);
	float *d_K = (float *)((char *)d_J + (s + 511) / 256 * 256);
	float *d_L = (float *)((char *)d_K + (s + 511) / 256 * 256);
	float *d_M = (float *)((char *)d_L + (s + 511) / 256 * 256);
	for (int r = 0; r < reps; r++) {
		for (int i = 0; i < n; i++) { /* new inputs every round */
			h_A[i] = (float)((i + r) % 7) * 0.125f;
			h_B[i] = (float)((i + 2 * r) % 5) * 0.25f - 0.5f;
			h_C[i] = (float)((i + r) % 3) * 0.5f - 0.25f;
		}
		cudaMemcpy(d_A, h_A, (size_t)((char *)d_B - (char *)d_A) + s, cudaMemcpyHostToDevice);
		kernel0<<<(n + 255) / 256, 256>>>(d_B, d_A, d_D, d_E, n);
		cudaMemcpy(h_E, d_E, s, cudaMemcpyDeviceToHost);
		kernel1(h_E, h_B, h_F, h_G, n);
		cudaMemcpy(d_C, h_C, (size_t)((char *)d_F - (char *)d_C) + s, cudaMemcpyHostToDevice);
		kernel2<<<(n + 255) / 256, 256>>>(d_C, d_F, d_H, d_I, n);
		kernel3<<<(n + 255) / 256, 256>>>(d_F, d_H, d_J, d_K, n);
		kernel4<<<(n + 255) / 256, 256>>>(d_H, d_E, d_L, d_M, n);
		cudaMemcpy(h_D, d_D, (size_t)((char *)d_M - (char *)d_D) + s, cudaMemcpyDeviceToHost);
		printf("round %d: D=%.6e G=%.6e I=%.6e J=%.6e K=%.6e L=%.6e M=%.6e\n", r, sum(h_D, n), sum(h_G, n),
		       sum(h_I, n), sum(h_J, n), sum(h_K, n), sum(h_L, n), sum(h_M, n));
	}
	printf("RESULT D=%.8e M=%.8e\n", sum(h_D, n), sum(h_M, n));
	cudaFree(d_E);
	cudaFree(d_A);
	cudaFree(d_H);
	cudaFree(d_D);
	cudaFreeHost(h_E);
	cudaFreeHost(h_A);
	delete[] h_G;
	cudaFreeHost(h_D);
	return 0;
}
