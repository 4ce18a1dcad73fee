// 57-template-auto-locals: `auto` locals of a kernel template whose type
// its parameters leave unnamed (auto gi = in + blockIdx.x * N: HeCBench
// scan, score), live across a barrier: kept per thread with the
// initialiser's decayed type. The lowering wrote `auto gi;`, which did not
// build.
#include <cstdio>

template <typename T, int N>
__global__ void reverse(T *o, const T *in)
{
	__shared__ T s[N];
	auto gi = in + blockIdx.x * N;
	auto go = o + blockIdx.x * N;
	auto scale = in[blockIdx.x * N] + (T)1; /* (one naming gi would not build: gi is the thread loop's) */
	s[threadIdx.x] = gi[threadIdx.x];
	__syncthreads();
	go[threadIdx.x] = s[N - 1 - threadIdx.x] * scale;
}

int main()
{
	const int n = 256;
	float hf[n], rf[n], *df, *of;
	int hi[n], ri[n], *di, *oi;
	for (int i = 0; i < n; i++) {
		hf[i] = (float)(i % 13);
		hi[i] = i % 11;
	}
	cudaMalloc(&df, sizeof hf);
	cudaMalloc(&of, sizeof rf);
	cudaMalloc(&di, sizeof hi);
	cudaMalloc(&oi, sizeof ri);
	cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
	cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
	reverse<float, 64><<<n / 64, 64>>>(of, df);
	reverse<int, 128><<<n / 128, 128>>>(oi, di);
	cudaMemcpy(rf, of, sizeof rf, cudaMemcpyDeviceToHost);
	cudaMemcpy(ri, oi, sizeof ri, cudaMemcpyDeviceToHost);
	int bad = 0;
	long sum = 0;
	for (int i = 0; i < n; i++) {
		int b64 = i / 64, t64 = i % 64, b128 = i / 128, t128 = i % 128;
		bad += rf[i] != hf[b64 * 64 + 63 - t64] * (hf[b64 * 64] + 1);
		bad += ri[i] != hi[b128 * 128 + 127 - t128] * (hi[b128 * 128] + 1);
		sum += (long)rf[i] + ri[i];
	}
	printf("RESULT sum=%ld bad=%d\n", sum, bad);
	return 0;
}
