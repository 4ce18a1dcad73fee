// 88-constexpr-copies: constexpr locals from a constexpr function, and a
// helper's constexpr locals named as the kernel's, inlined more than once
// (HeCBench hadamard: `constexpr int kLogWarpSize = cilog2(kWarpSize)` beside
// exchange_smem_pre's own `constexpr int kNThreads`, inlined twice). They
// were kept as per-thread values assigned in the body, so a static_assert,
// a template argument or an array size naming them was no constant
// expression: the lowered program did not compile.
//  fold: a kernel template's constants (kWarp from kThreads, kLog =
//    ilog2(kWarp), kRounds from both) size a per-thread array live across a
//    barrier, pass a helper's template argument and a static_assert.
//  copies: a helper template with a barrier declares kN and kStride (kN from
//    its template argument), names the kernel's own kN also has, and reads
//    them after its barrier (a static_assert too); inlined twice with
//    different arguments, each copy keeps its values, and a static_assert
//    after the calls reads the kernel's own kN.
//  sized: a per-thread array sized by `constexpr int R2 = square(R)`, live
//    across a barrier (HeCBench kalman's form: refused before, the buffers
//    are made before the body sets a local; a constexpr's value is known
//    there, `const int R2 = square(R)` stays refused:
//    tests/refuse/array-sized-by-local.cu).
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

enum { NB = 3, BS = 64, N = NB * BS };

__host__ __device__ constexpr int ilog2(int v) { return v > 1 ? 1 + ilog2(v >> 1) : 0; }
__host__ __device__ constexpr int square(int r) { return r * r; }

template <int kLog>
__device__ int xorfold(int v)
{
	for (int s = 0; s < kLog; s++)
		v += __shfl_xor_sync(0xffffffffu, v, 1 << s);
	return v;
}

template <int kThreads>
__global__ void fold(const int *in, int *out)
{
	__shared__ int s[kThreads];
	constexpr int kWarp = kThreads < 32 ? kThreads : 32;
	constexpr int kLog = ilog2(kWarp);
	static_assert(1 << kLog == kWarp, "a power of two");
	constexpr int kRounds = kThreads / kWarp + kLog;
	int i = blockIdx.x * kThreads + threadIdx.x;
	int keep[8];
	for (int r = 0; r < kRounds; r++)
		keep[r] = in[i] * (r + 1);
	s[threadIdx.x] = in[i];
	__syncthreads();
	int t = s[(threadIdx.x + kLog) % kThreads];
	for (int r = 0; r < kRounds; r++)
		t += keep[r];
	out[i] = xorfold<kLog>(t);
}

template <int kMul>
__device__ int rotate(int *s, int v)
{
	constexpr int kN = BS * kMul / kMul;
	constexpr int kStride = kMul + 1;
	s[threadIdx.x] = v;
	__syncthreads();
	int r = s[(threadIdx.x + kStride) % kN] * kStride;
	__syncthreads();
	static_assert(kStride == kMul + 1 && kN == BS, "each copy's own constants");
	return r;
}

__global__ void copies(const int *in, int *out)
{
	__shared__ int s[BS];
	constexpr int kN = 2;
	int i = blockIdx.x * BS + threadIdx.x;
	int a = rotate<3>(s, in[i]);
	int b = rotate<kN * 5>(s, in[i] + kN);
	static_assert(kN == 2, "the kernel's own kN");
	out[N + i] = a + b * kN;
}

template <int R>
__global__ void sized(const int *in, int *out)
{
	constexpr int R2 = square(R);
	int a[R2];
	int i = blockIdx.x * BS + threadIdx.x;
	for (int j = 0; j < R2; j++)
		a[j] = in[(i + j) % N] * (j + 1);
	__syncthreads();
	int t = 0;
	for (int j = 0; j < R2; j++)
		t += a[j] * R2;
	out[2 * N + i] = t;
}

int main()
{
	int h[N], got[3 * N], want[3 * N];
	for (int i = 0; i < N; i++)
		h[i] = (i * 29 + 5) % 37 - 11;
	for (int i = 0; i < N; i++) {
		int b = i / BS, t = i % BS, w = t & ~31, v[32];
		for (int j = 0; j < 32; j++) { /* fold: kWarp 32, kLog 5, kRounds 7 */
			int tj = w + j, tt = h[b * BS + (tj + 5) % BS];
			for (int r = 0; r < 7; r++)
				tt += h[b * BS + tj] * (r + 1);
			v[j] = tt;
		}
		for (int s = 0; s < 5; s++) {
			int u[32];
			for (int j = 0; j < 32; j++)
				u[j] = v[j] + v[j ^ (1 << s)];
			for (int j = 0; j < 32; j++)
				v[j] = u[j];
		}
		want[i] = v[t & 31];
		int a = h[b * BS + (t + 4) % BS] * 4, c = (h[b * BS + (t + 11) % BS] + 2) * 11;
		want[N + i] = a + c * 2;
		int u = 0;
		for (int j = 0; j < 9; j++)
			u += h[(i + j) % N] * (j + 1) * 9;
		want[2 * N + i] = u;
	}
	int *din, *dout;
	CHECK(cudaMalloc(&din, sizeof h));
	CHECK(cudaMalloc(&dout, sizeof got));
	CHECK(cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice));
	fold<BS><<<NB, BS>>>(din, dout);
	copies<<<NB, BS>>>(din, dout);
	sized<3><<<NB, BS>>>(din, dout);
	CHECK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
	long long sum[3] = {0};
	int bad = 0;
	for (int i = 0; i < 3 * N; i++) {
		sum[i / N] += got[i];
		bad += got[i] != want[i];
	}
	printf("RESULT fold=%lld copies=%lld sized=%lld bad=%d\n", sum[0], sum[1], sum[2], bad);
	return 0;
}
