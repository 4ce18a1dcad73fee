// 56-define-between-statements: a #define between a kernel's statements
// where the lowering splits them into thread loops (after a barrier,
// before a loop that fission splits off): the thread loops copy
// statements, and the directive between two runs of them was lost (`N was
// not declared`: HeCBench match's `#define NRX 2`, hexciton). A #undef
// and a second #define of the name later in the kernel. k2: locals whose
// initialisers name a macro defined after the barrier (debayer's
// `#define is_gbrg (bayer_pattern == GBRG)`) are not recomputed from that
// text at the top of their thread loop, above the #define. k3: nor is a
// constant local declared again at the block function's top.
#include <cstdio>

__global__ void k(const float *in, float *o)
{
	__shared__ float s[64];
	s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
	__syncthreads();
#define N 3
	float a[N];
	for (int i = 0; i < N; i++)
		a[i] = s[(threadIdx.x + i) % 64];
	__syncthreads();
#undef N
#define N 2
	float b = a[0] * N + a[N];
	o[blockIdx.x * 64 + threadIdx.x] = b;
#undef N
}

__global__ void k2(const int *in, int *o, int pattern)
{
	__shared__ int s[64];
	s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
	__syncthreads();
	const int g = blockIdx.x * 64 + threadIdx.x;
	const int odd = g & 1;
#define IS_ODD_PATTERN (pattern == 1)
	const int want = IS_ODD_PATTERN | (pattern == 3);
	const int mine = odd == want;
	int acc = 0;
	for (int i = 0; i < 4; i++)
		acc += s[(threadIdx.x + i) % 64];
	o[g] = mine ? acc : -acc;
#undef IS_ODD_PATTERN
}

__global__ void k3(int *o)
{
	__shared__ int s[64];
	s[threadIdx.x] = threadIdx.x;
	__syncthreads();
#define SHIFT 3
	const int n = SHIFT;
	int t = s[(threadIdx.x + n) % 64];
	__syncthreads();
	o[blockIdx.x * 64 + threadIdx.x] = t + n;
#undef SHIFT
}

int main()
{
	float h[128], r[128], *d, *o;
	for (int i = 0; i < 128; i++)
		h[i] = (float)(i % 9);
	cudaMalloc(&d, sizeof h);
	cudaMalloc(&o, sizeof r);
	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
	k<<<2, 64>>>(d, o);
	cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
	int bad = 0;
	long sum = 0;
	for (int i = 0; i < 128; i++) {
		int b = i / 64, t = i % 64;
		float want = h[b * 64 + t] * 2 + h[b * 64 + (t + 2) % 64];
		bad += r[i] != want;
		sum += (long)r[i];
	}
	int hi[128], ri[128], *di, *oi;
	for (int i = 0; i < 128; i++)
		hi[i] = (i * 5) % 7;
	cudaMalloc(&di, sizeof hi);
	cudaMalloc(&oi, sizeof ri);
	cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
	k2<<<2, 64>>>(di, oi, 1);
	cudaMemcpy(ri, oi, sizeof ri, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 128; i++) {
		int b = i / 64, t = i % 64, acc = 0;
		for (int j = 0; j < 4; j++)
			acc += hi[b * 64 + (t + j) % 64];
		bad += ri[i] != ((i & 1) ? acc : -acc);
		sum += ri[i] * (i % 3);
	}
	k3<<<2, 64>>>(oi);
	cudaMemcpy(ri, oi, sizeof ri, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 128; i++)
		bad += ri[i] != (i % 64 + 3) % 64 + 3;
	printf("RESULT sum=%ld bad=%d\n", sum, bad);
	return 0;
}
