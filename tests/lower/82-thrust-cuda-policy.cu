// 82-thrust-cuda-policy: thrust::cuda::par.on(stream) and
// thrust::cuda::par_nosync.on(stream), the CUDA system's policies (HeCBench
// nosync: "'cuda' is not a class, namespace, or enumeration" under the
// lowering's OpenMP thrust, which has no thrust::cuda), beside a kernel
// under #ifdef __NVCC__ in a program that includes thrust: the parse with
// CCCL defines __NVCC__ only after CCCL's configuration (HeCBench ssim).
// Exact integer sums against the host; bad counts mismatches.
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); return 1; } } while (0)

#ifdef __NVCC__
__global__ void square(int *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = v[i] * v[i] % 1009;
}
#endif

int main()
{
	const int n = 5000;
	cudaStream_t s;
	CHECK(cudaStreamCreate(&s));
	thrust::device_vector<int> v(n), scan(n);
	auto nosync = thrust::cuda::par_nosync.on(s);
	thrust::sequence(nosync, v.begin(), v.end(), 1);
	int nvcc = 0;
#ifdef __NVCC__
	nvcc = 1;
	square<<<(n + 255) / 256, 256, 0, s>>>(thrust::raw_pointer_cast(v.data()), n);
#endif
	CHECK(cudaStreamSynchronize(s));
	auto sync = thrust::cuda::par.on(s);
	thrust::inclusive_scan(sync, v.cbegin(), v.cend(), scan.begin());
	long long total = thrust::reduce(thrust::cuda::par.on(s), v.begin(), v.end(), 0LL);
	int last = scan.back();
	long long want = 0;
	int wantlast = 0, bad = 0;
	for (int i = 1; i <= n; i++) {
		int x = i * i % 1009;
		want += x;
		wantlast += x;
	}
	bad += total != want;
	bad += last != wantlast;
	printf("RESULT total=%lld last=%d nvcc=%d bad=%d\n", total, last, nvcc, bad);
	CHECK(cudaStreamDestroy(s));
	return 0;
}
