// 102-barrier-macros: macros whose bodies hold a barrier or a warp operation
// among other statements (HeCBench quicksort's `#define PUSH(START, END) if
// (localid == 0) { ... } __syncthreads();`). Every statement a macro writes
// spans the whole use, so the thread loops, which copy statements by their
// text, copied the use, barrier and all, into one thread loop: at run time
// the runtime stopped ("__syncthreads ran outside the thread loops"), and a
// warp operation's loop ran unlowered. The uses are written out first.
//  push: a stack in __shared__ memory, pushed by PUSH (one thread writes,
//    then the barrier) inside block-uniform branches of a while loop, as
//    quicksort's lqsort_kernel does; the macro's body spans lines.
//  stage: STAGE(dst, src) stores, synchronises and reads a neighbour's
//    element; an object-like macro does the same with a fixed array.
//  leader: LEADER(stmt) runs a statement its argument writes in thread 0,
//    then synchronises.
//  warp: WARP_SUM(v) folds v over the warp with a loop of shuffles;
//    shuffles whose macros build an operand from a parameter (v + 1), add to
//    the result, or name the kernel's local (refused before: their text is
//    not the argument's).
//  helper: a __device__ helper whose macro stores a parameter's value and
//    synchronises (written out, then inlined: refused before, "a macro writes
//    an argument, or a use of a parameter").
// Every field is an integer sum over the GPU's results, checked against a
// host reference: bad counts mismatches.
#include <cstdio>

