// 96-helper-shared-args: helpers given __shared__ memory in the forms the
// lowering inlines so that its analyses see which element each lane
// reaches. fill<4, 32>(sh[d], in + d * n, tx, i) binds a T (&)[4 * 32]
// reference to a row of a __shared__ 2-D array, its T deduced through a
// const T *__restrict__ parameter passed a pointer plus an offset (HeCBench
// expdist: it was left a call, its lanes' writes unseen, and refused);
// relax(cell[p], grid, y, x) binds a T & to an element of a local array and
// passes the __shared__ array to a parameter written T grid[H][W] of the
// same name (HeCBench tsa). Lanes read their neighbours' elements after a
// barrier. Every field is a mismatch count (bad=0) or an integer sum.
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
	int bad = 0, rsum = 0, gsum = 0, csum = 0;
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
	printf("RESULT rotate=%d grid=%d cells=%d bad=%d\n", rsum, gsum, csum, bad);
	return 0;
}
