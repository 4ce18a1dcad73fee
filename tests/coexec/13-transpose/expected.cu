#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// Matrix transpose through a __shared__ tile: a block reads a row band and
// writes a column band, so the blocks of one device write all over the
// output (SKMD's discontiguous kernel: the merge takes the GPU's bytes).
#include <cstdio>
#include <cstdlib>
#define T 32

__global__ void transpose(const float *in, float *out, int n)
{
    __shared__ float tile[T][T + 1];
    int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
    for (int j = 0; j < T; j += 8)
        if (x < n && y + j < n)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * T + threadIdx.x;
    y = blockIdx.x * T + threadIdx.y;
    for (int j = 0; j < T; j += 8)
        if (x < n && y + j < n)
            out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

/* cuflow --lower=coexec: transpose as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_transpose(unsigned long long cuflow_lo, unsigned long long cuflow_hi, const float *in, float *out, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    __shared__ float tile[T][T + 1];
    int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
    for (int j = 0; j < T; j += 8)
        if (x < n && y + j < n)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * T + threadIdx.x;
    y = blockIdx.x * T + threadIdx.y;
    for (int j = 0; j < T; j += 8)
        if (x < n && y + j < n)
            out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

}

extern "C" void cuflow_cpu_transpose(void **, const unsigned *, size_t, long long, long long);

/* a launch of transpose: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_transpose(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, const float *in, float *out, int n)
{
	void *cuflow_av[] = {(void *)&in, (void *)&out, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {1, 2, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"transpose", 3, cuflow_use, cuflow_cpu_transpose, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			transpose<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(in, out, n);
		else
			cuflow_part_transpose<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, in, out, n);
	});
}

int main(int argc, char **argv)
{
    const int n = argc > 1 && atoi(argv[1]) > 0 ? atoi(argv[1]) : 500;
    size_t bytes = (size_t)n * n * sizeof(float);
    float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes);
    for (int i = 0; i < n * n; i++)
        a[i] = (float)(i % 9973);
    float *da, *db;
    cudaMalloc(&da, bytes);
    cudaMalloc(&db, bytes);
    cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
    dim3 block(T, 8), grid((n + T - 1) / T, (n + T - 1) / T);
    for (int it = 0; it < 4; it++)
        cuflow_coexec_transpose(grid, block, 0, 0, da, db, n);
    cudaMemcpy(b, db, bytes, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            bad += b[j * n + i] != a[i * n + j];
    printf("RESULT transpose n=%d bad=%d\n", n, bad);
    return 0;
}
