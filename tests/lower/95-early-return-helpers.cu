// 95-early-return-helpers: __device__ helpers the lowering inlines (they
// hold a barrier, a shuffle or a loop) that return before their end.
// blockSum returns early when one warp is the whole block, before its
// barrier (HeCBench lda's form: the block-uniform if runs the rest in its
// else); firstAbove returns from inside an if in each thread's own way (no
// barrier: the threads diverge); classify ends in an if/else that returns
// on both paths; clear is void and returns early, block-uniformly; scan's
// lambda has a return of its own, which is no return of scan. A wrong
// lowering runs the code after a return (wrong sums: bad > 0) or refuses.
// belowCount's __ballot_sync and __any_sync vote over their mask's lanes
// only (a half warp each; HeCBench bscan votes over the lanes below): a
// lowering that votes over the whole warp counts every lane.
// steps' loops run while any lane of the warp has work (`for (v = t;
// __any_sync(m, v < len); v += 32)`, HeCBench gc; a do-while's), and an if
// tests __all_sync (vote): the votes are exchanged among the lanes each
// iteration runs (they were refused). pairs<double2, 4> shuffles sum.x of
// a C sum and v[c][i] of a float v[N][2], types the kernel template leaves
// dependent (HeCBench degrid, hadamard: refused). flops's loop names its
// local in a macro (maxFlops's ADD1_OP): not interchanged with the thread
// loop, which would keep the local per thread (refused). swapz's barrier
// is an arm of ?: (`(Z > 32) ? __syncthreads() : __syncwarp();`, HeCBench
// bitpermute): as an if (a barrier inside an expression was refused).
// Every field is a mismatch count (bad=0) or an integer sum.
#include <cstdio>

#define CHECK(x) \
	do { \
		if ((x) != cudaSuccess) { \
			printf("CUDA error %s line %d\n", #x, __LINE__); \
			return 1; \
		} \
	} while (0)

__device__ int warpSum(int v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

__device__ int blockSum(int v, int *shared)
{
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	v = warpSum(v);
	if (blockDim.x <= 32)
		return v; /* one warp: lane 0 holds the sum */
	if (lane == 0)
		shared[warp] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? shared[lane] : 0;
	if (warp == 0)
		v = warpSum(v);
	return v;
}

/* The first index past from whose value exceeds limit, or -1. */
__device__ int firstAbove(const int *a, int n, int from, int limit)
{
	if (from >= n) {
		return -1;
	}
	int found = -1;
	for (int i = from; i < n && found < 0; i++)
		if (a[i] > limit)
			found = i;
	if (found < 0)
		return -1;
	return found;
}

__device__ int classify(const int *a, int i)
{
	int s = 0;
	for (int k = 0; k < 3; k++)
		s += a[i + k];
	if (s % 2 == 0) {
		return s / 2;
	} else {
		return -s;
	}
}

__device__ void clear(int *out, int n)
{
	if (n <= 0)
		return;
	__syncthreads();
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		out[i] = 0;
}

__device__ int scan(const int *a, int n)
{
	auto pick = [](int x) {
		if (x < 0)
			return 0;
		return x;
	};
	int s = 0;
	for (int i = 0; i < n; i++)
		s += pick(a[i]);
	return s;
}

/* The lanes below this one whose flag is set; whether any lane of the
 * upper half, this one's included, has it. (Every lane a mask names must
 * call with the same mask, itself among them: bscan's lanes-below masks,
 * one per lane, trap or hang the H200.) */
__device__ int belowCount(bool flag, int *upper)
{
	const unsigned lane = threadIdx.x & 31u;
	unsigned half = lane >= 16 ? 0xffff0000u : 0x0000ffffu;
	unsigned b = __ballot_sync(half, flag); /* the lanes of this one's half */
	*upper = __any_sync(half, flag && lane >= 16);
	return __popc(b & ((1u << lane) - 1u));
}

__global__ void below(const int *in, int *out, int *up)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = belowCount(in[i] > 40, &up[i]);
}

__global__ void steps(const int *len, int *out)
{
	int t = threadIdx.x, n = len[t / 32], count = 0, rounds = 0;
	for (int v = t % 32; __any_sync(0xffffffffu, v < n); v += 32)
		if (v < n)
			count++;
	bool again;
	do {
		rounds++;
		again = rounds * 8 < n + t % 4;
	} while (__any_sync(0xffffffffu, again));
	if (__all_sync(0xffffffffu, n > 40))
		count += 1000;
	out[t] = count + 100000 * rounds;
}

template <typename C, int N> __global__ void pairs(const int *in, double *out)
{
	C sum = {0, 0};
	float v[N][2];
	int t = threadIdx.x;
	for (int c = 0; c < N; c++) {
		v[c][0] = (float)in[t * N + c];
		v[c][1] = 1.0f;
	}
	sum.x = in[t];
	sum.y = t % 3;
	for (int s = 16; s > 0; s /= 2) {
		sum.x += __shfl_down_sync(0xffffffffu, sum.x, s);
		sum.y += __shfl_down_sync(0xffffffffu, sum.y, s);
		for (int c = 0; c < N; c++)
			v[c][0] += __shfl_xor_sync(0xffffffffu, v[c][0], s);
	}
	if (t % 32 == 0)
		out[t / 32] = sum.x + 1000 * sum.y + v[N - 1][0] + v[0][1];
}

template <int Z> __global__ void swapz(int *io)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = io[blockIdx.x * blockDim.x + t] * 2;
	(Z > 32) ? __syncthreads() : __syncwarp();
	io[blockIdx.x * blockDim.x + t] = s[t ^ 1] + Z;
}

