// case: a std::vector copied every round, then grown with push_back after the loop
// expect: v stays pageable (push_back may move its data, and a registered range must not outlive its buffer); w, never resized, is registered
// trap: registering v and unregistering v.data() at the end would name a buffer that is no longer the registered one
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void scale(float *x, int n, float k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] = x[i] * k + 1.0f;
}

int main()
{
	int n = 1 << 18;
	std::vector<float> v(n, 1.0f), w(n, 2.0f);
	float *d, *e;
	cudaMalloc(&d, n * sizeof(float));
	cudaMalloc(&e, n * sizeof(float));
	cudaMemcpy(d, v.data(), n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(e, w.data(), n * sizeof(float), cudaMemcpyHostToDevice);
	for (int r = 0; r < 5; r++) {
		scale<<<(n + 255) / 256, 256>>>(d, n, 0.5f);
		scale<<<(n + 255) / 256, 256>>>(e, n, 0.25f);
	}
	cudaMemcpy(v.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(w.data(), e, n * sizeof(float), cudaMemcpyDeviceToHost);
	v.push_back(3.0f);
	double sum = 0;
	for (size_t i = 0; i < v.size(); i += 1000)
		sum += v[i] + w[i % n];
	printf("RESULT %.4f %zu\n", sum, v.size());
	cudaFree(d);
	cudaFree(e);
	return 0;
}
