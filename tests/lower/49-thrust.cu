// 49-thrust: a program mixing thrust algorithms and its own kernels, lowered
// to the CPU: thrust runs on its OpenMP system (the toolkit's CCCL), the
// kernels on cuflow's runtime, on the same memory. device_vector with
// sequence, transform through a __host__ __device__ functor, a kernel on
// raw_pointer_cast, sort_by_key (descending), reduce, inclusive_scan,
// count_if, a device_ptr around cudaMalloc'd memory, copies back to a
// host_vector. Every field is an integer sum or a mismatch count against the
// host's reference (bad=0). A thrust call that ran before the kernel it
// follows finished (deferred launches) prints bad>0.
#include <cstdio>
#include <vector>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/count.h>
#include <thrust/functional.h>

struct affine {
	int a, b;
	__host__ __device__ int operator()(int x) const { return (a * x + b) % 1000; }
};

struct odd {
	__host__ __device__ bool operator()(int x) const { return x & 1; }
};

__global__ void addindex(int *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] += i % 7;
}

int main()
{
	const int n = 5000;
	thrust::device_vector<int> x(n), key(n);
	thrust::sequence(x.begin(), x.end());
	thrust::transform(x.begin(), x.end(), key.begin(), affine{37, 11});
	addindex<<<(n + 127) / 128, 128>>>(thrust::raw_pointer_cast(key.data()), n);
	thrust::sort_by_key(key.begin(), key.end(), x.begin(), thrust::greater<int>());
	long sum = thrust::reduce(key.begin(), key.end(), 0L);
	thrust::inclusive_scan(x.begin(), x.end(), x.begin());
	long odds = thrust::count_if(key.begin(), key.end(), odd());

	/* thrust over memory the program allocated itself */
	int *raw;
	cudaMalloc(&raw, n * sizeof(int));
	thrust::device_ptr<int> p(raw);
	thrust::sequence(p, p + n, 3, 2);
	addindex<<<(n + 127) / 128, 128>>>(raw, n);
	long rawsum = thrust::reduce(p, p + n, 0L);
	cudaFree(raw);

	thrust::host_vector<int> hk = key, hx = x;
	std::vector<int> rk(n), rx(n);
	long rsum = 0, rodd = 0, rraw = 0;
	for (int i = 0; i < n; i++) {
		rk[i] = (37 * i + 11) % 1000 + i % 7;
		rsum += rk[i];
		rodd += rk[i] & 1;
		rraw += 3 + 2 * i + i % 7;
	}
	int bad = (sum != rsum) + (odds != rodd) + (rawsum != rraw);
	long scanned = hx[n - 1]; /* every index once: the order of equal keys does not show */
	for (int i = 0; i < n; i++) {
		bad += i > 0 && hk[i] > hk[i - 1]; /* descending */
		bad += rk[hx[i] - (i ? hx[i - 1] : 0)] != hk[i]; /* each key beside its index */
	}
	printf("RESULT sum=%ld odd=%ld raw=%ld scan=%ld bad=%d\n", sum, odds, rawsum, scanned, bad);
	return 0;
}
