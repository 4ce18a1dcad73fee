// 101-macro-args: variables kept per thread (live across a barrier, or
// renamed where two share a name) written as arguments of function-like
// macros: each use's argument is spelled at the use, where the lowering
// puts the per-thread name (HeCBench nw's SCORE((ty+1), (tx+1)), scan's
// OFFSET(ai), fft's twiddle macros). libclang gives such a variable's
// cursor the macro use's start as its extent; the use runs to its ')'.
// Refused before ("a variable that must be kept per thread is used inside
// a macro's body"); a wrong element shows in the sums.
#include <cstdio>

#define CHECK(x) do { if ((x) != cudaSuccess) { printf("CUDA error %d\n", (int)(x)); return 1; } } while (0)

#define N 64
#define AT(i, j) tile[(j) + (i) * (N + 1)]
#define PAD(n) ((n) >> 3)
#define TWICE(v) ((v) + (v))

__global__ void grid(const int *in, int *out)
{
	__shared__ int tile[(N + 1) * 4];
	int tx = threadIdx.x;
	for (int ty = 0; ty < 4; ty++)
		AT(ty, tx) = in[blockIdx.x * 4 * N + ty * N + tx];
	__syncthreads();
	int keep = AT(3 - tx % 4, (tx + 1) % N);
	__syncthreads();
	for (int ty = 0; ty < 4; ty++) /* a second ty: renamed apart from the first */
		AT(ty, tx) = TWICE(keep) + ty;
	__syncthreads();
	out[blockIdx.x * N + tx] = AT((tx % 4), ((tx + 3) % N)) + PAD((keep + 0));
}

__global__ void padded(int *data)
{
	__shared__ int s[N + PAD(N)];
	int t = threadIdx.x;
	s[t + PAD(t)] = data[blockIdx.x * N + t];
	for (int d = 1; d < N; d *= 2) { /* scan's sweeps: ai and bi in two loops, renamed apart */
		__syncthreads();
		if (t % (2 * d) == 0 && t + d < N) {
			int ai = t;
			int bi = t + d;
			ai += PAD(ai);
			bi += PAD(bi);
			s[ai] += s[bi];
		}
	}
	for (int d = N / 2; d >= 1; d /= 2) {
		__syncthreads();
		if (t % (2 * d) == 0 && t + d < N) {
			int ai = t;
			int bi = t + d;
			ai += PAD((ai));
			bi += PAD((bi + 0));
			s[bi] += s[ai] - s[bi] + 1;
		}
	}
	__syncthreads();
	data[blockIdx.x * N + t] = s[t + PAD(t)];
}

int main()
{
	const int blocks = 3;
	int h[blocks * 4 * N], *in, *out, *d;
	for (int i = 0; i < blocks * 4 * N; i++)
		h[i] = (i * 13) % 29 - 9;
	CHECK(cudaMalloc(&in, sizeof h));
	CHECK(cudaMalloc(&out, blocks * N * sizeof(int)));
	CHECK(cudaMalloc(&d, blocks * N * sizeof(int)));
	CHECK(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(d, h, blocks * N * sizeof(int), cudaMemcpyHostToDevice));
	grid<<<blocks, N>>>(in, out);
	padded<<<blocks, N>>>(d);
	int o[blocks * N], p[blocks * N], bad = 0, sum = 0;
	CHECK(cudaMemcpy(o, out, sizeof o, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(p, d, sizeof p, cudaMemcpyDeviceToHost));
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < N; t++) {
			const int *x = h + b * 4 * N;
			int keep = x[(3 - t % 4) * N + (t + 1) % N];
			int want = 0;
			{ /* AT(t % 4, (t + 3) % N) after the second loop: 2 * keep of thread (t + 3) % N, plus the row */
				int u = (t + 3) % N, ku = x[(3 - u % 4) * N + (u + 1) % N];
				want = 2 * ku + t % 4 + (keep >> 3);
			}
			bad += o[b * N + t] != want;
			sum += o[b * N + t];
		}
	for (int b = 0; b < blocks; b++) { /* padded, on the host */
		int s[N];
		for (int t = 0; t < N; t++)
			s[t] = h[b * N + t];
		for (int d = 1; d < N; d *= 2)
			for (int t = 0; t < N; t++)
				if (t % (2 * d) == 0 && t + d < N)
					s[t] += s[t + d];
		for (int d = N / 2; d >= 1; d /= 2)
			for (int t = 0; t < N; t++)
				if (t % (2 * d) == 0 && t + d < N)
					s[t + d] += s[t] - s[t + d] + 1;
		for (int t = 0; t < N; t++) {
			bad += p[b * N + t] != s[t];
			sum += p[b * N + t];
		}
	}
	printf("RESULT sum=%d bad=%d\n", sum, bad);
	return 0;
}
