// 96-helper-shared-args: helpers given __shared__ memory in the forms the
// lowering inlines so that its analyses see which element each lane
// reaches. fill<4, 32>(sh[d], in + d * n, tx, i) binds a T (&)[4 * 32]
// reference to a row of a __shared__ 2-D array, its T deduced through a
// const T *__restrict__ parameter passed a pointer plus an offset (HeCBench
// expdist: it was left a call, its lanes' writes unseen, and refused);
// relax(cell[p], grid, y, x) binds a T & to an element of a local array and
// passes the __shared__ array to a parameter written T grid[H][W] of the
// same name (HeCBench tsa). Lanes read their neighbours' elements after a
// barrier. fold's s[t] += s[t + i] calls the program's operator+= on
// float2 (HeCBench lr), whose lanes also read an element no lane's own
// subscript names (the odd count's last): inlined, each member's update is
// seen. above's lambda captures the parameter limit by name, passed the
// kernel's __shared__ limit: a local copy is captured (a __shared__ variable
// cannot be). shift's lanes each copy their left neighbour's element
// through assign(int &a, int b) with no barrier: inlined, its two
// statements run in step, every load before any store, as a warp does
// (tests/refuse/shared-ref-param.cu keeps it a call: refused). center
// sums a __shared__ float3 by operator+=(float3 &, float3) after the block's
// headers (HeCBench dxtc2's helper_math.h), then each lane passes the
// __shared__ sums by value to operator-: a value, not a pointer into
// __shared__ memory (it was refused). blockSum<SumOp, int>(v) names a
// template template argument in a kernel template, its call resolved
// (HeCBench rmsnorm): libclang cannot spell the argument, the call does.
// prefix declares extern __shared__ (the launch's dynamic memory) and is
// inlined twice (HeCBench moe-align's form; it was refused). rounds<T>
// binds references to its dynamic __shared__ memory (auto &sm =
// *reinterpret_cast<S *>(raw); int &next = sm.next: HeCBench tqs, ssm), sizes
// a per-thread array by constexpr int kN = T::kItems and keeps a value of
// a type an alias in its loop names (using E = typename T::Elem): the
// references are bound once at the top, the constant and the alias go
// there too (each was refused). twice keeps two unsigned locals named pos
// per thread (one is renamed) and subscripts __shared__ memory by them: the
// subscript's (int) conversion must keep the rename (a build failure).
// stats passes its count to blockstat's num, whose other parameter is
// named count (given the __shared__ scount: that name leaves), and
// blockstat calls shiftsum(mean, num) with T deduced through T &
// (HeCBench wedford: refused).
// Every field is a mismatch count (bad=0) or an integer sum.
#include <cstdio>

