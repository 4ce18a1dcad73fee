// 68-curand: cuRAND's device and host APIs lowered to the CPU. Device API:
// per-thread Philox4_32_10, XORWOW and MRG32k3a states from
// curand_init(seed, tid, 0), in locals (a kernel template over the state
// type) and in a global array kept across launches; Philox's counter
// (curand_init(seed, s, 4k) then curand_uniform4 is the k-th uniform4 of
// offset 0; an offset inside a block of four), offsets and skipahead against
// the stream drawn one by one, skipahead_sequence against the subsequence
// (Philox, XORWOW); uniforms in (0, 1], normals finite. Host API: each
// generator type generates into device memory; a second generator with the
// same seed and a host generator (curandCreateGeneratorHost) give the same
// values, with an offset and an ordering set too. Means of uniforms and
// normals within loose bounds. Each field counts mismatches (bad=0) or
// says ok: no field prints a random value, so the line is the GPU's too
// (tests/gpu/curand-values.cu prints the values). A state shared between
// threads, or a generator not finished before a copy, prints bad>0.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <curand.h>
#include <curand_kernel.h>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); exit(1); } } while (0)

const int BLOCKS = 8, THREADS = 128, T = BLOCKS * THREADS;
const int K = 8, R = 4 * K; /* uniform4 draws, raw values per thread */
const int D = 64;           /* draws per thread for ranges and means */
const unsigned long long SEED = 20240607ull;

/* each thread's first R raw values of its subsequence */
template <class S> __global__ void stream(unsigned int *raw)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	S s;
	curand_init(SEED, t, 0, &s);
	for (int j = 0; j < R; j++)
		raw[t * R + j] = curand(&s);
}

/* offsets, and skipahead, against the stream: one mismatch count a thread */
template <class S> __global__ void offsets(const unsigned int *raw, int *bad)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x, b = 0;
	for (int j = 1; j < R; j += 3) {
		S s;
		curand_init(SEED, t, j, &s);
		b += curand(&s) != raw[t * R + j];
		curand_init(SEED, t, 0, &s);
		skipahead(j, &s);
		b += curand(&s) != raw[t * R + j];
	}
	bad[t] = b;
}

/* Philox's four at a time: offset 4k starts the k-th block of four */
__global__ void philoxBlocks(const unsigned int *raw, int *bad)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x, b = 0;
	curandStatePhilox4_32_10_t s, o;
	curand_init(SEED, t, 0, &s);
	for (int k = 0; k < K; k++) {
		float4 u = curand_uniform4(&s);
		curand_init(SEED, t, 4 * k, &o);
		float4 v = curand_uniform4(&o);
		b += u.x != v.x || u.y != v.y || u.z != v.z || u.w != v.w;
		curand_init(SEED, t, 4 * k, &o);
		uint4 r = curand4(&o);
		const unsigned int *w = raw + t * R + 4 * k;
		b += r.x != w[0] || r.y != w[1] || r.z != w[2] || r.w != w[3];
	}
	curand_init(SEED, 0, 0, &o);
	skipahead_sequence(t, &o);
	b += curand(&o) != raw[t * R];
	bad[t] = b;
}

/* XORWOW's subsequences are 2^67 apart: skipahead_sequence reaches them */
__global__ void xorwowSequence(const unsigned int *raw, int *bad)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	curandState s;
	curand_init(SEED, 0, 0, &s);
	skipahead_sequence(t, &s);
	bad[t] = curand(&s) != raw[t * R];
}

/* states in global memory, drawn in two launches */
__global__ void setup(curandState *st)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	curand_init(SEED, t, 0, &st[t]);
}
__global__ void draw(curandState *st, unsigned int *out, int from, int n)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	curandState s = st[t];
	for (int j = 0; j < n; j++)
		out[t * R + from + j] = curand(&s);
	st[t] = s;
}

/* ranges and per-thread sums: uniforms out of (0, 1] and normals of 10 or
 * more (Box-Muller's largest is below 9) count */
template <class S> __global__ void sums(int *bad, double *usum, double *nsum)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x, b = 0;
	S s;
	curand_init(SEED, t, 0, &s);
	double u = 0, n = 0;
	for (int j = 0; j < D; j++) {
		float f = curand_uniform(&s);
		double d = curand_uniform_double(&s), x = curand_normal_double(&s);
		float y = curand_normal(&s);
		b += !(f > 0 && f <= 1) + !(d > 0 && d <= 1) + !(fabs(x) < 10) + !(fabsf(y) < 10);
		u += f;
		n += y;
	}
	bad[t] = b;
	usum[t] = u;
	nsum[t] = n;
}
__global__ void philoxSums(int *bad, double *usum, double *nsum)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x, b = 0;
	curandStatePhilox4_32_10_t s;
	curand_init(SEED, t, 0, &s);
	double u = 0, n = 0;
	for (int j = 0; j < D; j += 4) {
		float4 f = curand_uniform4(&s), y = curand_normal4(&s);
		b += !(f.x > 0 && f.x <= 1) + !(f.y > 0 && f.y <= 1) + !(f.z > 0 && f.z <= 1) + !(f.w > 0 && f.w <= 1);
		b += !(fabsf(y.x) < 10) + !(fabsf(y.y) < 10) + !(fabsf(y.z) < 10) + !(fabsf(y.w) < 10);
		u += f.x + f.y + f.z + f.w;
		n += y.x + y.y + y.z + y.w;
	}
	bad[t] = b;
	usum[t] = u;
	nsum[t] = n;
}

