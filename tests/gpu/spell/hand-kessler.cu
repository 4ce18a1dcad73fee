// Kessler's five kernels fused and pinned by hand (the paper's optimum, 4
// copies a round): the spelling matrix's reference (tests/gpu/spell/run).
// {A,B} and {C,F} go up together, D, I, J, K, L and M come down together at
// the end of the round, E alone (kernel1 on the CPU reads it); every copied
// buffer is page-locked. Same RESULT as tests/spell/gen.py's kessler.
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
	size_t s = n * sizeof(float);
	float *ab, *cf, *dm, *h_E;
	cudaMallocHost((void **)&ab, 2 * s);
	cudaMallocHost((void **)&cf, 2 * s);
	cudaMallocHost((void **)&dm, 6 * s);
	cudaMallocHost((void **)&h_E, s);
	float *h_A = ab, *h_B = ab + n, *h_C = cf, *h_F = cf + n;
	float *h_D = dm, *h_I = dm + n, *h_J = dm + 2 * n, *h_K = dm + 3 * n, *h_L = dm + 4 * n, *h_M = dm + 5 * n;
	float *h_G = (float *)malloc(s);
	float *d_ab, *d_cf, *d_dm, *d_E, *d_H;
	cudaMalloc(&d_ab, 2 * s);
	cudaMalloc(&d_cf, 2 * s);
	cudaMalloc(&d_dm, 6 * s);
	cudaMalloc(&d_E, s);
	cudaMalloc(&d_H, s);
	float *d_A = d_ab, *d_B = d_ab + n, *d_C = d_cf, *d_F = d_cf + n;
	float *d_D = d_dm, *d_I = d_dm + n, *d_J = d_dm + 2 * n, *d_K = d_dm + 3 * n, *d_L = d_dm + 4 * n, *d_M = d_dm + 5 * n;
	for (int r = 0; r < reps; r++) {
		for (int i = 0; i < n; i++) { /* new inputs every round */
			h_A[i] = (float)((i + r) % 7) * 0.125f;
			h_B[i] = (float)((i + 2 * r) % 5) * 0.25f - 0.5f;
			h_C[i] = (float)((i + r) % 3) * 0.5f - 0.25f;
		}
		cudaMemcpy(d_ab, ab, 2 * s, cudaMemcpyHostToDevice);
		kernel0<<<(n + 255) / 256, 256>>>(d_B, d_A, d_D, d_E, n);
		cudaMemcpy(h_E, d_E, s, cudaMemcpyDeviceToHost);
		kernel1(h_E, h_B, h_F, h_G, n);
		cudaMemcpy(d_cf, cf, 2 * s, cudaMemcpyHostToDevice);
		kernel2<<<(n + 255) / 256, 256>>>(d_C, d_F, d_H, d_I, n);
		kernel3<<<(n + 255) / 256, 256>>>(d_F, d_H, d_J, d_K, n);
		kernel4<<<(n + 255) / 256, 256>>>(d_H, d_E, d_L, d_M, n);
		cudaMemcpy(dm, d_dm, 6 * s, cudaMemcpyDeviceToHost);
		printf("round %d: D=%.6e G=%.6e I=%.6e J=%.6e K=%.6e L=%.6e M=%.6e\n", r, sum(h_D, n), sum(h_G, n),
		       sum(h_I, n), sum(h_J, n), sum(h_K, n), sum(h_L, n), sum(h_M, n));
	}
	printf("RESULT D=%.8e M=%.8e\n", sum(h_D, n), sum(h_M, n));
	cudaFree(d_ab);
	cudaFree(d_cf);
	cudaFree(d_dm);
	cudaFree(d_E);
	cudaFree(d_H);
	cudaFreeHost(ab);
	cudaFreeHost(cf);
	cudaFreeHost(dm);
	cudaFreeHost(h_E);
	free(h_G);
	return 0;
}
