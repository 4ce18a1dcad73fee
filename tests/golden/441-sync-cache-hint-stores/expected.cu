// case: kernels write with __stcs/__stcg and read with __ldca/__ldlu, which clang's CUDA wrappers do not declare
// expect: analysed with the toolkit and the minimal header; the download moves past the host loop
// trap: the program refused as an undeclared identifier
#include <cstdio>
#include <cstdlib>

__global__ void fill(float *p, float v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		__stcs(&p[i], v + (float)(i % 5)); /* streaming store: read once by the host */
}

__global__ void scale(float *out, const float *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		__stcg(&out[i], 2.0f * __ldca(&in[i]) + __ldlu(&in[i]));
}

int main()
{
	const int n = 1 << 16;
	float *d, *e, *h = (float *)malloc(n * sizeof(float));
	cudaMalloc(&d, n * sizeof(float));
	cudaMalloc(&e, n * sizeof(float));
	fill<<<n / 256, 256>>>(d, 1.0f, n);
	scale<<<n / 256, 256>>>(e, d, n);
	double host = 0;
	for (int i = 0; i < n; i++)
		host += (double)(i % 3);
	double s = 0;
	cudaMemcpy(h, e, n * sizeof(float), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		s += h[i];
	printf("RESULT s=%.1f host=%.1f\n", s, host);
	cudaFree(d);
	cudaFree(e);
	free(h);
	return 0;
}
