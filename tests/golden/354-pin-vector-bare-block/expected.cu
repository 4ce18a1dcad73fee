// case: a std::vector declared first in a bare { } block, copied up and down in a loop there
// expect: its data is registered after the declaration and unregistered before the block's closing brace
// trap: the first statement of a bare block is an item of the outer block too: cudaHostUnregister went before main's return, where v is out of scope (no compile), and a return inside the block got no unregister
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
__global__ void scale(float *x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = x[i] * 0.5f + 1.0f; }
int main()
{
	int n = 1 << 18;
	double sum = 0;
	float *d;
	cudaMalloc(&d, n * sizeof(float));
	{
		std::vector<float> v(n, 1.0f);
		cudaHostRegister(v.data(), v.size() * sizeof(v[0]), cudaHostRegisterDefault);
		for (int r = 0; r < 5; r++) {
			cudaMemcpy(d, v.data(), n * sizeof(float), cudaMemcpyHostToDevice);
			scale<<<(n + 255) / 256, 256>>>(d, n);
			cudaMemcpy(v.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
		}
		for (int i = 0; i < n; i += 100) sum += v[i];
		cudaHostUnregister(v.data());
	}
	cudaFree(d);
	printf("RESULT %.4f\n", sum);
	return 0;
}
