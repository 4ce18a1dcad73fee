// 53-kernel-overloads: kernels that share a name. Two overloads of
// scale (float and int, HeCBench gd and f16atomic), a kernel template
// with an explicit specialisation for int (crossEntropy), launched with
// its arguments deduced and written (fill<int><<<...>>>), and a kernel
// template's float form beside it. The lowering gave every kernel of a
// name one argument struct and block function (`redefinition of struct
// cuflow_args_scale`: the program did not build); a specialisation's
// launcher must specialise the launcher template, or fill<int> written
// out runs the primary body: bad=256 each time it does.
#include <cstdio>

__global__ void scale(float *v, float f, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] *= f;
}

__global__ void scale(int *v, int f, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = v[i] * f + 1;
}

template <typename T>
__global__ void fill(T *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = (T)(i % 7);
}

template <>
__global__ void fill<int>(int *v, int n)
{
	__shared__ int s[64];
	s[threadIdx.x] = (int)threadIdx.x * 3;
	__syncthreads();
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = s[63 - threadIdx.x] + 1000;
}

int main()
{
	const int n = 256;
	float hf[n], *df;
	int hi[n], hj[n], *di, *dj;
	for (int i = 0; i < n; i++) {
		hf[i] = (float)(i % 11);
		hi[i] = i % 13;
	}
	cudaMalloc(&df, sizeof hf);
	cudaMalloc(&di, sizeof hi);
	cudaMalloc(&dj, sizeof hj);
	cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
	cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
	scale<<<n / 64, 64>>>(df, 2.0f, n);
	scale<<<n / 64, 64>>>(di, 3, n);
	fill<int><<<n / 64, 64>>>(dj, n);
	cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
	cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
	cudaMemcpy(hj, dj, sizeof hj, cudaMemcpyDeviceToHost);
	int bad = 0;
	long fsum = 0, isum = 0, jsum = 0;
	for (int i = 0; i < n; i++) {
		bad += hf[i] != (float)(i % 11) * 2.0f;
		bad += hi[i] != (i % 13) * 3 + 1;
		bad += hj[i] != (63 - i % 64) * 3 + 1000;
		fsum += (long)hf[i];
		isum += hi[i];
		jsum += hj[i];
	}
	fill<<<n / 64, 64>>>(dj, n); /* deduced: the specialisation again */
	cudaMemcpy(hj, dj, sizeof hj, cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		bad += hj[i] != (63 - i % 64) * 3 + 1000;
	fill<float><<<n / 64, 64>>>(df, n); /* the primary template */
	cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		bad += hf[i] != (float)(i % 7);
		fsum += (long)hf[i];
	}
	printf("RESULT fsum=%ld isum=%ld jsum=%ld bad=%d\n", fsum, isum, jsum, bad);
	return 0;
}
