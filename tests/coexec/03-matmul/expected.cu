#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// Tiled matrix multiply: a 2-D grid, __shared__ tiles and barriers.
#include <cstdio>
#include <cstdlib>
#define TILE 16

__global__ void matmul(const float *a, const float *b, float *c, int n)
{
    __shared__ float ta[TILE][TILE], tb[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0;
    for (int t = 0; t < n / TILE; t++) {
        ta[threadIdx.y][threadIdx.x] = a[row * n + t * TILE + threadIdx.x];
        tb[threadIdx.y][threadIdx.x] = b[(t * TILE + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            sum += ta[threadIdx.y][k] * tb[k][threadIdx.x];
        __syncthreads();
    }
    c[row * n + col] = sum;
}

/* cuflow --lower=coexec: matmul as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_matmul(unsigned long long cuflow_lo, unsigned long long cuflow_hi, const float *a, const float *b, float *c, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    __shared__ float ta[TILE][TILE], tb[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0;
    for (int t = 0; t < n / TILE; t++) {
        ta[threadIdx.y][threadIdx.x] = a[row * n + t * TILE + threadIdx.x];
        tb[threadIdx.y][threadIdx.x] = b[(t * TILE + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            sum += ta[threadIdx.y][k] * tb[k][threadIdx.x];
        __syncthreads();
    }
    c[row * n + col] = sum;
}

}

extern "C" void cuflow_cpu_matmul(void **, const unsigned *, size_t, long long, long long);

/* a launch of matmul: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_matmul(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, const float *a, const float *b, float *c, int n)
{
	void *cuflow_av[] = {(void *)&a, (void *)&b, (void *)&c, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {1, 1, 2, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"matmul", 4, cuflow_use, cuflow_cpu_matmul, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*a), 0LL, ((1LL * 16LL) * (long long)n), 0LL, ((cuflowCxMin(((0LL * 16LL) + 0LL) * (long long)n, ((0LL * 16LL) + ((long long)cuflow_b.y - 1)) * (long long)n) + cuflowCxMin(0LL * 16LL, (((long long)n / 16LL) - 1) * 16LL)) + 0LL), ((cuflowCxMax(((0LL * 16LL) + 0LL) * (long long)n, ((0LL * 16LL) + ((long long)cuflow_b.y - 1)) * (long long)n) + cuflowCxMax(0LL * 16LL, (((long long)n / 16LL) - 1) * 16LL)) + ((long long)cuflow_b.x - 1))}, {1, sizeof(*b), (1LL * 16LL), 0LL, 0LL, (cuflowCxMin((cuflowCxMin(0LL * 16LL, (((long long)n / 16LL) - 1) * 16LL) + 0LL) * (long long)n, (cuflowCxMax(0LL * 16LL, (((long long)n / 16LL) - 1) * 16LL) + ((long long)cuflow_b.y - 1)) * (long long)n) + ((0LL * 16LL) + 0LL)), (cuflowCxMax((cuflowCxMin(0LL * 16LL, (((long long)n / 16LL) - 1) * 16LL) + 0LL) * (long long)n, (cuflowCxMax(0LL * 16LL, (((long long)n / 16LL) - 1) * 16LL) + ((long long)cuflow_b.y - 1)) * (long long)n) + ((0LL * 16LL) + ((long long)cuflow_b.x - 1)))}, {2, sizeof(*c), (1LL * 16LL), ((1LL * 16LL) * (long long)n), 0LL, (cuflowCxMin(((0LL * 16LL) + 0LL) * (long long)n, ((0LL * 16LL) + ((long long)cuflow_b.y - 1)) * (long long)n) + ((0LL * 16LL) + 0LL)), (cuflowCxMax(((0LL * 16LL) + 0LL) * (long long)n, ((0LL * 16LL) + ((long long)cuflow_b.y - 1)) * (long long)n) + ((0LL * 16LL) + ((long long)cuflow_b.x - 1)))}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			matmul<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(a, b, c, n);
		else
			cuflow_part_matmul<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, a, b, c, n);
	});
}

int main(int argc, char **argv)
{
    const int n = argc > 1 && atoi(argv[1]) >= TILE ? atoi(argv[1]) / TILE * TILE : 256; // a multiple of TILE
    size_t bytes = (size_t)n * n * sizeof(float);
    float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
    for (int i = 0; i < n * n; i++) {
        a[i] = (float)(i % 7) - 3;
        b[i] = (float)(i % 5) - 2;
    }
    float *da, *db, *dc;
    cudaMalloc(&da, bytes);
    cudaMalloc(&db, bytes);
    cudaMalloc(&dc, bytes);
    cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
    dim3 block(TILE, TILE), grid(n / TILE, n / TILE);
    for (int it = 0; it < 4; it++)
        cuflow_coexec_matmul(grid, block, 0, 0, da, db, dc, n);
    cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
    // small integers: every sum is exact in float
    int bad = 0;
    for (int i = 0; i < n; i += 37)
        for (int j = 0; j < n; j += 41) {
            float s = 0;
            for (int k = 0; k < n; k++)
                s += a[i * n + k] * b[k * n + j];
            bad += s != c[i * n + j];
        }
    double tot = 0;
    for (int i = 0; i < n * n; i++)
        tot += c[i];
    printf("RESULT matmul bad=%d total=%.0f\n", bad, tot);
    return 0;
}
