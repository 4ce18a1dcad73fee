// 08-grid-2d-3d.cu: dim3 grids and blocks. (a) matrix transpose with a 2-D
// grid of 2-D blocks (16x16) through a padded shared tile float[16][17] and a
// barrier; the matrix (100 x 152) is not a multiple of the tile, so edge
// threads skip loads/stores but still reach the barrier. (b) a 3-D grid of
// 3-D blocks (4x4x4 blocks of 8x4x2) writing encoded (x,y,z) coordinates,
// plus blockDim/gridDim read back from the device.
// Expected: RESULT tsum=<T> tbad=0 xyz=<X> xbad=0 dims=8x4x2/4x4x4.
// A wrong lowering (threadIdx.y/z or blockIdx.y/z always 0, x/y swapped,
// barrier not honoured) prints tbad/xbad>0 or wrong dims.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define T 16
#define ROWS 100
#define COLS 152
#define X 32
#define Y 16
#define Z 8

__global__ void transpose(const float *in, float *out, int rows, int cols)
{
	__shared__ float tile[T][T + 1];
	int x = blockIdx.x * T + threadIdx.x; /* column of in */
	int y = blockIdx.y * T + threadIdx.y; /* row of in */
	if (x < cols && y < rows)
		tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
	__syncthreads();
	x = blockIdx.y * T + threadIdx.x; /* column of out */
	y = blockIdx.x * T + threadIdx.y; /* row of out */
	if (x < rows && y < cols)
		out[y * rows + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void coords3d(int *out, int *dims)
{
	int gx = blockIdx.x * blockDim.x + threadIdx.x;
	int gy = blockIdx.y * blockDim.y + threadIdx.y;
	int gz = blockIdx.z * blockDim.z + threadIdx.z;
	int nx = gridDim.x * blockDim.x, ny = gridDim.y * blockDim.y;
	out[(gz * ny + gy) * nx + gx] = gx * 10000 + gy * 100 + gz;
	if (gx == 0 && gy == 0 && gz == 0) {
		dims[0] = blockDim.x;
		dims[1] = blockDim.y;
		dims[2] = blockDim.z;
		dims[3] = gridDim.x;
		dims[4] = gridDim.y;
		dims[5] = gridDim.z;
	}
}

int main()
{
	const int nm = ROWS * COLS, n3 = X * Y * Z;
	float *hin = (float *)malloc(nm * sizeof(float));
	float *hout = (float *)malloc(nm * sizeof(float));
	int *h3 = (int *)malloc(n3 * sizeof(int));
	int dims[6];
	for (int i = 0; i < nm; ++i)
		hin[i] = (float)((i * 17) % 1013);
	float *din, *dout;
	int *d3, *ddims;
	CHECK(cudaMalloc(&din, nm * sizeof(float)));
	CHECK(cudaMalloc(&dout, nm * sizeof(float)));
	CHECK(cudaMalloc(&d3, n3 * sizeof(int)));
	CHECK(cudaMalloc(&ddims, 6 * sizeof(int)));
	CHECK(cudaMemcpy(din, hin, nm * sizeof(float), cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dout, 0, nm * sizeof(float)));
	CHECK(cudaMemset(d3, 0xff, n3 * sizeof(int)));

	dim3 tblock(T, T);
	dim3 tgrid((COLS + T - 1) / T, (ROWS + T - 1) / T);
	transpose<<<tgrid, tblock>>>(din, dout, ROWS, COLS);
	CHECK(cudaGetLastError());
	dim3 block3(8, 4, 2);
	dim3 grid3(X / 8, Y / 4, Z / 2);
	coords3d<<<grid3, block3>>>(d3, ddims);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hout, dout, nm * sizeof(float), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h3, d3, n3 * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(dims, ddims, sizeof(dims), cudaMemcpyDeviceToHost));

	int tbad = 0, xbad = 0;
	double tsum = 0.0;
	long long xyz = 0;
	for (int r = 0; r < COLS; ++r)
		for (int c = 0; c < ROWS; ++c) {
			float v = hout[r * ROWS + c];
			tbad += v != hin[c * COLS + r];
			tsum += v * (double)((r * 3 + c) % 11);
		}
	for (int z = 0; z < Z; ++z)
		for (int y = 0; y < Y; ++y)
			for (int x = 0; x < X; ++x) {
				int v = h3[(z * Y + y) * X + x];
				xbad += v != x * 10000 + y * 100 + z;
				xyz += (long long)v * ((x + y + z) % 5 + 1);
			}
	printf("RESULT tsum=%.1f tbad=%d xyz=%lld xbad=%d dims=%dx%dx%d/%dx%dx%d\n", tsum, tbad, xyz, xbad,
	       dims[0], dims[1], dims[2], dims[3], dims[4], dims[5]);
	CHECK(cudaFree(din));
	CHECK(cudaFree(dout));
	CHECK(cudaFree(d3));
	CHECK(cudaFree(ddims));
	free(hin);
	free(hout);
	free(h3);
	return 0;
}
