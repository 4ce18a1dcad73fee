// 90-cub-collectives: cub's other block- and warp-level collectives lowered
// as collectives over the block's threads: BlockScan (ExclusiveSum with its
// aggregate, InclusiveSum, ExclusiveScan from an initial value, InclusiveScan
// of a struct with a program's operator, four items per thread in a kernel
// template whose array size is a template parameter), WarpReduce (Sum, Reduce
// with cub::Max, logical warps of 16, Sum over the first valid lanes),
// BlockAdjacentDifference (SubtractLeft with a predecessor, SubtractRight),
// BlockLoad/BlockStore (blocked and striped), BlockReduce of a KeyValuePair
// with cub::ArgMax into an auto local of a kernel template, Traits' key
// twiddle, DeviceReduce::Sum of bools into an int and
// DeviceScan with a __device__-only operator. Every field is a mismatch
// count against the host's reference (bad=0) or an integer sum. A lowering
// that ran the threads one after another through a scan would scan partial
// values (bad>0).
#include <cstdio>
#include <cub/cub.cuh>

#define CHECK(x) \
	do { \
		if ((x) != cudaSuccess) { \
			printf("CUDA error %s line %d\n", #x, __LINE__); \
			return 1; \
		} \
	} while (0)

struct Pair { /* a (multiplier, offset) scan element, as ssm scans a recurrence; its
              * fields stay non-negative, so Compose is associative as written (the
              * GPU's scan groups it otherwise than in thread order) */
	int a, b;
};
struct Compose {
	__host__ __device__ Pair operator()(const Pair &x, const Pair &y) const
	{
		return Pair{(x.a * y.a) % 1000, (x.b * y.a + y.b) % 1000};
	}
};
struct Diff { /* not symmetric: the operands' order shows */
	__host__ __device__ int operator()(int a, int b) const { return 2 * a - b; }
};
struct DevPlus { /* __device__ only, as cub runs it on the GPU */
	template <class T, class U> __device__ auto operator()(T t, U u) const -> decltype(t + u) { return t + u; }
};
struct IMax { /* CUDA 13's cub has no cub::Max: a program's own */
	template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
struct Plus {
	template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return a + b; }
};
struct IsOdd {
	__host__ __device__ bool operator()(int v) const { return v & 1; }
};

__global__ void scans(const int *in, int *ex, int *inc, int *mx, int *agg, Pair *pr)
{
	typedef cub::BlockScan<int, 128> BS;
	typedef cub::BlockScan<Pair, 128> BP;
	__shared__ typename BS::TempStorage t;
	__shared__ typename BP::TempStorage tp;
	int i = blockIdx.x * 128 + threadIdx.x;
	int v = in[i], e, s, m, total;
	BS(t).ExclusiveSum(v, e, total);
	__syncthreads();
	BS(t).InclusiveSum(v, s);
	__syncthreads();
	BS(t).ExclusiveScan(v, m, -5, IMax());
	__syncthreads();
	Pair p = {(v + 9) % 7 + 1, (v + 9) % 5}, q;
	BP(tp).InclusiveScan(p, q, Compose());
	ex[i] = e;
	inc[i] = s;
	mx[i] = m;
	pr[i] = q;
	if (threadIdx.x == 0)
		agg[blockIdx.x] = total;
}

template <int THREADS, int ITEMS, cub::BlockLoadAlgorithm LOAD>
__global__ void tiles(const int *in, int *out, int *agg)
{
	typedef cub::BlockLoad<int, THREADS, ITEMS, LOAD> BL;
	typedef cub::BlockStore<int, THREADS, ITEMS, cub::BLOCK_STORE_DIRECT> BST;
	typedef cub::BlockScan<int, THREADS> BS;
	__shared__ union {
		typename BL::TempStorage load;
		typename BST::TempStorage store;
		typename BS::TempStorage scan;
	} t;
	int data[ITEMS];
	int base = blockIdx.x * THREADS * ITEMS, total;
	BL(t.load).Load(in + base, data);
	__syncthreads();
	BS(t.scan).ExclusiveSum(data, data, total);
	__syncthreads();
	BST(t.store).Store(out + base, data);
	if (threadIdx.x == 0)
		agg[blockIdx.x] = total;
}

__global__ void warps(const float *in, float *sum, float *mx, int *s16, int *part)
{
	typedef cub::WarpReduce<float> WR;
	typedef cub::WarpReduce<int, 16> WR16;
	__shared__ typename WR::TempStorage t[4];
	__shared__ typename WR16::TempStorage t16[8];
	int i = blockIdx.x * 128 + threadIdx.x, w = threadIdx.x / 32;
	float v = in[i];
	float s = WR(t[w]).Sum(v);
	float m = WR(t[w]).Reduce(v, IMax());
	int h = WR16(t16[threadIdx.x / 16]).Sum((int)v);
	int p = WR(t[w]).Sum(v, 5);
	if (threadIdx.x % 32 == 0) {
		sum[i / 32] = s;
		mx[i / 32] = m;
		part[i / 32] = p;
	}
	if (threadIdx.x % 16 == 0)
		s16[i / 16] = h;
}

__global__ void diffs(const int *in, int *l, int *r)
{
	typedef cub::BlockAdjacentDifference<int, 64> AD;
	__shared__ typename AD::TempStorage t;
	int a[2], b[2], c[2];
	int base = blockIdx.x * 128 + threadIdx.x * 2;
	a[0] = in[base];
	a[1] = in[base + 1];
	int pred = blockIdx.x > 0 ? in[blockIdx.x * 128 - 1] : 0;
	AD(t).SubtractLeft(a, b, Diff(), pred);
	__syncthreads();
	AD(t).SubtractRight(a, c, Diff());
	l[base] = b[0];
	l[base + 1] = b[1];
	r[base] = c[0];
	r[base + 1] = c[1];
}

template <int TPB>
__global__ void argmax(const float *in, int *key, float *best, int *total)
{
	typedef cub::KeyValuePair<int, float> KV;
	typedef cub::BlockReduce<KV, TPB> BR;
	typedef cub::BlockReduce<int, TPB> BRI;
	__shared__ typename BR::TempStorage t;
	__shared__ typename BRI::TempStorage ti;
	int i = blockIdx.x * TPB + threadIdx.x;
	KV kv(i, in[i]);
	cub::ArgMax op;
	const KV r = BR(t).Reduce(kv, op);
	const auto z = BRI(ti).Reduce((int)in[i], Plus());
	if (threadIdx.x == 0) {
		key[blockIdx.x] = r.key;
		best[blockIdx.x] = r.value;
		total[blockIdx.x] = z;
	}
}

__global__ void twiddle(const float *in, unsigned *bits, float *back)
{
	typedef cub::Traits<float> Tr;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float f = in[i];
	Tr::UnsignedBits u = Tr::TwiddleIn(*reinterpret_cast<Tr::UnsignedBits *>(&f));
	bits[i] = u;
	Tr::UnsignedBits o = Tr::TwiddleOut(u);
	back[i] = *reinterpret_cast<float *>(&o);
}

int main()
{
	const int nb = 4, n = nb * 128;
	int hin[n], hex[n], hinc[n], hmx[n], hagg[nb], hl[n], hr[n];
	Pair hpr[n];
	float hf[n];
	for (int i = 0; i < n; i++) {
		hin[i] = (i * 37 + 11) % 29 - 9;
		hf[i] = (float)((i * 13 + 5) % 41 - 20);
	}
	int *din, *dex, *dinc, *dmx, *dagg, *dl, *dr;
	Pair *dpr;
	float *df;
	CHECK(cudaMalloc(&din, n * sizeof(int)));
	CHECK(cudaMalloc(&dex, n * sizeof(int)));
	CHECK(cudaMalloc(&dinc, n * sizeof(int)));
	CHECK(cudaMalloc(&dmx, n * sizeof(int)));
	CHECK(cudaMalloc(&dagg, 64 * sizeof(int)));
	CHECK(cudaMalloc(&dl, n * sizeof(int)));
	CHECK(cudaMalloc(&dr, n * sizeof(int)));
	CHECK(cudaMalloc(&dpr, n * sizeof(Pair)));
	CHECK(cudaMalloc(&df, n * sizeof(float)));
	CHECK(cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice));

	/* BlockScan: one value per thread */
	scans<<<nb, 128>>>(din, dex, dinc, dmx, dagg, dpr);
	CHECK(cudaMemcpy(hex, dex, sizeof hex, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hinc, dinc, sizeof hinc, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hmx, dmx, sizeof hmx, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hagg, dagg, sizeof hagg, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hpr, dpr, sizeof hpr, cudaMemcpyDeviceToHost));
	int scanbad = 0;
	for (int b = 0; b < nb; b++) {
		int run = 0, m = -5;
		Pair acc = {1, 0};
		for (int t = 0; t < 128; t++) {
			int i = b * 128 + t, v = hin[i];
			Pair p = {(v + 9) % 7 + 1, (v + 9) % 5};
			acc = t ? Compose()(acc, p) : p;
			scanbad += hex[i] != run || hinc[i] != run + v || hmx[i] != m || hpr[i].a != acc.a || hpr[i].b != acc.b;
			run += v;
			m = m < v ? v : m;
		}
		scanbad += hagg[b] != run;
	}

	/* BlockLoad, BlockScan of four items per thread, BlockStore */
	int tilebad = 0;
	for (int striped = 0; striped < 2; striped++) {
		if (striped)
			tiles<32, 4, cub::BLOCK_LOAD_STRIPED><<<nb, 32>>>(din, dex, dagg);
		else
			tiles<32, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE><<<nb, 32>>>(din, dex, dagg);
		CHECK(cudaMemcpy(hex, dex, sizeof hex, cudaMemcpyDeviceToHost));
		CHECK(cudaMemcpy(hagg, dagg, sizeof hagg, cudaMemcpyDeviceToHost));
		for (int b = 0; b < nb; b++) {
			int run = 0;
			for (int t = 0; t < 32; t++)
				for (int k = 0; k < 4; k++) {
					int src = b * 128 + (striped ? k * 32 + t : t * 4 + k);
					tilebad += hex[b * 128 + t * 4 + k] != run;
					run += hin[src];
				}
			tilebad += hagg[b] != run;
		}
	}

	/* WarpReduce */
	float hs[n / 32], hm[n / 32];
	int h16[n / 16], hp[n / 32];
	float *dsum, *dmxf;
	int *d16, *dp;
	CHECK(cudaMalloc(&dsum, sizeof hs));
	CHECK(cudaMalloc(&dmxf, sizeof hm));
	CHECK(cudaMalloc(&d16, sizeof h16));
	CHECK(cudaMalloc(&dp, sizeof hp));
	warps<<<nb, 128>>>(df, dsum, dmxf, d16, dp);
	CHECK(cudaMemcpy(hs, dsum, sizeof hs, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hm, dmxf, sizeof hm, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h16, d16, sizeof h16, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hp, dp, sizeof hp, cudaMemcpyDeviceToHost));
	int warpbad = 0;
	long warpsum = 0;
	for (int w = 0; w < n / 32; w++) {
		float s = 0, m = hf[w * 32];
		int p = 0;
		for (int l = 0; l < 32; l++) {
			s += hf[w * 32 + l];
			m = m < hf[w * 32 + l] ? hf[w * 32 + l] : m;
			p += l < 5 ? (int)hf[w * 32 + l] : 0;
		}
		warpbad += hs[w] != s || hm[w] != m || hp[w] != p;
		warpsum += (long)s;
	}
	for (int h = 0; h < n / 16; h++) {
		int s = 0;
		for (int l = 0; l < 16; l++)
			s += (int)hf[h * 16 + l];
		warpbad += h16[h] != s;
	}

	/* BlockAdjacentDifference: 64 threads of two items */
	diffs<<<nb, 64>>>(din, dl, dr);
	CHECK(cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hr, dr, sizeof hr, cudaMemcpyDeviceToHost));
	int diffbad = 0;
	for (int i = 0; i < n; i++) {
		int j = i % 128, prev = j ? hin[i - 1] : i ? hin[i - 1] : 0;
		int next = j < 127 ? hin[i + 1] : hin[i];
		diffbad += hl[i] != Diff()(hin[i], prev) || hr[i] != (j < 127 ? Diff()(hin[i], next) : hin[i]);
	}

	/* BlockReduce of a KeyValuePair with ArgMax; an auto result in a template */
	int hkey[nb], htot[nb], *dkey, *dtot;
	float hbest[nb], *dbest;
	CHECK(cudaMalloc(&dkey, sizeof hkey));
	CHECK(cudaMalloc(&dtot, sizeof htot));
	CHECK(cudaMalloc(&dbest, sizeof hbest));
	argmax<128><<<nb, 128>>>(df, dkey, dbest, dtot);
	CHECK(cudaMemcpy(hkey, dkey, sizeof hkey, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(htot, dtot, sizeof htot, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hbest, dbest, sizeof hbest, cudaMemcpyDeviceToHost));
	int argbad = 0;
	for (int b = 0; b < nb; b++) {
		int k = b * 128, t = 0;
		for (int i = b * 128; i < b * 128 + 128; i++) {
			if (hf[i] > hf[k])
				k = i;
			t += (int)hf[i];
		}
		argbad += hkey[b] != k || hbest[b] != hf[k] || htot[b] != t;
	}

	/* Traits: the twiddle orders floats as unsigned integers, and undoes */
	unsigned hbits[n], *dbits;
	float hback[n], *dback;
	CHECK(cudaMalloc(&dbits, sizeof hbits));
	CHECK(cudaMalloc(&dback, sizeof hback));
	twiddle<<<nb, 128>>>(df, dbits, dback);
	CHECK(cudaMemcpy(hbits, dbits, sizeof hbits, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hback, dback, sizeof hback, cudaMemcpyDeviceToHost));
	int twbad = 0;
	for (int i = 0; i + 1 < n; i++)
		twbad += (hf[i] < hf[i + 1]) != (hbits[i] < hbits[i + 1]) || hback[i] != hf[i];

	/* device-wide: a count of bools into an int, a scan by a __device__ operator */
	bool hodd[n], *dodd;
	for (int i = 0; i < n; i++)
		hodd[i] = IsOdd()(hin[i]);
	CHECK(cudaMalloc(&dodd, sizeof hodd));
	CHECK(cudaMemcpy(dodd, hodd, sizeof hodd, cudaMemcpyHostToDevice));
	int *dcount, hcount = 0, *dscan, hscan[n];
	CHECK(cudaMalloc(&dcount, sizeof(int)));
	CHECK(cudaMalloc(&dscan, sizeof hscan));
	void *tmp = nullptr;
	size_t bytes = 0;
	CHECK(cub::DeviceReduce::Sum(tmp, bytes, dodd, dcount, n));
	CHECK(cudaMalloc(&tmp, bytes));
	CHECK(cub::DeviceReduce::Sum(tmp, bytes, dodd, dcount, n));
	CHECK(cudaFree(tmp));
	tmp = nullptr;
	CHECK(cub::DeviceScan::ExclusiveScan(tmp, bytes, din, dscan, DevPlus(), 100, n));
	CHECK(cudaMalloc(&tmp, bytes));
	CHECK(cub::DeviceScan::ExclusiveScan(tmp, bytes, din, dscan, DevPlus(), 100, n));
	CHECK(cudaMemcpy(&hcount, dcount, sizeof(int), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hscan, dscan, sizeof hscan, cudaMemcpyDeviceToHost));
	int devbad = 0, odds = 0, run = 100;
	for (int i = 0; i < n; i++) {
		odds += hin[i] & 1;
		devbad += hscan[i] != run;
		run += hin[i];
	}
	devbad += hcount != odds;

	printf("RESULT scanbad=%d tilebad=%d warpbad=%d warpsum=%ld diffbad=%d argbad=%d twbad=%d devbad=%d odds=%d\n",
	       scanbad, tilebad, warpbad, warpsum, diffbad, argbad, twbad, devbad, odds);
	return 0;
}
