// 31-index-split: thread loops whose statements compare the thread index
// with constants (tx == 0, ty == B - 1, threadIdx.x != 3, < 16), which the
// lowering splits into loops below, across and above a run of indices
// where every test keeps its value (index-set splitting). stencil: srad's
// nine-way border chain on a 16x16 tile, launched with 16x16, 8x8 (the
// constant 15 past the block's end: no third loop runs), 32x4 (a third
// loop of 17 threads) and 1x1 blocks. tid0: if (threadIdx.x == 0) beside
// per-thread work, != and == tests on small thread numbers (the run above
// them is split off), a loop with continue (labels in every copy), in a
// split launch. halves: lud's threadIdx.x < 16 (split at 16) on blocks of
// 32, 8 and 48 threads; mixed: <, >= and <= with a constant on either
// side (4 > threadIdx.x). lanes: a split loop that also has lane
// subscripts (four copies of one x loop). once: every thread of a split
// loop runs once (each appends its index through an atomic counter). The
// host reference counts mismatches (bad=); a wrong split runs a thread
// twice or not at all.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s line %d\n", cudaGetErrorString(e_), __LINE__); return 1; } } while (0)

#define B 16

__global__ void stencil(const float *in, float *out, int w)
{
	__shared__ float t[B][2 * B];
	int tx = threadIdx.x, ty = threadIdx.y;
	int x = blockIdx.x * blockDim.x + tx, y = blockIdx.y * blockDim.y + ty;
	t[ty][tx] = in[y * w + x];
	__syncthreads();
	float c = t[ty][tx], n, s, e, wv;
	if (ty == 0 && tx == 0) {
		n = 1; s = 2; e = 3; wv = 4;
	} else if (ty == 0 && tx == B - 1) {
		n = 5; s = 6; e = 7; wv = 8;
	} else if (ty == B - 1 && tx == B - 1) {
		n = 9; s = 10; e = 11; wv = 12;
	} else if (ty == B - 1 && tx == 0) {
		n = 13; s = 14; e = 15; wv = 16;
	} else if (ty == 0) {
		n = 17; s = c; e = c; wv = c;
	} else if (tx == B - 1) {
		n = c; s = 18; e = c; wv = c;
	} else if (ty == B - 1) {
		n = c; s = c; e = 19; wv = c;
	} else if (tx == 0) {
		n = c; s = c; e = c; wv = 20;
	} else {
		n = c; s = c * 2; e = c * 3; wv = c * 4;
	}
	out[y * w + x] = n + 2 * s + 3 * e + 4 * wv;
}

static float stencil_ref(float c, int tx, int ty)
{
	float n, s, e, wv;
	if (ty == 0 && tx == 0) { n = 1; s = 2; e = 3; wv = 4; }
	else if (ty == 0 && tx == B - 1) { n = 5; s = 6; e = 7; wv = 8; }
	else if (ty == B - 1 && tx == B - 1) { n = 9; s = 10; e = 11; wv = 12; }
	else if (ty == B - 1 && tx == 0) { n = 13; s = 14; e = 15; wv = 16; }
	else if (ty == 0) { n = 17; s = c; e = c; wv = c; }
	else if (tx == B - 1) { n = c; s = 18; e = c; wv = c; }
	else if (ty == B - 1) { n = c; s = c; e = 19; wv = c; }
	else if (tx == 0) { n = c; s = c; e = c; wv = 20; }
	else { n = c; s = c * 2; e = c * 3; wv = c * 4; }
	return n + 2 * s + 3 * e + 4 * wv;
}

__global__ void tid0(const int *in, int *out, int *sums, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = i < n ? in[i] : 0;
	if (threadIdx.x == 0)
		sums[blockIdx.x] = v * 1000;
	if (threadIdx.x != 3)
		v += 7;
	for (int k = 0; k < 4; k++) {
		if (threadIdx.x == 5 && k == 1)
			continue;
		v += k;
	}
	if (i < n)
		out[i] = v;
}

__global__ void halves(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (threadIdx.x < 16)
		out[i] = in[i] * 2;
	else
		out[i] = in[i] + 100;
}

__global__ void mixed(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	if (4 > threadIdx.x)
		v += 1;
	if (threadIdx.x >= 24)
		v -= 3;
	if (threadIdx.x <= 9)
		v *= 5;
	out[i] = v;
}

__global__ void lanes(const unsigned *in, unsigned *out, unsigned base)
{
	unsigned b0 = base + blockIdx.x * blockDim.x;
	unsigned v = in[b0 + threadIdx.x];
	if (threadIdx.x == 0)
		v = 0;
	out[b0 + threadIdx.x] = v * 2 + 1;
}

