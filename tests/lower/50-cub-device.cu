// 50-cub-device: cub's device-wide algorithms in a program lowered to the
// CPU, each in cub's two calls (size the temporary storage, then run), on
// the output of the program's own kernels: DeviceReduce::Sum and Max,
// DeviceScan::ExclusiveSum, InclusiveSum and ExclusiveScan with a functor,
// DeviceSelect::Flagged, DeviceRunLengthEncode::Encode. Every field is an
// integer or a mismatch count against the host's reference (bad=0). A
// call that ran before the kernel it follows finished (deferred launches)
// prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cub/cub.cuh>

__global__ void fill(int *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = (i * 37 + 11) % 101 - 50;
}

__global__ void runs(int *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = (i / 3 + i / 7) % 5;
}

__global__ void positive(const int *a, int *flag, int *index, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		flag[i] = a[i] > 0;
		index[i] = i;
	}
}

struct imax {
	__host__ __device__ int operator()(int a, int b) const { return a < b ? b : a; }
};

int main()
{
	const int n = 10000;
	int *d_in, *d_out, *d_sum, *d_cnt, *d_uniq, *d_len, *d_flag, *d_idx;
	cudaMalloc(&d_in, n * sizeof(int));
	cudaMalloc(&d_out, n * sizeof(int));
	cudaMalloc(&d_sum, 4 * sizeof(int));
	cudaMalloc(&d_cnt, sizeof(int));
	cudaMalloc(&d_uniq, n * sizeof(int));
	cudaMalloc(&d_len, n * sizeof(int));
	cudaMalloc(&d_flag, n * sizeof(int));
	cudaMalloc(&d_idx, n * sizeof(int));
	fill<<<(n + 255) / 256, 256>>>(d_in, n);
	positive<<<(n + 255) / 256, 256>>>(d_in, d_flag, d_idx, n);

	void *temp = NULL;
	size_t bytes = 0;
	cub::DeviceReduce::Sum(temp, bytes, d_in, d_sum, n);
	cudaMalloc(&temp, bytes);
	cub::DeviceReduce::Sum(temp, bytes, d_in, d_sum, n);
	cudaFree(temp);
	temp = NULL;
	cub::DeviceReduce::Max(temp, bytes, d_in, d_sum + 1, n);
	cudaMalloc(&temp, bytes);
	cub::DeviceReduce::Max(temp, bytes, d_in, d_sum + 1, n);
	cudaFree(temp);
	temp = NULL;
	cub::DeviceReduce::Sum(temp, bytes, d_flag, d_sum + 2, n);
	cudaMalloc(&temp, bytes);
	cub::DeviceReduce::Sum(temp, bytes, d_flag, d_sum + 2, n);
	cudaFree(temp);

	std::vector<int> h(n), ex(n), in(n), mx(n);
	temp = NULL;
	cub::DeviceScan::ExclusiveSum(temp, bytes, d_in, d_out, n);
	cudaMalloc(&temp, bytes);
	cub::DeviceScan::ExclusiveSum(temp, bytes, d_in, d_out, n);
	cudaMemcpy(ex.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
	cub::DeviceScan::InclusiveSum(temp, bytes, d_in, d_out, n);
	cudaMemcpy(in.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
	cub::DeviceScan::ExclusiveScan(temp, bytes, d_in, d_out, imax(), -1000, n);
	cudaMemcpy(mx.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaFree(temp);

	/* the indices of the positive values */
	temp = NULL;
	cub::DeviceSelect::Flagged(temp, bytes, d_idx, d_flag, d_out, d_cnt, n);
	cudaMalloc(&temp, bytes);
	cub::DeviceSelect::Flagged(temp, bytes, d_idx, d_flag, d_out, d_cnt, n);
	cudaFree(temp);
	int cnt = 0;
	std::vector<int> sel(n);
	cudaMemcpy(&cnt, d_cnt, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(sel.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);

	runs<<<(n + 255) / 256, 256>>>(d_in + 0, n);
	temp = NULL;
	cub::DeviceRunLengthEncode::Encode(temp, bytes, d_in, d_uniq, d_len, d_cnt, n);
	cudaMalloc(&temp, bytes);
	cub::DeviceRunLengthEncode::Encode(temp, bytes, d_in, d_uniq, d_len, d_cnt, n);
	cudaFree(temp);
	int nruns = 0, sums[3];
	cudaMemcpy(&nruns, d_cnt, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(sums, d_sum, 3 * sizeof(int), cudaMemcpyDeviceToHost);
	std::vector<int> uq(nruns > 0 ? nruns : 1), ln(nruns > 0 ? nruns : 1);
	cudaMemcpy(uq.data(), d_uniq, nruns * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(ln.data(), d_len, nruns * sizeof(int), cudaMemcpyDeviceToHost);

	int bad = 0, rsum = 0, rmax = -1000, rpos = 0, rcnt = 0, rrun = 0;
	for (int i = 0; i < n; i++) {
		int v = (i * 37 + 11) % 101 - 50;
		bad += ex[i] != rsum;
		bad += mx[i] != rmax;
		rsum += v;
		rmax = v > rmax ? v : rmax;
		bad += in[i] != rsum;
		if (v > 0) {
			bad += rcnt >= cnt || sel[rcnt] != i;
			rcnt++;
			rpos++;
		}
	}
	bad += sums[0] != rsum || sums[1] != rmax || sums[2] != rpos || cnt != rcnt;
	for (int i = 0, r = 0; i < n; r++) {
		int v = (i / 3 + i / 7) % 5, j = i;
		while (j < n && (j / 3 + j / 7) % 5 == v)
			j++;
		bad += r >= nruns || uq[r] != v || ln[r] != j - i;
		rrun++;
		i = j;
	}
	bad += nruns != rrun;
	printf("RESULT sum=%d max=%d positive=%d runs=%d bad=%d\n", sums[0], sums[1], sums[2], nruns, bad);
	cudaFree(d_in), cudaFree(d_out), cudaFree(d_sum), cudaFree(d_cnt), cudaFree(d_uniq), cudaFree(d_len);
	cudaFree(d_flag), cudaFree(d_idx);
	return 0;
}