#define CHECK(x) \
	do { \
		if ((x) != cudaSuccess) { \
			printf("CUDA error %s line %d\n", #x, __LINE__); \
			return 1; \
		} \
	} while (0)

template <int tile, int stride, typename T>
__device__ void fill(T (&sh)[tile * stride], const T *__restrict__ src, int at, int from)
{
	for (int t = 0; t < tile; t++)
		sh[at + t * stride] = src[from + t * stride];
}

template <typename T, int dim>
__global__ void rotate(const T *in, T *out, int n)
{
	__shared__ T sh[dim][4 * 32];
	int tx = threadIdx.x, i = blockIdx.x * 4 * 32 + tx;
	for (int d = 0; d < dim; d++)
		fill<4, 32>(sh[d], in + d * n, tx, i);
	__syncthreads();
	for (int t = 0; t < 4; t++) {
		int j = tx + t * 32;
		T s = 0;
		for (int d = 0; d < dim; d++)
			s += sh[d][(j + 1 + d) % (4 * 32)];
		out[i + t * 32] = s;
	}
}

template <typename T, int H, int W>
__device__ void relax(T &cell, T grid[H][W], int y, int x)
{
	T old = grid[y][x];
	grid[y][x] = old + cell;
	cell = old - cell;
}

template <typename T, int H, int W>
__global__ void step(const T *in, T *out, T *cells)
{
	__shared__ T grid[H][W];
	T cell[2];
	int x = threadIdx.x, y = threadIdx.y;
	for (int p = 0; p < 2; p++) {
		grid[2 * y + p][x] = in[(2 * y + p) * W + x];
		cell[p] = (T)(x + p);
	}
	__syncthreads();
	for (int p = 0; p < 2; p++)
		relax<T, H, W>(cell[p], grid, 2 * y + p, x);
	__syncthreads();
	for (int p = 0; p < 2; p++) {
		out[(2 * y + p) * W + x] = grid[2 * y + p][(x + 1) % W] - grid[(2 * y + p + 1) % H][x];
		cells[(2 * y + p) * W + x] = cell[p];
	}
}

__host__ __device__ inline void operator+=(float2 &a, const float2 &b)
{
	a.x += b.x;
	a.y += b.y;
}

__global__ void fold(const float2 *in, float2 *out)
{
	extern __shared__ float2 s[];
	unsigned t = threadIdx.x;
	s[t] = in[blockIdx.x * blockDim.x + t];
	__syncthreads();
	for (unsigned i = blockDim.x / 2, old = blockDim.x; i > 0; old = i, i /= 2) {
		if (t < i) {
			s[t] += s[t + i];
			if (t == i - 1 && old % 2 != 0)
				s[t] += s[old - 1];
		}
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

__device__ int countAbove(const int *data, int n, int limit, int *part)
{
	auto above = [limit](int v) { return v > limit ? 1 : 0; };
	int c = 0;
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		c += above(data[i]);
	part[threadIdx.x] = c;
	__syncthreads();
	return part[(threadIdx.x + 1) % blockDim.x];
}

__global__ void above(const int *in, int n, int *out)
{
	__shared__ int limit, part[64];
	if (threadIdx.x == 0)
		limit = in[0];
	__syncthreads();
	out[threadIdx.x] = countAbove(in, n, limit, part);
}

__device__ void assign(int &a, int b) { a = b; }

template <typename T> struct SumOp {
	__device__ static T op(T a, T b) { return a + b; }
};

template <template <class> class Op, typename T> __device__ T blockSum(T v)
{
	__shared__ T part[32];
	for (int o = 16; o > 0; o /= 2)
		v = Op<T>::op(v, __shfl_xor_sync(0xffffffffu, v, o));
	if (threadIdx.x % 32 == 0)
		part[threadIdx.x / 32] = v;
	__syncthreads();
	T r = part[0];
	for (int w = 1; w < (int)blockDim.x / 32; w++)
		r = Op<T>::op(r, part[w]);
	return r;
}

__device__ int prefix(const int *in, int n)
{
	extern __shared__ int buf[];
	int t = threadIdx.x, s = 0;
	buf[t] = t < n ? in[t] : 0;
	__syncthreads();
	for (int i = 0; i <= t; i++)
		s += buf[i];
	__syncthreads();
	return s;
}

__global__ void prefixes(const int *in, int *out, int n)
{
	int a = prefix(in, n);
	int b = prefix(in, n / 2);
	out[threadIdx.x] = a * 1000 + b;
}

__global__ void twice(int *io)
{
	__shared__ int s[64];
	unsigned t = threadIdx.x;
	{
		unsigned pos = t ^ 1;
		s[t] = io[t];
		__syncthreads();
		io[t] = s[pos];
		__syncthreads();
	}
	{
		unsigned pos = 63 - t;
		s[t] = io[t] * 2;
		__syncthreads();
		io[t] += s[pos];
	}
}

template <typename T> __device__ void shiftsum(T &v, int &n)
{
	for (int o = 16; o > 0; o /= 2) {
		T w = __shfl_down_sync(0xffffffffu, v, o);
		int m = __shfl_down_sync(0xffffffffu, n, o);
		v += w;
		n += m;
	}
}

template <typename T> __device__ void blockstat(T *x, int *count, T &mean, int &num)
{
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	shiftsum(mean, num);
	if (lane == 0) {
		x[wid] = mean;
		count[wid] = num;
	}
	__syncthreads();
	if (wid == 0) {
		mean = lane < (int)blockDim.x / 32 ? x[lane] : T(0);
		num = lane < (int)blockDim.x / 32 ? count[lane] : 0;
		shiftsum(mean, num);
	}
}

template <typename T> __global__ void stats(const T *in, T *out, int *outn)
{
	__shared__ T sx[32];
	__shared__ int scount[32];
	int count = 1;
	T mean = in[blockIdx.x * blockDim.x + threadIdx.x];
	blockstat<T>(sx, scount, mean, count);
	if (threadIdx.x == 0) {
		out[blockIdx.x] = mean;
		outn[blockIdx.x] = count;
	}
}

struct Smem {
	int next;
	int vals[64];
};

struct Items {
	static constexpr int kItems = 4;
	using Elem = long;
};

template <typename T> __global__ void rounds(const int *in, int *out, int n)
{
	constexpr int kN = T::kItems;
	extern __shared__ char raw[];
	auto &sm = *reinterpret_cast<Smem *>(raw);
	int &next = sm.next;
	int acc[kN];
	for (int i = 0; i < kN; i++)
		acc[i] = in[threadIdx.x * kN + i];
	if (threadIdx.x == 0)
		next = 0;
	__syncthreads();
	while (next < n) {
		using E = typename T::Elem;
		E e = (E)acc[next % kN] * 3;
		__syncthreads();
		sm.vals[threadIdx.x] = (int)e + next;
		__syncthreads();
		if (threadIdx.x == 0)
			next++;
		__syncthreads();
	}
	out[threadIdx.x] = sm.vals[(threadIdx.x + 1) % 64];
}

template <int scale> __global__ void total(const int *in, int *out)
{
	int v = in[threadIdx.x] * 2;
	int s = blockSum<SumOp, int>(v);
	if (threadIdx.x == 0)
		out[0] = s * scale;
}

inline __host__ __device__ void operator+=(float3 &a, float3 b)
{
	a.x += b.x;
	a.y += b.y;
	a.z += b.z;
}

inline __host__ __device__ float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }

__global__ void center(const float *in, float *out)
{
	__shared__ float3 colors[16];
	__shared__ float3 sums;
	int idx = threadIdx.x;
	if (idx < 16)
		colors[idx] = make_float3(in[3 * idx], in[3 * idx + 1], in[3 * idx + 2]);
	__syncthreads();
	if (idx == 0) {
		sums = colors[0];
		for (int i = 1; i < 16; i++)
			sums += colors[i];
	}
	__syncthreads();
	if (idx < 16) {
		float3 diff = colors[idx] - sums;
		out[idx] = diff.x + 2 * diff.y + 3 * diff.z;
	}
}

__global__ void shift(int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	s[t] = t * 10;
	__syncwarp();
	if (t > 0)
		assign(s[t], s[t - 1]);
	__syncwarp();
	out[t] = s[t];
}

int main()
{
	const int n = 4 * 128, H = 8, W = 32;
	int h[2 * n], o[n], g[H * W], go[H * W], gc[H * W];
	for (int i = 0; i < 2 * n; i++)
		h[i] = (i * 29) % 97 - 40;
	for (int i = 0; i < H * W; i++)
		g[i] = (i * 13) % 31 - 9;
	int *din, *dout, *dg, *dgo, *dgc;
	CHECK(cudaMalloc(&din, sizeof h));
	CHECK(cudaMalloc(&dout, sizeof o));
	CHECK(cudaMalloc(&dg, sizeof g));
	CHECK(cudaMalloc(&dgo, sizeof go));
	CHECK(cudaMalloc(&dgc, sizeof gc));
	CHECK(cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dg, g, sizeof g, cudaMemcpyHostToDevice));
	rotate<int, 2><<<n / 128, 32>>>(din, dout, n);
	step<int, H, W><<<1, dim3(W, H / 2)>>>(dg, dgo, dgc);
	CHECK(cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(go, dgo, sizeof go, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(gc, dgc, sizeof gc, cudaMemcpyDeviceToHost));
	const int nb = 5, bs = 48; /* the odd counts' last elements fold in */
	float2 f[nb * bs], fo[nb];
	for (int i = 0; i < nb * bs; i++)
		f[i] = make_float2((float)(i % 7), (float)(i % 5 - 2));
	float2 *df, *dfo;
	int ab[64];
	CHECK(cudaMalloc(&df, sizeof f));
	CHECK(cudaMalloc(&dfo, sizeof fo));
	CHECK(cudaMemcpy(df, f, sizeof f, cudaMemcpyHostToDevice));
	fold<<<nb, bs, bs * sizeof(float2)>>>(df, dfo);
	CHECK(cudaMemcpy(fo, dfo, sizeof fo, cudaMemcpyDeviceToHost));
	above<<<1, 64>>>(din, 2 * n, dout);
	CHECK(cudaMemcpy(ab, dout, sizeof ab, cudaMemcpyDeviceToHost));
	float cin[48], cout[16], *dcin, *dcout;
	for (int i = 0; i < 48; i++)
		cin[i] = (float)((i * 7) % 11 - 5);
	CHECK(cudaMalloc(&dcin, sizeof cin));
	CHECK(cudaMalloc(&dcout, sizeof cout));
	CHECK(cudaMemcpy(dcin, cin, sizeof cin, cudaMemcpyHostToDevice));
	center<<<1, 32>>>(dcin, dcout);
	CHECK(cudaMemcpy(cout, dcout, sizeof cout, cudaMemcpyDeviceToHost));
	int pre[64];
	prefixes<<<1, 64, 64 * sizeof(int)>>>(din, dout, 64);
	CHECK(cudaMemcpy(pre, dout, sizeof pre, cudaMemcpyDeviceToHost));
	int st[2], stn[2];
	stats<int><<<2, 128>>>(din, dout, dout + 2);
	CHECK(cudaMemcpy(st, dout, sizeof st, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(stn, dout + 2, sizeof stn, cudaMemcpyDeviceToHost));
	int tw[64];
	CHECK(cudaMemcpy(dout, h, sizeof tw, cudaMemcpyHostToDevice));
	twice<<<1, 64>>>(dout);
	CHECK(cudaMemcpy(tw, dout, sizeof tw, cudaMemcpyDeviceToHost));
	int ro[64];
	rounds<Items><<<1, 64, sizeof(Smem)>>>(din, dout, 7);
	CHECK(cudaMemcpy(ro, dout, sizeof ro, cudaMemcpyDeviceToHost));
	int tot;
	total<3><<<1, 128>>>(din, dout);
	CHECK(cudaMemcpy(&tot, dout, sizeof tot, cudaMemcpyDeviceToHost));
	int sh[32];
	shift<<<1, 32>>>(dout);
	CHECK(cudaMemcpy(sh, dout, sizeof sh, cudaMemcpyDeviceToHost));
	int bad = 0, rsum = 0, gsum = 0, csum = 0, fsum = 0, asum = 0, ssum = 0;
	int psum = 0;
	for (int t = 0, a = 0, b = 0; t < 64; t++) {
		a += h[t];
		b += t < 32 ? h[t] : 0;
		bad += pre[t] != a * 1000 + b;
		psum += pre[t] % 1000;
	}
	int stsum = 0;
	for (int b = 0; b < 2; b++) {
		int want = 0;
		for (int i = b * 128; i < b * 128 + 128; i++)
			want += h[i];
		bad += st[b] != want || stn[b] != 128;
		stsum += st[b] + stn[b];
	}
	int twsum = 0;
	for (int t = 0; t < 64; t++) {
		bad += tw[t] != h[t ^ 1] + 2 * h[(63 - t) ^ 1];
		twsum += tw[t];
	}
	int rsum2 = 0;
	for (int t = 0; t < 64; t++) {
		int u = (t + 1) % 64;
		bad += ro[t] != h[u * 4 + 6 % 4] * 3 + 6;
		rsum2 += ro[t];
	}
	int twant = 0;
	for (int i = 0; i < 128; i++)
		twant += 2 * h[i];
	bad += tot != 3 * twant;
	float sx = 0, sy = 0, sz = 0;
	int csum2 = 0;
	for (int i = 0; i < 16; i++)
		sx += cin[3 * i], sy += cin[3 * i + 1], sz += cin[3 * i + 2];
	for (int i = 0; i < 16; i++) {
		bad += cout[i] != (cin[3 * i] - sx) + 2 * (cin[3 * i + 1] - sy) + 3 * (cin[3 * i + 2] - sz);
		csum2 += (int)cout[i];
	}
	for (int t = 0; t < 32; t++) {
		bad += sh[t] != (t > 0 ? 10 * (t - 1) : 0);
		ssum += sh[t] * (t + 1);
	}
	for (int b = 0; b < nb; b++) {
		float wx = 0, wy = 0;
		for (int i = b * bs; i < (b + 1) * bs; i++)
			wx += f[i].x, wy += f[i].y;
		bad += fo[b].x != wx || fo[b].y != wy;
		fsum += (int)fo[b].x + (int)fo[b].y;
	}
	for (int t = 0; t < 64; t++) {
		int want = 0;
		for (int i = (t + 1) % 64; i < 2 * n; i += 64)
			want += h[i] > h[0];
		bad += ab[t] != want;
		asum += ab[t];
	}
	for (int i = 0; i < n; i++) {
		int b = i / 128, j = i % 128, want = 0;
		for (int d = 0; d < 2; d++)
			want += h[d * n + b * 128 + (j + 1 + d) % 128];
		bad += o[i] != want;
		rsum += o[i];
	}
	int ng[H * W];
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			int cell = x + y % 2;
			ng[y * W + x] = g[y * W + x] + cell;
			bad += gc[y * W + x] != g[y * W + x] - cell;
			csum += gc[y * W + x];
		}
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			bad += go[y * W + x] != ng[y * W + (x + 1) % W] - ng[((y + 1) % H) * W + x];
			gsum += go[y * W + x];
		}
	printf("RESULT rotate=%d grid=%d cells=%d fold=%d above=%d shift=%d center=%d total=%d prefix=%d rounds=%d twice=%d stats=%d "
	       "bad=%d\n",
	       rsum, gsum, csum, fsum, asum, ssum, csum2, tot, psum, rsum2, twsum, stsum, bad);
	return 0;
}
