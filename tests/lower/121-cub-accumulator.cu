// cub's device reductions and scans accumulate in the type the operator
// gives for the initial value and an input (CCCL's accumulator type): a
// float input with an int 0 sums in float. Max and Min of no items write
// the type's lowest and largest values.
#include <climits>
#include <cstdio>
#include <cub/cub.cuh>

struct Add {
	__host__ __device__ float operator()(int a, float b) const { return (float)a + b; }
	__host__ __device__ float operator()(float a, float b) const { return a + b; }
};

int main()
{
	const int n = 8;
	float h[n];
	for (int i = 0; i < n; i++)
		h[i] = 0.5f;
	float *in, *out, *scan;
	int *iin, *imax, *imin;
	cudaMalloc(&in, n * sizeof(float));
	cudaMalloc(&out, sizeof(float));
	cudaMalloc(&scan, n * sizeof(float));
	cudaMalloc(&iin, sizeof(int));
	cudaMalloc(&imax, sizeof(int));
	cudaMalloc(&imin, sizeof(int));
	cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
	int seven = 7;
	cudaMemcpy(imax, &seven, sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(imin, &seven, sizeof(int), cudaMemcpyHostToDevice);
	void *tmp = NULL;
	size_t bytes = 0;
	cub::DeviceReduce::Reduce(tmp, bytes, in, out, n, Add(), 0);
	cudaMalloc(&tmp, bytes);
	cub::DeviceReduce::Reduce(tmp, bytes, in, out, n, Add(), 0);
	cudaFree(tmp);
	tmp = NULL;
	cub::DeviceScan::ExclusiveScan(tmp, bytes, in, scan, Add(), 0, n);
	cudaMalloc(&tmp, bytes);
	cub::DeviceScan::ExclusiveScan(tmp, bytes, in, scan, Add(), 0, n);
	cudaFree(tmp);
	tmp = NULL;
	cub::DeviceReduce::Max(tmp, bytes, iin, imax, 0);
	cudaMalloc(&tmp, bytes);
	cub::DeviceReduce::Max(tmp, bytes, iin, imax, 0);
	cub::DeviceReduce::Min(tmp, bytes, iin, imin, 0);
	cudaFree(tmp);
	float sum, s[n];
	int mx, mn;
	cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
	cudaMemcpy(s, scan, sizeof s, cudaMemcpyDeviceToHost);
	cudaMemcpy(&mx, imax, sizeof mx, cudaMemcpyDeviceToHost);
	cudaMemcpy(&mn, imin, sizeof mn, cudaMemcpyDeviceToHost);
	int bad = (sum != 4.0f) + (s[7] != 3.5f) + (mx != INT_MIN) + (mn != INT_MAX);
	printf("RESULT sum=%.1f scan7=%.1f max=%d min=%d bad=%d\n", sum, s[7], mx, mn, bad);
	return 0;
}
