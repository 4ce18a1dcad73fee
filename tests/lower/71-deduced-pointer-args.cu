// 71-deduced-pointer-args: helpers holding barriers or shuffles, called
// from kernel templates with their template arguments left to deduction
// from pointer parameters (HeCBench's jaccard: parallel_prefix_sum(n, ind,
// w) with `const T *w`; bitpacking: reduceMinAndMax(minBuffer, maxBuffer,
// n) with `T *const` parameters taking __shared__ arrays, which decay).
// The callee is certain from the text (one candidate, T from the
// pointer's target or the array's element), so the calls are inlined; they
// were refused as calls the kernel template's parameters leave unresolved.
// So is pairsum<T>(a, b) beside an overload with two more non-type
// template parameters that nothing could deduce (channelSum's BlockReduce).
// Exact integer sums against the host; bad counts mismatches.
#include <cstdio>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); return 1; } } while (0)

template <typename T> __device__ T warpsum(const int n, const int *ind, const T *w)
{
	T sum = 0;
	for (int i = threadIdx.x; i < 32; i += 32)
		sum = i < n ? w[ind[i]] : (T)0;
	for (int j = 16; j > 0; j >>= 1)
		sum += __shfl_xor_sync(0xffffffff, sum, j);
	return sum;
}

template <typename T> __device__ void minmax(T *const lo, T *const hi, int const end)
{
	for (int d = 64; d > 0; d >>= 1) {
		if (threadIdx.x < d && threadIdx.x + d < end) {
			lo[threadIdx.x] = min(lo[threadIdx.x], lo[threadIdx.x + d]);
			hi[threadIdx.x] = max(hi[threadIdx.x], hi[threadIdx.x + d]);
		}
		__syncthreads();
	}
}

template <typename T, int X, int Y> __device__ void pairsum(T &a, T &b)
{
	a = b = (T)(X + Y); /* not viable for pairsum<T>(a, b): X and Y cannot be deduced */
}

template <typename T> __device__ void pairsum(T &a, T &b)
{
	__shared__ T s[2][128];
	s[0][threadIdx.x] = a;
	s[1][threadIdx.x] = b;
	__syncthreads();
	for (int d = 64; d > 0; d >>= 1) {
		if (threadIdx.x < d) {
			s[0][threadIdx.x] += s[0][threadIdx.x + d];
			s[1][threadIdx.x] += s[1][threadIdx.x + d];
		}
		__syncthreads();
	}
	a = s[0][0];
	b = s[1][0];
}

template <typename T> __global__ void sums(const T *in, T *out)
{
	T a = in[blockIdx.x * 128 + threadIdx.x], b = a * a;
	pairsum<T>(a, b);
	if (threadIdx.x == 0) {
		out[2 * blockIdx.x] = a;
		out[2 * blockIdx.x + 1] = b;
	}
}

template <typename T> __global__ void rows(const int *ind, const T *w, T *out)
{
	T s = warpsum(20, ind + blockIdx.x, w);
	if (threadIdx.x == 0)
		out[blockIdx.x] = s;
}

template <typename T> __global__ void extremes(const T *in, T *out, int n)
{
	__shared__ T lo[128], hi[128];
	int i = blockIdx.x * 128 + threadIdx.x;
	lo[threadIdx.x] = hi[threadIdx.x] = i < n ? in[i] : in[0];
	__syncthreads();
	minmax(lo, hi, 128);
	if (threadIdx.x == 0) {
		out[2 * blockIdx.x] = lo[0];
		out[2 * blockIdx.x + 1] = hi[0];
	}
}

int main()
{
	const int nr = 64, n = 1000, nb = (n + 127) / 128;
	int hind[nr + 32], hin[n];
	float hw[64];
	for (int i = 0; i < nr + 32; i++)
		hind[i] = (i * 7) % 64;
	for (int i = 0; i < 64; i++)
		hw[i] = (float)(i % 9) - 4.0f;
	for (int i = 0; i < n; i++)
		hin[i] = (i * 7919) % 1013 - 500;
	int *ind, *in, *mm;
	float *w, *rs;
	CHECK(cudaMalloc(&ind, sizeof hind));
	CHECK(cudaMalloc(&w, sizeof hw));
	CHECK(cudaMalloc(&rs, nr * sizeof(float)));
	CHECK(cudaMalloc(&in, sizeof hin));
	CHECK(cudaMalloc(&mm, 2 * nb * sizeof(int)));
	CHECK(cudaMemcpy(ind, hind, sizeof hind, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(w, hw, sizeof hw, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(in, hin, sizeof hin, cudaMemcpyHostToDevice));
	rows<float><<<nr, 32>>>(ind, w, rs);
	extremes<int><<<nb, 128>>>(in, mm, n);
	int *ps;
	CHECK(cudaMalloc(&ps, 2 * 7 * sizeof(int)));
	sums<int><<<7, 128>>>(in, ps);
	float hrs[nr];
	int hmm[2 * nb], hps[14];
	CHECK(cudaMemcpy(hps, ps, sizeof hps, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hrs, rs, sizeof hrs, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hmm, mm, sizeof hmm, cudaMemcpyDeviceToHost));
	int bad = 0;
	long long total = 0;
	for (int r = 0; r < nr; r++) {
		float s = 0;
		for (int i = 0; i < 20; i++)
			s += hw[hind[r + i]];
		bad += hrs[r] != s;
		total += (long long)hrs[r];
	}
	for (int b = 0; b < nb; b++) {
		int lo = hin[b * 128], hi = hin[b * 128];
		for (int t = 0; t < 128; t++) {
			int v = b * 128 + t < n ? hin[b * 128 + t] : hin[0];
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
		}
		bad += hmm[2 * b] != lo || hmm[2 * b + 1] != hi;
		total += hmm[2 * b] + hmm[2 * b + 1];
	}
	for (int b = 0; b < 7; b++) {
		int a = 0, q = 0;
		for (int t = 0; t < 128; t++)
			a += hin[b * 128 + t], q += hin[b * 128 + t] * hin[b * 128 + t];
		bad += hps[2 * b] != a || hps[2 * b + 1] != q;
		total += a;
	}
	printf("RESULT total=%lld bad=%d\n", total, bad);
	return 0;
}
