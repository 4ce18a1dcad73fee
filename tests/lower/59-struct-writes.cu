// 59-struct-writes: locals of class type written through a call, kept
// across a barrier: `p = q` (the struct's operator=, a call), a method
// that changes its object (acc.add(x), w.acc.add(x)), and a helper holding
// barriers returning a struct, assigned (`r = scan4(...)`: HeCBench split's
// rank4) as well as declared. The lowering took a write through a call for
// no write: such a local, initialised alike in every thread, was kept once
// per block and every thread read the last thread's value (a wrong answer).
#include <cstdio>

struct Acc {
	float s;
	__device__ void add(float x) { s += x; }
	__device__ float get() const { return s; }
};

struct Wrap {
	int tag;
	Acc acc;
};

__device__ uint4 scan4(uint4 d, unsigned *s)
{
	s[threadIdx.x] = d.x + d.y;
	__syncthreads();
	uint4 r;
	r.x = s[(threadIdx.x + 1) % blockDim.x];
	r.y = d.y + 1;
	r.z = d.z;
	r.w = d.w;
	__syncthreads();
	return r;
}

__global__ void assign(uint4 *out)
{
	__shared__ unsigned s[64];
	uint4 v = make_uint4(threadIdx.x + blockIdx.x, 1, 2, 3);
	uint4 p;
	p = v; /* operator=, then read past the barrier */
	s[threadIdx.x] = p.x;
	__syncthreads();
	p.y = s[(threadIdx.x + 3) % blockDim.x];
	out[blockIdx.x * blockDim.x + threadIdx.x] = p;
}

__global__ void methods(const float *in, float *out)
{
	__shared__ float sh[64];
	Acc a = {0.f};
	Wrap w = {7, {1.f}};
	a.add(in[blockIdx.x * blockDim.x + threadIdx.x]);
	w.acc.add(threadIdx.x);
	sh[threadIdx.x] = a.get();
	__syncthreads();
	a.add(sh[(threadIdx.x + 1) % blockDim.x]);
	w.acc.add(sh[(threadIdx.x + 5) % blockDim.x]);
	out[blockIdx.x * blockDim.x + threadIdx.x] = a.get() + 1000.f * w.acc.get() + w.tag;
}

__global__ void helpers(uint4 *out)
{
	__shared__ unsigned s[64];
	uint4 v = make_uint4(threadIdx.x * 3u + blockIdx.x, threadIdx.x, 5, 6);
	uint4 o = scan4(v, s); /* a declaration's initialiser */
	uint4 r;
	r = scan4(o, s); /* an assignment: the struct's operator= */
	out[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

int main()
{
	const int B = 4, T = 64, n = B * T;
	static float in[n], fo[n];
	static uint4 ao[n], ho[n];
	for (int i = 0; i < n; i++)
		in[i] = (float)(i % 13) - 6.f;
	uint4 *dao, *dho;
	float *din, *dfo;
	cudaMalloc(&dao, sizeof ao);
	cudaMalloc(&dho, sizeof ho);
	cudaMalloc(&din, sizeof in);
	cudaMalloc(&dfo, sizeof fo);
	cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
	assign<<<B, T>>>(dao);
	methods<<<B, T>>>(din, dfo);
	helpers<<<B, T>>>(dho);
	cudaMemcpy(ao, dao, sizeof ao, cudaMemcpyDeviceToHost);
	cudaMemcpy(fo, dfo, sizeof fo, cudaMemcpyDeviceToHost);
	cudaMemcpy(ho, dho, sizeof ho, cudaMemcpyDeviceToHost);
	int bad = 0;
	long asum = 0, hsum = 0;
	double msum = 0;
	for (int b = 0; b < B; b++)
		for (int t = 0; t < T; t++) {
			int i = b * T + t;
			/* assign */
			unsigned px = t + b, py = (t + 3) % T + b;
			bad += ao[i].x != px || ao[i].y != py || ao[i].z != 2 || ao[i].w != 3;
			asum += (long)ao[i].x * 3 + ao[i].y * (t + 1);
			/* methods */
			float a0 = in[i], nb = in[b * T + (t + 1) % T], n5 = in[b * T + (t + 5) % T];
			float want = (a0 + nb) + 1000.f * (1.f + t + n5) + 7;
			bad += fo[i] != want;
			msum += fo[i];
			/* helpers: two rounds of the neighbour's x + y */
			unsigned x1 = ((t + 1) % T) * 3u + b + (t + 1) % T, y1 = t + 1;
			unsigned t2 = (t + 1) % T;
			unsigned x1n = ((t2 + 1) % T) * 3u + b + (t2 + 1) % T, y1n = t2 + 1;
			(void)x1;
			(void)y1;
			unsigned x2 = x1n + y1n, y2 = t + 2;
			bad += ho[i].x != x2 || ho[i].y != y2 || ho[i].z != 5 || ho[i].w != 6;
			hsum += (long)ho[i].x * (t + 1) + ho[i].y;
		}
	printf("RESULT asum=%ld msum=%.1f hsum=%ld bad=%d\n", asum, msum, hsum, bad);
	return 0;
}
