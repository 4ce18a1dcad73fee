// case: float *p = &*h.begin() taken before a loop whose every trip uploads h, launches, downloads h and reads p[t]
// expect: the round trip stays in the loop: p[t] reads h
// trap: the iterator's operator* gave the iterator object, not h: the round trip was hoisted and sunk past the read
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <algorithm>
#include <functional>
#include <utility>
#include <cuda_runtime.h>

__global__ void step(float *d, int n, int t)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] = d[i] * 0.5f + (i % 3) + t;
}

int main(int argc, char **argv)
{
	int n = 2000, steps = argc > 5 ? 0 : 5;
	size_t s = n * sizeof(float);
	std::vector<float> h(n);
	float *d;
	cudaMalloc(&d, s);
	for (int i = 0; i < n; i++) h[i] = (float)(i % 10);
	double sum = 0;
	float *p = &*h.begin();
	for (int t = 0; t < steps; t++) {

		cudaMemcpy(d, h.data(), s, cudaMemcpyHostToDevice);

		step<<<(n + 255) / 256, 256>>>(d, n, t);

		cudaMemcpy(h.data(), d, s, cudaMemcpyDeviceToHost);
		sum += p[t];
	}

	for (int i = 0; i < n; i++) sum += h[i] * (i % 7 + 1);
	printf("RESULT %.3f\n", sum);
	cudaFree(d);
	return 0;
}