static int total(const int *d)
{
	int h[T], s = 0;
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	for (int i = 0; i < T; i++)
		s += h[i];
	return s;
}

static double mean(const double *d, int per)
{
	static double h[T];
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	double s = 0;
	for (int i = 0; i < T; i++)
		s += h[i];
	return s / ((double)T * per);
}

/* the device API with state S: mismatches; its means, in ok */
template <class S> static int device(unsigned int *raw, int *bad, double *us, double *ns, bool *ok)
{
	stream<S><<<BLOCKS, THREADS>>>(raw);
	offsets<S><<<BLOCKS, THREADS>>>(raw, bad);
	int b = total(bad);
	sums<S><<<BLOCKS, THREADS>>>(bad, us, ns);
	b += total(bad);
	*ok = *ok && fabs(mean(us, D) - 0.5) < 0.01 && fabs(mean(ns, D)) < 0.03;
	return b;
}

/* The host API for one generator type: values of a device generator, a
 * second one and a host generator, each with the same calls, compared; a
 * call's status other than success counts. */
struct Gen {
	unsigned int u[4096];
	float f[1 << 16], g[1 << 16];
	double d[4096];
};

static int generate(curandGenerator_t g, bool host, Gen *o, unsigned long long offset)
{
	static float *df;
	static double *dd;
	static unsigned int *du;
	if (!df) {
		CHECK(cudaMalloc(&df, sizeof o->f));
		CHECK(cudaMalloc(&dd, sizeof o->d));
		CHECK(cudaMalloc(&du, sizeof o->u));
	}
	int b = curandSetPseudoRandomGeneratorSeed(g, SEED) != CURAND_STATUS_SUCCESS;
	b += curandSetGeneratorOffset(g, offset) != CURAND_STATUS_SUCCESS;
	b += curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS;
	float *f = host ? o->f : df, *n = host ? o->g : df;
	double *d = host ? o->d : dd;
	unsigned int *u = host ? o->u : du;
	b += curandGenerateUniform(g, f, 1 << 16) != CURAND_STATUS_SUCCESS;
	if (!host)
		CHECK(cudaMemcpy(o->f, df, sizeof o->f, cudaMemcpyDeviceToHost));
	b += curandGenerate(g, u, 4096) != CURAND_STATUS_SUCCESS;
	b += curandGenerateUniformDouble(g, d, 4096) != CURAND_STATUS_SUCCESS;
	if (!host) {
		CHECK(cudaMemcpy(o->u, du, sizeof o->u, cudaMemcpyDeviceToHost));
		CHECK(cudaMemcpy(o->d, dd, sizeof o->d, cudaMemcpyDeviceToHost));
	}
	b += curandGenerateNormal(g, n, 1 << 16, 0.0f, 1.0f) != CURAND_STATUS_SUCCESS;
	if (!host)
		CHECK(cudaMemcpy(o->g, df, sizeof o->g, cudaMemcpyDeviceToHost));
	return b;
}

/* values that differ; normals by more than tol (a host library's logf and
 * sinf need not be the GPU's) */
static int differ(const Gen *a, const Gen *b, float tol)
{
	int n = 0;
	for (int i = 0; i < 4096; i++)
		n += a->u[i] != b->u[i] || a->d[i] != b->d[i];
	for (int i = 0; i < 1 << 16; i++)
		n += a->f[i] != b->f[i] || !(fabsf(a->g[i] - b->g[i]) <= tol);
	return n;
}

static int range(const Gen *a)
{
	int n = 0;
	for (int i = 0; i < 4096; i++)
		n += !(a->d[i] > 0 && a->d[i] <= 1);
	for (int i = 0; i < 1 << 16; i++)
		n += !(a->f[i] > 0 && a->f[i] <= 1) + !(fabsf(a->g[i]) < 10);
	return n;
}

static bool means(const Gen *a)
{
	double u = 0, n = 0, q = 0;
	for (int i = 0; i < 1 << 16; i++) {
		u += a->f[i];
		n += a->g[i];
		q += (double)a->g[i] * a->g[i];
	}
	u /= 1 << 16;
	n /= 1 << 16;
	q /= 1 << 16;
	return fabs(u - 0.5) < 0.01 && fabs(n) < 0.03 && fabs(q - 1) < 0.05;
}

