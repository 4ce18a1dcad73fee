// 25-uniform-jumps: loops with barriers left or skipped by `if (c) break;`
// and `if (c) continue;` where c is the same in every thread. cuflow runs
// such a jump once per block between two thread loops. Cases: a continue in
// the middle of a barrier-free stretch (the statements before it must still
// run for every thread), a break at the top of the body, a break out of an
// inner loop only, a while loop, and a condition on a __shared__ value (kept
// as a masked loop). A jump run at the wrong place skips or repeats a step;
// the host reference counts mismatches (bad=).
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s line %d\n", cudaGetErrorString(e_), __LINE__); return 1; } } while (0)

#define B 64

// acc[t] gets, per step i: +i before the continue, then on steps i % 3 != 0
// the left neighbour's value (through shared memory), until step stop.
__global__ void steps(int *out, int n, int stop, int skip)
{
	__shared__ int s[B];
	int t = threadIdx.x;
	int acc = t + blockIdx.x;
	for (int i = 0; i < n; i++) {
		if (i == stop)
			break;
		acc += i;
		if (i % skip == 0)
			continue;
		s[t] = acc;
		__syncthreads();
		acc += s[(t + B - 1) % B] & 15;
		__syncthreads();
	}
	out[blockIdx.x * B + t] = acc;
}

// An inner loop left by a uniform break; the outer loop goes on.
__global__ void nested(int *out, int rounds, int limit)
{
	__shared__ int s[B];
	int t = threadIdx.x;
	int acc = 1 + t;
	for (int r = 0; r < rounds; r++) {
		for (int j = 0; j < 8; j++) {
			s[t] = acc;
			__syncthreads();
			if (j + r >= limit)
				break;
			acc = (acc + s[(t + 1) % B]) % 1000;
			__syncthreads();
		}
		__syncthreads();
		acc += r;
	}
	out[blockIdx.x * B + t] = acc;
}

// A while loop with the jump first; and a break on a shared flag that
// thread 0 sets (not uniform for cuflow: stays a masked loop).
__global__ void flags(int *out, int n)
{
	__shared__ int s[B];
	__shared__ int done;
	int t = threadIdx.x;
	int acc = t;
	int k = 0;
	while (k < 100) {
		if (k >= n)
			break;
		s[t] = acc;
		__syncthreads();
		acc = (acc + s[(t + 3) % B]) % 977;
		k++;
		__syncthreads();
	}
	if (t == 0)
		done = 0;
	__syncthreads();
	for (int i = 0; i < 50; i++) {
		if (done)
			break;
		s[t] = acc;
		__syncthreads();
		acc = (acc * 3 + s[(t + 5) % B]) % 991;
		if (t == 0 && i == 6)
			done = 1;
		__syncthreads();
	}
	out[blockIdx.x * B + t] = acc + 1000 * k;
}

static void refsteps(int *ref, int nb, int n, int stop, int skip)
{
	for (int b = 0; b < nb; b++) {
		int acc[B], s[B];
		for (int t = 0; t < B; t++)
			acc[t] = t + b;
		for (int i = 0; i < n; i++) {
			if (i == stop)
				break;
			for (int t = 0; t < B; t++)
				acc[t] += i;
			if (i % skip == 0)
				continue;
			for (int t = 0; t < B; t++)
				s[t] = acc[t];
			for (int t = 0; t < B; t++)
				acc[t] += s[(t + B - 1) % B] & 15;
		}
		for (int t = 0; t < B; t++)
			ref[b * B + t] = acc[t];
	}
}

static void refnested(int *ref, int nb, int rounds, int limit)
{
	for (int b = 0; b < nb; b++) {
		int acc[B], s[B];
		for (int t = 0; t < B; t++)
			acc[t] = 1 + t;
		for (int r = 0; r < rounds; r++) {
			for (int j = 0; j < 8; j++) {
				for (int t = 0; t < B; t++)
					s[t] = acc[t];
				if (j + r >= limit)
					break;
				for (int t = 0; t < B; t++)
					acc[t] = (acc[t] + s[(t + 1) % B]) % 1000;
			}
			for (int t = 0; t < B; t++)
				acc[t] += r;
		}
		for (int t = 0; t < B; t++)
			ref[b * B + t] = acc[t];
	}
}

static void refflags(int *ref, int nb, int n)
{
	for (int b = 0; b < nb; b++) {
		int acc[B], s[B], k = 0;
		for (int t = 0; t < B; t++)
			acc[t] = t;
		while (k < 100 && k < n) {
			for (int t = 0; t < B; t++)
				s[t] = acc[t];
			for (int t = 0; t < B; t++)
				acc[t] = (acc[t] + s[(t + 3) % B]) % 977;
			k++;
		}
		for (int i = 0; i < 7; i++) { /* done is set in step 6 and seen in step 7 */
			for (int t = 0; t < B; t++)
				s[t] = acc[t];
			for (int t = 0; t < B; t++)
				acc[t] = (acc[t] * 3 + s[(t + 5) % B]) % 991;
		}
		for (int t = 0; t < B; t++)
			ref[b * B + t] = acc[t] + 1000 * k;
	}
}

int main()
{
	const int nb = 5, N = nb * B;
	int *d, h[N], ref[N];
	CHECK(cudaMalloc(&d, sizeof h));
	long sum[3] = {0, 0, 0};
	int bad = 0;
	for (int c = 0; c < 3; c++) {
		if (c == 0) {
			steps<<<nb, B>>>(d, 20, 13, 3);
			refsteps(ref, nb, 20, 13, 3);
		} else if (c == 1) {
			nested<<<nb, B>>>(d, 6, 5);
			refnested(ref, nb, 6, 5);
		} else {
			flags<<<nb, B>>>(d, 9);
			refflags(ref, nb, 9);
		}
		CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
		for (int k = 0; k < N; k++) {
			bad += h[k] != ref[k];
			sum[c] += h[k];
		}
	}
	printf("RESULT steps=%ld nested=%ld flags=%ld bad=%d\n", sum[0], sum[1], sum[2], bad);
	return 0;
}
