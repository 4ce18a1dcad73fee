// 65-constant-arg-shadowed: a kernel template passes its constant local N
// to a helper with shuffles that declares a local N of its own. A constant
// argument stands for the parameter in the inlined body only where the
// callee declares no name the argument's text uses; a build of this
// session put `N` there and the helper's own N (100) was read (sum 214272).
#include <cstdio>

__device__ int addw(int v, int w)
{
	int N = 100;
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_xor_sync(0xffffffff, v, o) + w + N;
	return v;
}

template <int K> __global__ void k(int *out)
{
	const int N = K;
	int v = addw(threadIdx.x, N);
	out[threadIdx.x] = v;
}

int main()
{
	int *d, h[32];
	cudaMalloc(&d, sizeof h);
	k<3><<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	long s = 0, want = 0;
	int r[32];
	for (int i = 0; i < 32; i++)
		r[i] = i;
	for (int o = 16; o > 0; o /= 2) {
		int t[32];
		for (int i = 0; i < 32; i++)
			t[i] = r[i] + r[i ^ o] + 3 + 100;
		for (int i = 0; i < 32; i++)
			r[i] = t[i];
	}
	int bad = 0;
	for (int i = 0; i < 32; i++) {
		s += h[i];
		want += r[i];
		bad += h[i] != r[i];
	}
	printf("RESULT sum=%ld bad=%d\n", s, bad);
	return want != s;
}