#define STEP_OP s = v - s + 1;

__global__ void flops(int *data, int n, int v)
{
	int gid = blockIdx.x * blockDim.x + threadIdx.x;
	int s = data[gid];
	for (int j = 0; j < n; ++j) {
		STEP_OP STEP_OP STEP_OP
	}
	data[gid] = s;
}

__global__ void sums(const int *in, int *out, int n)
{
	__shared__ int shared[32];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int s = blockSum(i < n ? in[i] : 0, shared);
	if (threadIdx.x == 0)
		out[blockIdx.x] = s;
}

__global__ void others(const int *in, int *first, int *cls, int *pos, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	clear(pos, 0); /* returns at once */
	if (i < n) {
		first[i] = firstAbove(in, n, i, 90);
		cls[i] = classify(in, i % (n - 3));
		pos[i] = scan(in + i % (n - 8), 8);
	}
	(void)firstAbove(in, n, i, 0); /* a value no one uses */
}

static int h_first(const int *a, int n, int from, int limit)
{
	for (int i = from; i < n; i++)
		if (a[i] > limit)
			return i;
	return -1;
}

int main()
{
	const int n = 1000, big = 256, small = 32;
	int h[n], first[n], cls[n], pos[n], bel[n], up[n];
	for (int i = 0; i < n; i++)
		h[i] = (i * 37) % 101 - 7;
	int *din, *dout, *dfirst, *dcls, *dpos;
	int nb1 = (n + big - 1) / big, nb2 = (n + small - 1) / small;
	int o1[8], o2[64];
	CHECK(cudaMalloc(&din, sizeof h));
	CHECK(cudaMalloc(&dout, 64 * sizeof(int)));
	CHECK(cudaMalloc(&dfirst, sizeof h));
	CHECK(cudaMalloc(&dcls, sizeof h));
	CHECK(cudaMalloc(&dpos, sizeof h));
	CHECK(cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice));
	sums<<<nb1, big>>>(din, dout, n);
	CHECK(cudaMemcpy(o1, dout, nb1 * sizeof(int), cudaMemcpyDeviceToHost));
	sums<<<nb2, small>>>(din, dout, n);
	CHECK(cudaMemcpy(o2, dout, nb2 * sizeof(int), cudaMemcpyDeviceToHost));
	others<<<(n + 127) / 128, 128>>>(din, dfirst, dcls, dpos, n);
	CHECK(cudaMemcpy(first, dfirst, sizeof h, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(cls, dcls, sizeof h, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(pos, dpos, sizeof h, cudaMemcpyDeviceToHost));
	below<<<n / 32, 32>>>(din, dfirst, dcls); /* whole warps: 992 of the 1000 */
	CHECK(cudaMemcpy(bel, dfirst, sizeof h, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(up, dcls, sizeof h, cudaMemcpyDeviceToHost));
	int lens[4] = {7, 45, 100, 0}, st[128], *dlen;
	CHECK(cudaMalloc(&dlen, sizeof lens));
	CHECK(cudaMemcpy(dlen, lens, sizeof lens, cudaMemcpyHostToDevice));
	steps<<<1, 128>>>(dlen, dfirst);
	CHECK(cudaMemcpy(st, dfirst, sizeof st, cudaMemcpyDeviceToHost));
	double pr[4], *dpr;
	CHECK(cudaMalloc(&dpr, sizeof pr));
	pairs<double2, 4><<<1, 128>>>(din, dpr);
	CHECK(cudaMemcpy(pr, dpr, sizeof pr, cudaMemcpyDeviceToHost));
	int sz[128], sw[128];
	CHECK(cudaMemcpy(dfirst, h, sizeof sz, cudaMemcpyHostToDevice));
	swapz<64><<<2, 64>>>(dfirst);
	CHECK(cudaMemcpy(sz, dfirst, sizeof sz, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(dfirst, h, sizeof sw, cudaMemcpyHostToDevice));
	swapz<16><<<4, 32>>>(dfirst);
	CHECK(cudaMemcpy(sw, dfirst, sizeof sw, cudaMemcpyDeviceToHost));
	int zsum = 0, zbad = 0;
	for (int i = 0; i < 128; i++) {
		zbad += sz[i] != 2 * h[i ^ 1] + 64;
		zbad += sw[i] != 2 * h[i ^ 1] + 16;
		zsum += sz[i] + sw[i];
	}
	int fl[256];
	CHECK(cudaMemcpy(dfirst, h, sizeof fl, cudaMemcpyHostToDevice));
	flops<<<2, 128>>>(dfirst, 101, 7);
	CHECK(cudaMemcpy(fl, dfirst, sizeof fl, cudaMemcpyDeviceToHost));
	int bad = zbad, total = 0, fsum = 0, csum = 0, psum = 0, bsum = 0, usum = 0, ssum = 0, prsum = 0, flsum = 0;
	for (int i = 0; i < 256; i++) {
		int sv = h[i];
		for (int j = 0; j < 3 * 101; j++)
			sv = 7 - sv + 1;
		bad += fl[i] != sv;
		flsum += fl[i];
	}
	for (int w = 0; w < 4; w++) {
		double x = 0, y = 0, last = 0;
		for (int t = 32 * w; t < 32 * w + 32; t++)
			x += h[t], y += t % 3, last += h[t * 4 + 3];
		bad += pr[w] != x + 1000 * y + last + 1;
		prsum += (int)pr[w];
	}
	for (int t = 0; t < 128; t++) {
		int n = lens[t / 32], lane = t % 32, count = lane < n ? (n - lane + 31) / 32 : 0, rounds = 0;
		for (int w = t - lane; w < t - lane + 32; w++) { /* the warp's last lane to finish */
			int r = 1;
			while (r * 8 < n + w % 4)
				r++;
			rounds = r > rounds ? r : rounds;
		}
		int want = count + (n > 40 ? 1000 : 0) + 100000 * rounds;
		bad += st[t] != want;
		ssum += st[t] % 100000 + rounds;
	}
	for (int b = 0; b < nb1; b++) {
		int want = 0;
		for (int i = b * big; i < n && i < (b + 1) * big; i++)
			want += h[i];
		bad += o1[b] != want;
		total += o1[b];
	}
	for (int b = 0; b < nb2; b++) {
		int want = 0;
		for (int i = b * small; i < n && i < (b + 1) * small; i++)
			want += h[i];
		bad += o2[b] != want;
	}
	for (int i = 0; i < n; i++) {
		int j = i % (n - 3), s = h[j] + h[j + 1] + h[j + 2], p = 0;
		for (int k = 0; k < 8; k++)
			p += h[i % (n - 8) + k] < 0 ? 0 : h[i % (n - 8) + k];
		bad += first[i] != h_first(h, n, i, 90);
		bad += cls[i] != (s % 2 == 0 ? s / 2 : -s);
		bad += pos[i] != p;
		fsum += first[i];
		csum += cls[i];
		psum += pos[i];
		int t = i % 32, w = i - t, want = 0, anyup = 0;
		for (int j = w + (t & 16); j < i; j++) /* the lanes below in this half warp */
			want += h[j] > 40;
		for (int j = w + 16; j < w + 32 && t >= 16; j++)
			anyup |= h[j] > 40;
		if (i >= n / 32 * 32)
			continue;
		bad += bel[i] != want;
		bad += up[i] != anyup;
		bsum += bel[i];
		usum += up[i];
	}
	printf("RESULT total=%d first=%d cls=%d pos=%d below=%d up=%d steps=%d pairs=%d flops=%d swapz=%d bad=%d\n", total, fsum,
	       csum, psum, bsum, usum, ssum, prsum, flsum, zsum, bad);
	return 0;
}
