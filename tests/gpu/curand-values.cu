// curand-values.cu: cuRAND's raw values, to compare the CPU runtime's
// streams (runtime/include/cuflow_curand_device.h) with the GPU's bit for
// bit. Device API, seed 1234, subsequences 0, 1 and 7, offsets 0 and 5, for
// Philox4_32_10, XORWOW and MRG32k3a, each from a fresh curand_init: the
// first 8 curand(), 4 curand_uniform, 2 curand_uniform_double, 4
// curand_normal, and Philox's curand_uniform4. Host API, seed 1234, offsets
// 0 and 5: the first 8 values of curandGenerate, of curandGenerateUniform
// and 4 of curandGenerateNormal, for each generator type. One line a list.
//   nvcc -std=c++17 -O2 -arch=sm_90 -o values tests/gpu/curand-values.cu -lcurand && ./values > gpu.txt
//   cuflow -q --lower=openmp -o values.cpp tests/gpu/curand-values.cu
//   g++ -std=c++17 -O2 -fopenmp values.cpp $(pkg-config --cflags --libs cuflow-runtime) -o values && ./values > cpu.txt
//   diff cpu.txt gpu.txt
#include <cstdio>
#include <cstdlib>
#include <curand.h>
#include <curand_kernel.h>

#define CHECK(x) do { if ((x) != 0) { printf("call failed: %s\n", #x); exit(1); } } while (0)

const int CASES = 6; /* subsequences 0, 1, 7 by offsets 0, 5 */
const unsigned long long SEED = 1234;

struct Values {
	unsigned int raw[8];
	float uniform[4], normal[4], uniform4[4];
	double uniformd[2];
};

__device__ void subOff(int c, unsigned long long *sub, unsigned long long *off)
{
	const unsigned long long subs[3] = {0, 1, 7};
	*sub = subs[c / 2];
	*off = c % 2 ? 5 : 0;
}

template <class S> __global__ void device(Values *v)
{
	int c = threadIdx.x;
	unsigned long long sub, off;
	subOff(c, &sub, &off);
	S s;
	curand_init(SEED, sub, off, &s);
	for (int i = 0; i < 8; i++)
		v[c].raw[i] = curand(&s);
	curand_init(SEED, sub, off, &s);
	for (int i = 0; i < 4; i++)
		v[c].uniform[i] = curand_uniform(&s);
	curand_init(SEED, sub, off, &s);
	for (int i = 0; i < 2; i++)
		v[c].uniformd[i] = curand_uniform_double(&s);
	curand_init(SEED, sub, off, &s);
	for (int i = 0; i < 4; i++)
		v[c].normal[i] = curand_normal(&s);
}

__global__ void philox4(Values *v)
{
	int c = threadIdx.x;
	unsigned long long sub, off;
	subOff(c, &sub, &off);
	curandStatePhilox4_32_10_t s;
	curand_init(SEED, sub, off, &s);
	float4 u = curand_uniform4(&s);
	v[c].uniform4[0] = u.x;
	v[c].uniform4[1] = u.y;
	v[c].uniform4[2] = u.z;
	v[c].uniform4[3] = u.w;
}

static void printf4(const char *what, const float *f, int n)
{
	printf(" %s", what);
	for (int i = 0; i < n; i++)
		printf(" %.9g", f[i]);
}

static void show(const char *name, Values *d, bool four)
{
	Values h[CASES];
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	const int subs[3] = {0, 1, 7};
	for (int c = 0; c < CASES; c++) {
		printf("device %s sub=%d off=%d curand", name, subs[c / 2], c % 2 ? 5 : 0);
		for (int i = 0; i < 8; i++)
			printf(" %u", h[c].raw[i]);
		printf4("uniform", h[c].uniform, 4);
		printf(" uniform_double %.17g %.17g", h[c].uniformd[0], h[c].uniformd[1]);
		printf4("normal", h[c].normal, 4);
		if (four)
			printf4("uniform4", h[c].uniform4, 4);
		printf("\n");
	}
}

static void host(const char *name, curandRngType_t type)
{
	unsigned int *du;
	float *df;
	CHECK(cudaMalloc(&du, 8 * sizeof(unsigned int)));
	CHECK(cudaMalloc(&df, 8 * sizeof(float)));
	for (unsigned long long off = 0; off <= 5; off += 5) {
		unsigned int u[8];
		float f[8], n[4];
		curandGenerator_t g;
		CHECK(curandCreateGenerator(&g, type));
		CHECK(curandSetPseudoRandomGeneratorSeed(g, SEED));
		CHECK(curandSetGeneratorOffset(g, off));
		CHECK(curandGenerate(g, du, 8));
		CHECK(cudaMemcpy(u, du, sizeof u, cudaMemcpyDeviceToHost));
		CHECK(curandSetGeneratorOffset(g, off)); /* each list from the offset */
		CHECK(curandGenerateUniform(g, df, 8));
		CHECK(cudaMemcpy(f, df, sizeof f, cudaMemcpyDeviceToHost));
		CHECK(curandSetGeneratorOffset(g, off));
		CHECK(curandGenerateNormal(g, df, 4, 0.0f, 1.0f));
		CHECK(cudaMemcpy(n, df, sizeof n, cudaMemcpyDeviceToHost));
		CHECK(curandDestroyGenerator(g));
		printf("host %s off=%llu generate", name, off);
		for (int i = 0; i < 8; i++)
			printf(" %u", u[i]);
		printf4("uniform", f, 8);
		printf4("normal", n, 4);
		printf("\n");
	}
	CHECK(cudaFree(du));
	CHECK(cudaFree(df));
}

int main()
{
	Values *d;
	CHECK(cudaMalloc(&d, CASES * sizeof(Values)));
	device<curandStatePhilox4_32_10_t><<<1, CASES>>>(d);
	philox4<<<1, CASES>>>(d);
	show("philox", d, true);
	device<curandStateXORWOW_t><<<1, CASES>>>(d);
	show("xorwow", d, false);
	device<curandStateMRG32k3a_t><<<1, CASES>>>(d);
	show("mrg32k3a", d, false);
	host("philox", CURAND_RNG_PSEUDO_PHILOX4_32_10);
	host("xorwow", CURAND_RNG_PSEUDO_XORWOW);
	host("mrg32k3a", CURAND_RNG_PSEUDO_MRG32K3A);
	CHECK(cudaFree(d));
	return 0;
}
