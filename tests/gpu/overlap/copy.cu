// copy.cu: host work of similar size to a kernel, with a blocking D2H copy
// right after the launch. Prints RESULT on stdout and, on stderr, the time of
// the device work alone, the host work alone, and both together:
//   TIMES dev=MS host=MS both=MS host2=MS (host alone again, after)
// usage: copy [DEV_ITERS HOST_REPS]   (both phases about equal by default)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

__global__ void simulate(float *out, int n, int iters, int step)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		float v = (float)((i + step) % 97) * 0.01f;
		for (int k = 0; k < iters; ++k)
			v = v * 0.9999f + 0.0001f * (float)(k & 7);
		out[i] = v;
	}
}

static double host_model(const double *w, int m, int reps)
{
	double s = 0.0;
	for (int r = 0; r < reps; ++r)
		for (int i = 0; i < m; ++i)
			s += w[i] * 0.5 + (double)((i + r) & 3);
	return s;
}

static double ms(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b)
{
	return std::chrono::duration<double, std::milli>(b - a).count();
}

int main(int argc, char **argv)
{
	const int n = 1 << 20, m = 1 << 20, steps = 20;
	int iters = argc > 1 ? atoi(argv[1]) : 300000;
	int reps = argc > 2 ? atoi(argv[2]) : 12;
	float *h = (float *)malloc(n * sizeof(float));
	double *w = (double *)malloc(m * sizeof(double));
	for (int i = 0; i < m; ++i)
		w[i] = (double)(i % 13);
	float *d;
	CHECK(cudaMalloc(&d, n * sizeof(float)));
	simulate<<<(n + 255) / 256, 256>>>(d, n, 10, 0); /* warm up */
	CHECK(cudaDeviceSynchronize());

	double dsum = 0.0, hsum = 0.0, csum = 0.0, bsum = 0.0;
	auto t0 = std::chrono::steady_clock::now();
	for (int s = 0; s < steps; ++s) {
		simulate<<<(n + 255) / 256, 256>>>(d, n, iters, s);
		CHECK(cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost));
		dsum += h[s];
	}
	auto t1 = std::chrono::steady_clock::now();
	for (int s = 0; s < steps; ++s)
		hsum += host_model(w, m, reps);
	auto t2 = std::chrono::steady_clock::now();
	for (int s = 0; s < steps; ++s) {
		simulate<<<(n + 255) / 256, 256>>>(d, n, iters, s);
		CHECK(cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost));
		bsum += host_model(w, m, reps);
		for (int i = 0; i < n; i += 4096)
			csum += h[i];
	}
	auto t3 = std::chrono::steady_clock::now();
	double h2sum = 0.0; /* the host work alone again, warm: its time varies between phases */
	for (int s = 0; s < steps; ++s)
		h2sum += host_model(w, m, reps);
	auto t4 = std::chrono::steady_clock::now();
	printf("RESULT %.4f %.1f %.4f %.1f\n", dsum, hsum, csum, bsum);
	fprintf(stderr, "TIMES dev=%.3f host=%.3f both=%.3f host2=%.3f (%.0f)\n", ms(t0, t1), ms(t1, t2), ms(t2, t3),
		ms(t3, t4), h2sum);
	CHECK(cudaFree(d));
	free(h);
	free(w);
	return 0;
}