__global__ void once(int *seq, int *next)
{
	if (threadIdx.x != 0 || blockIdx.x == 0)
		seq[atomicAdd(next, 1)] = threadIdx.x;
}

int main()
{
	int bad = 0;
	const int w = 64, h = 64;
	float *in, *out;
	CHECK(cudaMallocManaged(&in, w * h * sizeof(float)));
	CHECK(cudaMallocManaged(&out, w * h * sizeof(float)));
	for (int i = 0; i < w * h; i++)
		in[i] = (float)(i % 13);
	double stsum = 0;
	const dim3 shapes[] = {dim3(16, 16), dim3(8, 8), dim3(32, 4), dim3(1, 1)};
	for (const dim3 &bs : shapes) {
		int gw = bs.x == 1 ? 16 : w / bs.x, gh = bs.y == 1 ? 16 : h / bs.y;
		CHECK(cudaMemset(out, 0, w * h * sizeof(float)));
		stencil<<<dim3(gw, gh), bs>>>(in, out, w);
		CHECK(cudaDeviceSynchronize());
		for (int y = 0; y < (int)(gh * bs.y); y++)
			for (int x = 0; x < (int)(gw * bs.x); x++) {
				float r = stencil_ref(in[y * w + x], x % bs.x, y % bs.y);
				bad += out[y * w + x] != r;
				stsum += out[y * w + x];
			}
	}

	const int n = 1000, nb = (n + 127) / 128;
	int *iin, *iout, *sums;
	CHECK(cudaMallocManaged(&iin, n * sizeof(int)));
	CHECK(cudaMallocManaged(&iout, n * sizeof(int)));
	CHECK(cudaMallocManaged(&sums, nb * sizeof(int)));
	for (int i = 0; i < n; i++)
		iin[i] = i % 17;
	tid0<<<nb, 128>>>(iin, iout, sums, n);
	CHECK(cudaDeviceSynchronize());
	long long tsum = 0;
	for (int i = 0; i < n; i++) {
		int t = i % 128, v = iin[i] + (t != 3 ? 7 : 0) + 6 - (t == 5 ? 1 : 0);
		bad += iout[i] != v;
		tsum += iout[i];
	}
	for (int b = 0; b < nb; b++) {
		bad += sums[b] != iin[b * 128] * 1000;
		tsum += sums[b];
	}

	long long hsum = 0;
	const int sizes[] = {32, 8, 48};
	for (int bs : sizes) {
		const int hn = 96 * 4;
		halves<<<hn / bs, bs>>>(iin, iout);
		CHECK(cudaDeviceSynchronize());
		for (int i = 0; i < hn; i++) {
			int t = i % bs, r = t < 16 ? iin[i] * 2 : iin[i] + 100;
			bad += iout[i] != r;
			hsum += iout[i];
		}
		mixed<<<hn / bs, bs>>>(iin, iout);
		CHECK(cudaDeviceSynchronize());
		for (int i = 0; i < hn; i++) {
			int t = i % bs, r = iin[i] + (t < 4) - (t >= 24 ? 3 : 0);
			r *= t <= 9 ? 5 : 1;
			bad += iout[i] != r;
			hsum += iout[i];
		}
	}

	const unsigned ln = 4096;
	unsigned *lin, *lout;
	CHECK(cudaMallocManaged(&lin, ln * sizeof(unsigned)));
	CHECK(cudaMallocManaged(&lout, ln * sizeof(unsigned)));
	for (unsigned i = 0; i < ln; i++)
		lin[i] = i * 3;
	lanes<<<ln / 64 - 1, 64>>>(lin, lout, 32);
	CHECK(cudaDeviceSynchronize());
	long long lsum = 0;
	for (unsigned i = 32; i < ln - 32; i++) {
		unsigned r = ((i - 32) % 64 == 0 ? 0 : lin[i]) * 2 + 1;
		bad += lout[i] != r;
		lsum += lout[i];
	}

	int *seq, *next;
	CHECK(cudaMallocManaged(&seq, 64 * sizeof(int)));
	CHECK(cudaMallocManaged(&next, sizeof(int)));
	*next = 0;
	once<<<1, 64>>>(seq, next);
	CHECK(cudaDeviceSynchronize());
	int times[64] = {0};
	for (int i = 0; i < *next && i < 64; i++)
		times[seq[i] & 63]++;
	for (int t = 0; t < 64; t++)
		bad += times[t] != 1;

	printf("RESULT stencil=%.1f tid0=%lld halves=%lld lanes=%lld once=%d bad=%d\n", stsum, tsum, hsum, lsum,
	       *next, bad);
	return 0;
}