#define CHECK(x) \
	do { \
		if ((x) != cudaSuccess) { \
			printf("CUDA error %s line %d\n", #x, __LINE__); \
			return 1; \
		} \
	} while (0)

enum { NB = 4, BS = 64, N = NB * BS, DEPTH = 16 };

#define PUSH(LO, HI)                 \
	if (threadIdx.x == 0) {          \
		++top;                       \
		stack[top] = (LO) * 1000 + (HI); \
	}                                \
	__syncthreads();

#define STAGE(dst, src) \
	dst[threadIdx.x] = (src); \
	__syncthreads(); \
	got = dst[(threadIdx.x + 1) % BS]

#define STAGE_FIXED \
	fixed[threadIdx.x] = got * 2; \
	__syncthreads(); \
	got += fixed[BS - 1 - threadIdx.x]

#define LEADER(stmt) \
	if (threadIdx.x == 0) { stmt; } \
	__syncthreads()

#define SHFL_NEXT(v) __shfl_sync(0xffffffffu, v + 1, 0)
#define PLUS_SHFL(v, l) (1 + __shfl_sync(0xffffffffu, v, l))
#define SHFL_LANE(v) __shfl_sync(0xffffffffu, v, lane)

#define WARP_SUM(v) \
	for (int o = 16; o > 0; o >>= 1) \
		v += __shfl_down_sync(0xffffffffu, v, o)

#define SYNC_STORE(dst, v) \
	dst[threadIdx.x] = (v); \
	__syncthreads()

__device__ int rotate(int *s, int v)
{
	SYNC_STORE(s, v * 2 - 1);
	return s[(threadIdx.x + 5) % BS];
}

// Splits [0, 64) in halves while a range is longer than 8, as a work stack;
// each thread adds up the lengths of the ranges it sees popped.
__global__ void push(const int *in, int *out)
{
	__shared__ int stack[DEPTH];
	__shared__ int top;
	int seen = 0;
	if (threadIdx.x == 0) {
		top = 0;
		stack[0] = 0 * 1000 + BS;
	}
	__syncthreads();
	while (top >= 0) {
		int lo = stack[top] / 1000, hi = stack[top] % 1000;
		__syncthreads();
		if (threadIdx.x == 0)
			--top;
		__syncthreads();
		seen += (hi - lo) * (in[blockIdx.x * BS + threadIdx.x] & 3);
		int mid = (lo + hi) / 2;
		if (mid - lo > 8) {
			PUSH(lo, mid);
		} else {
			seen += 1;
		}
		if (hi - mid > 8) {
			PUSH(mid, hi);
		}
	}
	out[blockIdx.x * BS + threadIdx.x] = seen;
}

__global__ void stage(const int *in, int *out)
{
	__shared__ int buf[BS], fixed[BS], word;
	int i = blockIdx.x * BS + threadIdx.x, got = 0;
	STAGE(buf, in[i] * 3 + 1);
	STAGE_FIXED;
	LEADER(word = got + (int)blockIdx.x);
	out[N + i] = got + word;
}

__global__ void warp(const int *in, int *out)
{
	int i = blockIdx.x * BS + threadIdx.x;
	int v = in[i], lane = (threadIdx.x * 7) & 31;
	WARP_SUM(v);
	out[2 * N + i] = v + SHFL_NEXT(in[i]) * 3 + PLUS_SHFL(in[i], 31 - lane) * 5 + SHFL_LANE(in[i] * 2) * 7;
}

__global__ void helper(const int *in, int *out)
{
	__shared__ int s[BS];
	int i = blockIdx.x * BS + threadIdx.x;
	int r = rotate(s, in[i]);
	out[3 * N + i] = r;
}

int main()
{
	int h[N], got[4 * N], want[4 * N];
	for (int i = 0; i < N; i++)
		h[i] = (i * 53 + 7) % 41 - 20;
	for (int b = 0; b < NB; b++) {
		/* push: the ranges popped, in the stack's order */
		int st[DEPTH][2], top = 0, lens = 0, leaves = 0;
		st[0][0] = 0;
		st[0][1] = BS;
		while (top >= 0) {
			int lo = st[top][0], hi = st[top][1], mid = (lo + hi) / 2;
			top--;
			lens += hi - lo;
			if (mid - lo > 8) {
				++top;
				st[top][0] = lo;
				st[top][1] = mid;
			} else
				leaves++;
			if (hi - mid > 8) {
				++top;
				st[top][0] = mid;
				st[top][1] = hi;
			}
		}
		for (int t = 0; t < BS; t++)
			want[b * BS + t] = lens * (h[b * BS + t] & 3) + leaves;
		int fix[BS], g[BS];
		for (int t = 0; t < BS; t++)
			g[t] = h[b * BS + (t + 1) % BS] * 3 + 1;
		for (int t = 0; t < BS; t++)
			fix[t] = g[t] * 2;
		for (int t = 0; t < BS; t++)
			g[t] += fix[BS - 1 - t];
		for (int t = 0; t < BS; t++)
			want[N + b * BS + t] = g[t] + g[0] + b;
		for (int t = 0; t < BS; t++) { /* shfl_down: past lane 31, a lane's own value */
			int w = t & ~31, l = t & 31, v[32];
			for (int j = 0; j < 32; j++)
				v[j] = h[b * BS + w + j];
			for (int o = 16; o > 0; o >>= 1) {
				int u[32];
				for (int j = 0; j < 32; j++)
					u[j] = v[j] + (j + o < 32 ? v[j + o] : v[j]);
				for (int j = 0; j < 32; j++)
					v[j] = u[j];
			}
			int at = b * BS + w;
			want[2 * N + b * BS + t] = v[l] + (h[at] + 1) * 3 + (1 + h[at + 31 - ((l * 7) & 31)]) * 5 +
			                           h[at + ((l * 7) & 31)] * 2 * 7;
		}
		for (int t = 0; t < BS; t++)
			want[3 * N + b * BS + t] = h[b * BS + (t + 5) % BS] * 2 - 1;
	}
	int *din, *dout;
	CHECK(cudaMalloc(&din, sizeof h));
	CHECK(cudaMalloc(&dout, sizeof got));
	CHECK(cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice));
	push<<<NB, BS>>>(din, dout);
	stage<<<NB, BS>>>(din, dout);
	warp<<<NB, BS>>>(din, dout);
	helper<<<NB, BS>>>(din, dout);
	CHECK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
	long long sum[4] = {0};
	int bad = 0;
	for (int i = 0; i < 4 * N; i++) {
		sum[i / N] += got[i];
		bad += got[i] != want[i];
	}
	printf("RESULT push=%lld stage=%lld warp=%lld helper=%lld bad=%d\n", sum[0], sum[1], sum[2], sum[3], bad);
	return 0;
}