static void hostapi(curandRngType_t type, int *same, int *host, int *rangebad, bool *ok)
{
	static Gen a, b, c;
	cudaStream_t st;
	CHECK(cudaStreamCreate(&st));
	for (unsigned long long offset : {0ull, 1000ull}) {
		curandGenerator_t g = NULL, g2 = NULL, h = NULL;
		*same += curandCreateGenerator(&g, type) != CURAND_STATUS_SUCCESS;
		*same += curandCreateGenerator(&g2, type) != CURAND_STATUS_SUCCESS;
		*host += curandCreateGeneratorHost(&h, type) != CURAND_STATUS_SUCCESS;
		*same += curandSetStream(g2, st) != CURAND_STATUS_SUCCESS;
		*same += generate(g, false, &a, offset) + generate(g2, false, &b, offset);
		*host += generate(h, true, &c, offset);
		*same += differ(&a, &b, 0);
		*host += differ(&a, &c, 1e-5f);
		*rangebad += range(&a) + range(&c);
		*ok = *ok && means(&a);
		*same += curandDestroyGenerator(g) != CURAND_STATUS_SUCCESS;
		*same += curandDestroyGenerator(g2) != CURAND_STATUS_SUCCESS;
		*host += curandDestroyGenerator(h) != CURAND_STATUS_SUCCESS;
	}
	CHECK(cudaStreamDestroy(st));
}

int main()
{
	unsigned int *raw, *raw2;
	int *bad;
	double *us, *ns;
	curandState *st;
	CHECK(cudaMalloc(&raw, T * R * sizeof(unsigned int)));
	CHECK(cudaMalloc(&raw2, T * R * sizeof(unsigned int)));
	CHECK(cudaMalloc(&bad, T * sizeof(int)));
	CHECK(cudaMalloc(&us, T * sizeof(double)));
	CHECK(cudaMalloc(&ns, T * sizeof(double)));
	CHECK(cudaMalloc(&st, T * sizeof(curandState)));
	bool ok = true;

	/* Philox: offsets, blocks of four, subsequences (raw holds its stream) */
	int philox = device<curandStatePhilox4_32_10_t>(raw, bad, us, ns, &ok);
	philoxBlocks<<<BLOCKS, THREADS>>>(raw, bad);
	philox += total(bad);
	philoxSums<<<BLOCKS, THREADS>>>(bad, us, ns);
	philox += total(bad);
	ok = ok && fabs(mean(us, D) - 0.5) < 0.01 && fabs(mean(ns, D)) < 0.03;

	/* XORWOW: offsets, subsequences, states kept in global memory */
	int xorwow = device<curandState>(raw, bad, us, ns, &ok);
	xorwowSequence<<<BLOCKS, THREADS>>>(raw, bad);
	xorwow += total(bad);
	setup<<<BLOCKS, THREADS>>>(st);
	draw<<<BLOCKS, THREADS>>>(st, raw2, 0, R / 2);
	draw<<<BLOCKS, THREADS>>>(st, raw2, R / 2, R / 2);
	static unsigned int h1[T * R], h2[T * R];
	CHECK(cudaMemcpy(h1, raw, sizeof h1, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h2, raw2, sizeof h2, cudaMemcpyDeviceToHost));
	int kept = 0;
	for (int i = 0; i < T * R; i++)
		kept += h1[i] != h2[i];

	/* MRG32k3a: offsets */
	int mrg = device<curandStateMRG32k3a_t>(raw, bad, us, ns, &ok);

	/* the host API, each generator type */
	int same = 0, host = 0, rangebad = 0;
	hostapi(CURAND_RNG_PSEUDO_PHILOX4_32_10, &same, &host, &rangebad, &ok);
	hostapi(CURAND_RNG_PSEUDO_XORWOW, &same, &host, &rangebad, &ok);
	hostapi(CURAND_RNG_PSEUDO_MRG32K3A, &same, &host, &rangebad, &ok);
	hostapi(CURAND_RNG_PSEUDO_DEFAULT, &same, &host, &rangebad, &ok);

	printf("RESULT philox_bad=%d xorwow_bad=%d kept_bad=%d mrg_bad=%d same_bad=%d host_bad=%d range_bad=%d "
	       "means=%s\n", philox, xorwow, kept, mrg, same, host, rangebad, ok ? "ok" : "no");
	CHECK(cudaFree(raw));
	CHECK(cudaFree(raw2));
	CHECK(cudaFree(bad));
	CHECK(cudaFree(us));
	CHECK(cudaFree(ns));
	CHECK(cudaFree(st));
	return 0;
}
