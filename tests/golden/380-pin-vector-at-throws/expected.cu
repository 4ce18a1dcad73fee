// case: a std::vector downloaded in a loop, then c.at(probe) throws out_of_range, which the caller catches; the function runs twice
// expect: c stays pageable: at() may leave the block before its unregistration
// trap: library calls that throw were not exceptions to the analysis: the registration leaked and the second run's failed (error 712)
#include <cstdio>
#include <vector>
#include <stdexcept>
#include <cuda_runtime.h>

static float run(const float *d, int n, int probe)
{
	std::vector<float> c(n);
	float sum = 0;
	for (int r = 0; r < 2; r++) {
		cudaMemcpy(c.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
		sum += c.at(probe);
	}
	return sum;
}

int main()
{
	int n = 1000;
	float *d;
	cudaMalloc(&d, n * sizeof(float));
	cudaMemset(d, 0, n * sizeof(float));
	float sum = 0;
	for (int k = 0; k < 2; k++) {
		try {
			sum += run(d, n, k == 0 ? n : 5);
		} catch (const std::out_of_range &) {
			sum += 1;
		}
	}
	printf("RESULT %.1f %d\n", sum, (int)cudaGetLastError());
	cudaFree(d);
	return 0;
}
