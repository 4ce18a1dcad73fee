// 58-simd-minmax: the SIMD video intrinsics' per-byte and per-halfword
// minimum and maximum, signed and unsigned (HeCBench relu's
// __vmaxs4(x, 0)), against a host reference lane by lane. The runtime had
// none of them: the lowered program did not build.
#include <cstdio>

__global__ void lanes(const unsigned *a, const unsigned *b, unsigned *o, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned x = a[i], y = b[i];
	o[8 * i + 0] = __vmaxs4(x, y);
	o[8 * i + 1] = __vmins4(x, y);
	o[8 * i + 2] = __vmaxu4(x, y);
	o[8 * i + 3] = __vminu4(x, y);
	o[8 * i + 4] = __vmaxs2(x, y);
	o[8 * i + 5] = __vmins2(x, y);
	o[8 * i + 6] = __vmaxu2(x, y);
	o[8 * i + 7] = __vminu2(x, y);
}

static unsigned ref(unsigned a, unsigned b, int w, bool sgn, bool max)
{
	unsigned r = 0, m = (1u << w) - 1;
	for (int i = 0; i < 32; i += w) {
		long x = (a >> i) & m, y = (b >> i) & m;
		if (sgn && x >> (w - 1))
			x -= 1l << w;
		if (sgn && y >> (w - 1))
			y -= 1l << w;
		r |= (unsigned)((max ? (x > y ? x : y) : (x < y ? x : y)) & m) << i;
	}
	return r;
}

int main()
{
	const int n = 1000;
	static unsigned a[n], b[n], o[8 * n];
	unsigned s = 12345;
	for (int i = 0; i < n; i++) {
		s = s * 1103515245u + 12345u;
		a[i] = s;
		s = s * 1103515245u + 12345u;
		b[i] = i % 7 ? s : 0; /* relu's form: against zero */
	}
	unsigned *da, *db, *dout;
	cudaMalloc(&da, sizeof a);
	cudaMalloc(&db, sizeof b);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
	cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
	lanes<<<(n + 127) / 128, 128>>>(da, db, dout, n);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	int bad = 0;
	unsigned hash = 0;
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 8; k++) {
			bad += o[8 * i + k] != ref(a[i], b[i], k < 4 ? 8 : 16, k % 4 < 2, k % 2 == 0);
			hash = hash * 31u + o[8 * i + k];
		}
	printf("RESULT hash=%08x bad=%d\n", hash, bad);
	return 0;
}
