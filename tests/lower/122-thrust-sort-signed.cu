// thrust::sort and sort_by_key of int keys with negative values, ascending
// and with thrust::greater: the OpenMP system's radix sort of CCCL 3 ranks
// negative ints after positive ones; the CUDA system does not.
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>

int main()
{
	const int n = 1000;
	thrust::host_vector<int> h(n), v(n);
	for (int i = 0; i < n; i++) {
		h[i] = (i * 7919) % 2001 - 1000;
		v[i] = i;
	}
	thrust::device_vector<int> a = h, k = h, val = v, b = h;
	thrust::sort(a.begin(), a.end());
	thrust::sort_by_key(k.begin(), k.end(), val.begin());
	thrust::stable_sort(b.begin(), b.end(), thrust::greater<int>());
	int bad = 0;
	for (int i = 1; i < n; i++)
		bad += (a[i - 1] > a[i]) + (k[i - 1] > k[i]) + (b[i - 1] < b[i]);
	long long check = 0;
	for (int i = 0; i < n; i++)
		bad += h[val[i]] != k[i], check += (long long)(i + 1) * a[i];
	printf("RESULT first=%d last=%d top=%d check=%lld bad=%d\n", (int)a[0], (int)a[n - 1], (int)b[0], check, bad);
	return 0;
}
