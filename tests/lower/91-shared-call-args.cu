// 91-shared-call-args: calls whose arguments touch __shared__ memory in
// kernels whose lanes read each other's __shared__ memory. In a kernel
// template, s[t] -= static_cast<T>(in[i] * w) (HeCBench nlll's form) is an
// operator call the template leaves unresolved, and in[i] * w another: the
// toolkit's operators (or the built-in ones) return values, not pointers
// into __shared__ memory, so the lowering follows them (it refused them).
// A helper writing a lane's own element through a reference (addto(s[t],
// v)) is that element's write; a warp-synchronous tail then reads the
// neighbours' elements after __syncwarp. Every field is a mismatch count
// (bad=0) or an integer sum.
#include <cstdio>
#include <cuda_fp16.h> /* its operators make a template's a * b an unresolved call */

#define CHECK(x) \
	do { \
		if ((x) != cudaSuccess) { \
			printf("CUDA error %s line %d\n", #x, __LINE__); \
			return 1; \
		} \
	} while (0)

template <class T> __device__ void addto(T &a, T v) { a += v; }

template <typename T, typename A>
__global__ void loss(const T *in, const T *w, A *out, int n)
{
	__shared__ A s[64], c[64];
	int t = threadIdx.x;
	s[t] = static_cast<A>(0);
	c[t] = static_cast<A>(0);
	for (int i = t; i < n; i += 64) {
		T wt = w[i % 7];
		s[t] -= static_cast<A>(in[i] * wt);
		addto(c[t], static_cast<A>(1));
	}
	__syncthreads();
	if (t < 32) { /* one warp folds the 64 partial sums */
		s[t] += s[t + 32];
		c[t] += c[t + 32];
		__syncwarp();
		for (int d = 16; d > 0; d /= 2) {
			if (t < d) {
				s[t] += s[t + d];
				c[t] += c[t + d];
			}
			__syncwarp();
		}
	}
	if (t == 0) {
		out[2 * blockIdx.x] = s[0];
		out[2 * blockIdx.x + 1] = c[0];
	}
}

int main()
{
	const int n = 1000;
	float hf[n], hw[7] = {1, 2, 3, 1, 2, 3, 4};
	int hi[n], hiw[7] = {1, 2, 3, 1, 2, 3, 4};
	for (int i = 0; i < n; i++) {
		hf[i] = (float)(i % 13 - 6);
		hi[i] = i % 11 - 5;
	}
	float *df, *dw, *dof;
	int *di, *diw, *doi;
	CHECK(cudaMalloc(&df, sizeof hf));
	CHECK(cudaMalloc(&dw, sizeof hw));
	CHECK(cudaMalloc(&di, sizeof hi));
	CHECK(cudaMalloc(&diw, sizeof hiw));
	CHECK(cudaMalloc(&dof, 2 * sizeof(double)));
	CHECK(cudaMalloc(&doi, 2 * sizeof(long long)));
	CHECK(cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dw, hw, sizeof hw, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(diw, hiw, sizeof hiw, cudaMemcpyHostToDevice));
	loss<float, double><<<1, 64>>>(df, dw, (double *)dof, n);
	loss<int, long long><<<1, 64>>>(di, diw, (long long *)doi, n);
	double rf[2];
	long long ri[2];
	CHECK(cudaMemcpy(rf, dof, sizeof rf, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(ri, doi, sizeof ri, cudaMemcpyDeviceToHost));
	double ef = 0;
	long long ei = 0;
	for (int i = 0; i < n; i++) {
		ef -= (double)(hf[i] * hw[i % 7]);
		ei -= (long long)(hi[i] * hiw[i % 7]);
	}
	int bad = (rf[0] != ef) + (rf[1] != n) + (ri[0] != ei) + (ri[1] != n);
	printf("RESULT fsum=%.1f isum=%lld count=%lld bad=%d\n", rf[0], ri[0], ri[1], bad);
	return 0;
}
