// 26-local-arrays: initialised local arrays that live across a barrier, so
// cuflow keeps them per thread (T (*a)[N]) and must initialise each
// thread's copy: a float array changed per thread, a 2-D int array, an
// array whose size comes from its initialiser, an array of structs, an
// array every thread initialises alike but changes per thread (it must not
// be kept once per block), and a const table every thread fills alike. A
// missing or shared initialisation shows as wrong sums; the host reference
// counts mismatches (bad=).
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s line %d\n", cudaGetErrorString(e_), __LINE__); return 1; } } while (0)

#define B 64

struct P { int a; float b; };

__global__ void arrays(int *out, int k)
{
	__shared__ int s[B];
	int t = threadIdx.x;
	float w[3] = {1.0f, 2.0f, (float)t};
	int m[2][2] = {{t, 1}, {2, k}};
	int d[] = {5, t % 7, 9, k};
	P p[2] = {{t, 0.5f}, {k, 1.5f}};
	const int lut[4] = {3, 1, 4, 1};
	int z[2] = {0, 0};
	s[t] = t * k;
	__syncthreads();
	w[t % 3] += s[(t + 1) % B];
	m[t % 2][(t / 2) % 2] += s[(t + 2) % B];
	d[t % 4] -= lut[t % 4];
	p[t % 2].a += s[(t + 3) % B];
	z[t % 2] += s[(t + 4) % B];
	__syncthreads();
	s[t] = (int)(w[0] + w[1] + w[2]) + m[0][0] + m[0][1] + m[1][0] + m[1][1] +
	       d[0] + d[1] + d[2] + d[3] + p[0].a + p[1].a + (int)(p[0].b + p[1].b) + lut[(t + 1) % 4] +
	       z[0] + z[1];
	__syncthreads();
	out[blockIdx.x * B + t] = s[(t + 5) % B];
}

static int lane(int t, int k)
{
	int s1 = ((t + 1) % B) * k, s2 = ((t + 2) % B) * k, s3 = ((t + 3) % B) * k, s4 = ((t + 4) % B) * k;
	float w[3] = {1.0f, 2.0f, (float)t};
	int m[2][2] = {{t, 1}, {2, k}};
	int d[] = {5, t % 7, 9, k};
	int pa[2] = {t, k};
	const int lut[4] = {3, 1, 4, 1};
	w[t % 3] += s1;
	m[t % 2][(t / 2) % 2] += s2;
	d[t % 4] -= lut[t % 4];
	pa[t % 2] += s3;
	return (int)(w[0] + w[1] + w[2]) + m[0][0] + m[0][1] + m[1][0] + m[1][1] + d[0] + d[1] + d[2] + d[3] +
	       pa[0] + pa[1] + 2 + lut[(t + 1) % 4] + s4;
}

int main()
{
	const int nb = 3, N = nb * B, k = 7;
	int *d, h[N];
	CHECK(cudaMalloc(&d, sizeof h));
	arrays<<<nb, B>>>(d, k);
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	long sum = 0;
	int bad = 0;
	for (int i = 0; i < N; i++) {
		bad += h[i] != lane((i % B + 5) % B, k);
		sum += h[i];
	}
	printf("RESULT sum=%ld bad=%d\n", sum, bad);
	return 0;
}
