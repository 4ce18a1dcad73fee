// spelling matrix: kessler, spelled functional (a functional cast, T_ptr(malloc(n)))
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
	typedef float *float_ptr;
	float_ptr h_A = float_ptr(malloc(s));
	float_ptr h_B = float_ptr(malloc(s));
	float_ptr h_C = float_ptr(malloc(s));
	float_ptr h_D = float_ptr(malloc(s));
	float_ptr h_E = float_ptr(malloc(s));
	float_ptr h_F = float_ptr(malloc(s));
	float_ptr h_G = float_ptr(malloc(s));
	float_ptr h_I = float_ptr(malloc(s));
	float_ptr h_J = float_ptr(malloc(s));
	float_ptr h_K = float_ptr(malloc(s));
	float_ptr h_L = float_ptr(malloc(s));
	float_ptr h_M = float_ptr(malloc(s));
	float *d_A;
	cudaMalloc(&d_A, s);
	float *d_B;
	cudaMalloc(&d_B, s);
	float *d_C;
	cudaMalloc(&d_C, s);
	float *d_D;
	cudaMalloc(&d_D, s);
	float *d_E;
	cudaMalloc(&d_E, s);
	float *d_F;
	cudaMalloc(&d_F, s);
	float *d_H;
	cudaMalloc(&d_H, s);
	float *d_I;
	cudaMalloc(&d_I, s);
	float *d_J;
	cudaMalloc(&d_J, s);
	float *d_K;
	cudaMalloc(&d_K, s);
	float *d_L;
	cudaMalloc(&d_L, s);
	float *d_M;
	cudaMalloc(&d_M, s);
	for (int r = 0; r < reps; r++) {
		for (int i = 0; i < n; i++) { /* new inputs every round */
			h_A[i] = (float)((i + r) % 7) * 0.125f;
			h_B[i] = (float)((i + 2 * r) % 5) * 0.25f - 0.5f;
			h_C[i] = (float)((i + r) % 3) * 0.5f - 0.25f;
		}
		cudaMemcpy(d_B, h_B, s, cudaMemcpyHostToDevice);
		cudaMemcpy(d_A, h_A, s, cudaMemcpyHostToDevice);
		kernel0<<<(n + 255) / 256, 256>>>(d_B, d_A, d_D, d_E, n);
		cudaMemcpy(h_D, d_D, s, cudaMemcpyDeviceToHost);
		cudaMemcpy(h_E, d_E, s, cudaMemcpyDeviceToHost);
		kernel1(h_E, h_B, h_F, h_G, n);
		cudaMemcpy(d_C, h_C, s, cudaMemcpyHostToDevice);
		cudaMemcpy(d_F, h_F, s, cudaMemcpyHostToDevice);
		kernel2<<<(n + 255) / 256, 256>>>(d_C, d_F, d_H, d_I, n);
		cudaMemcpy(h_I, d_I, s, cudaMemcpyDeviceToHost);
		kernel3<<<(n + 255) / 256, 256>>>(d_F, d_H, d_J, d_K, n);
		cudaMemcpy(h_J, d_J, s, cudaMemcpyDeviceToHost);
		cudaMemcpy(h_K, d_K, s, cudaMemcpyDeviceToHost);
		kernel4<<<(n + 255) / 256, 256>>>(d_H, d_E, d_L, d_M, n);
		cudaMemcpy(h_L, d_L, s, cudaMemcpyDeviceToHost);
		cudaMemcpy(h_M, d_M, s, cudaMemcpyDeviceToHost);
		printf("round %d: D=%.6e G=%.6e I=%.6e J=%.6e K=%.6e L=%.6e M=%.6e\n", r, sum(h_D, n), sum(h_G, n),
		       sum(h_I, n), sum(h_J, n), sum(h_K, n), sum(h_L, n), sum(h_M, n));
	}
	printf("RESULT D=%.8e M=%.8e\n", sum(h_D, n), sum(h_M, n));
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
	free(h_A);
	free(h_B);
	free(h_C);
	free(h_D);
	free(h_E);
	free(h_F);
	free(h_G);
	free(h_I);
	free(h_J);
	free(h_K);
	free(h_L);
	free(h_M);
	return 0;
}
