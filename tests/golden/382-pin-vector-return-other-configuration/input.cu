// case: a std::vector downloaded in a loop; #ifdef EARLY return sum; #endif before the function's last return (configs: EARLY)
// expect: c stays pageable: in the EARLY configuration the return would leave without unregistering
// trap: only the parsed configuration's returns got an unregistration: under -DEARLY the next registration failed (error 712)
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

static float run(const float *d, int n)
{
	std::vector<float> c(n);
	float sum = 0;
	for (int r = 0; r < 2; r++) {
		cudaMemcpy(c.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
		sum += c[5];
	}
#ifdef EARLY
	return sum;
#endif
	return sum + 1;
}

int main()
{
	int n = 1000;
	float *d;
	cudaMalloc(&d, n * sizeof(float));
	cudaMemset(d, 0, n * sizeof(float));
	float sum = run(d, n) + run(d, n);
	printf("RESULT %.1f %d\n", sum, (int)cudaGetLastError());
	cudaFree(d);
	return 0;
}
