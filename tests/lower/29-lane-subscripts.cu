// 29-lane-subscripts: subscripts p[X + threadIdx.x] whose 32-bit unsigned
// sum the lowering rewrites to (p + X)[lane] in a second copy of the x loop,
// taken only where X + blockDim.x - 1 cannot wrap; uniform initialisations
// that open a thread loop run once per block (lud's tile). wrap: block 0's
// X is 2^32 - 16, so its threads' sums wrap to small indices and the
// rewritten form would address 16 GiB past the array: the test before the
// loop must pick the form as written there, and the fast one elsewhere.
// early: a return in a kernel without barriers (a label in both copies).
// late: a uniform local declared after a statement of its loop is not
// assigned before the loop, so subscripts reading it are left alone.
// viamacro: a subscript written as one macro (GID: X + threadIdx.x), whose
// terms cannot be copied apart (a wrong copy put threadIdx.x into X:
// bad=510). locals: int and size_t locals initialised with X + threadIdx.x
// (an unsigned sum), rewritten to (T)X + lane where the sum fits T; block
// 0's sums wrap (size_t: to small indices; int: past INT_MAX, to negative
// values), so it must keep the form as written. labelled: a user's label
// in the x loop, which cannot be written in two copies of it (the lowered
// program did not compile). The host reference counts mismatches (bad=).
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s line %d\n", cudaGetErrorString(e_), __LINE__); return 1; } } while (0)

#define T 16
#define GID blockIdx.x * blockDim.x + threadIdx.x

__global__ void tile(const float *m, float *out, int n, int off)
{
	__shared__ float t[T][T + 1];
	int row0 = off + blockIdx.y * T;
	int col0 = off + blockIdx.x * T;
	t[threadIdx.y][threadIdx.x] = m[(row0 + threadIdx.y) * n + col0 + threadIdx.x];
	__syncthreads();
	float s = 0;
	for (int i = 0; i < T; i++)
		s += t[threadIdx.y][i] * (float)(i + 1);
	out[(row0 + threadIdx.y) * n + col0 + threadIdx.x] = s + t[threadIdx.x][threadIdx.y];
}

__global__ void wrap(int *out, unsigned base, int n)
{
	if (base + blockIdx.x * blockDim.x + threadIdx.x < (unsigned)n)
		out[base + blockIdx.x * blockDim.x + threadIdx.x] = (int)(threadIdx.x * 3 + blockIdx.x);
}

__global__ void early(const int *in, int *out, int n)
{
	int b0 = blockIdx.x * blockDim.x;
	if (b0 + threadIdx.x >= (unsigned)n)
		return;
	out[b0 + threadIdx.x] = in[b0 + threadIdx.x] * 2 + 1;
}

__global__ void late(const int *in, int *out, int *flag)
{
	flag[blockIdx.x] = 1;
	int c0 = blockIdx.x * blockDim.x;
	out[c0 + threadIdx.x] = in[c0 + threadIdx.x] - 7;
}

__global__ void viamacro(int *out)
{
	out[GID] = (int)threadIdx.x + 1;
}

__global__ void locals(int *out, int *neg, unsigned base, unsigned ibase, int n)
{
	size_t i = base + blockIdx.x * blockDim.x + threadIdx.x;
	int j = ibase + blockIdx.x * blockDim.x + threadIdx.x;
	if (i < (size_t)n)
		out[i] = (int)threadIdx.x * 7 + (int)blockIdx.x;
	if (j < 0)
		atomicAdd(neg, 1);
}

__global__ void labelled(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		goto done;
	out[blockIdx.x * blockDim.x + threadIdx.x] = i * 2 + 1;
done:
	return;
}

int main()
{
	const int nb = 3, n = (nb + 1) * T, N = n * n;
	static float hm[N], ho[N], ref[N];
	for (int i = 0; i < N; i++)
		hm[i] = (float)((i * 29) % 17) - 5.0f;
	float *dm, *dout;
	CHECK(cudaMalloc(&dm, sizeof hm));
	CHECK(cudaMalloc(&dout, sizeof ho));
	CHECK(cudaMemcpy(dm, hm, sizeof hm, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dout, 0, sizeof ho));
	tile<<<dim3(nb, nb), dim3(T, T)>>>(dm, dout, n, T / 2);
	CHECK(cudaMemcpy(ho, dout, sizeof ho, cudaMemcpyDeviceToHost));
	for (int i = 0; i < N; i++)
		ref[i] = 0;
	for (int by = 0; by < nb; by++)
		for (int bx = 0; bx < nb; bx++)
			for (int y = 0; y < T; y++)
				for (int x = 0; x < T; x++) {
					int r = T / 2 + by * T, c = T / 2 + bx * T;
					float s = 0;
					for (int i = 0; i < T; i++)
						s += hm[(r + y) * n + c + i] * (float)(i + 1);
					ref[(r + y) * n + c + x] = s + hm[(r + x) * n + c + y];
				}
	int bad = 0;
	double tsum = 0;
	for (int i = 0; i < N; i++) {
		bad += ho[i] != ref[i];
		tsum += ho[i];
	}

	const int nw = 4 * 64;
	static int hw[nw], hin[nw], hout[nw], hflag[4];
	int *dw, *din, *dflag;
	CHECK(cudaMalloc(&dw, sizeof hw));
	CHECK(cudaMalloc(&din, sizeof hin));
	CHECK(cudaMalloc(&dflag, sizeof hflag));
	CHECK(cudaMemset(dw, 0, sizeof hw));
	wrap<<<4, 64>>>(dw, 0u - 16u, nw);
	CHECK(cudaMemcpy(hw, dw, sizeof hw, cudaMemcpyDeviceToHost));
	long wsum = 0;
	for (int i = 0; i < nw; i++) {
		int g = i + 16, want = g < 4 * 64 ? (g % 64) * 3 + g / 64 : 0;
		bad += hw[i] != want;
		wsum += hw[i];
	}

	for (int i = 0; i < nw; i++)
		hin[i] = i * 7 - 100;
	CHECK(cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dw, 0, sizeof hw));
	early<<<5, 64>>>(din, dw, nw - 10);
	CHECK(cudaMemcpy(hout, dw, sizeof hout, cudaMemcpyDeviceToHost));
	long esum = 0;
	for (int i = 0; i < nw; i++) {
		bad += hout[i] != (i < nw - 10 ? hin[i] * 2 + 1 : 0);
		esum += hout[i];
	}
	late<<<4, 64>>>(din, dw, dflag);
	CHECK(cudaMemcpy(hout, dw, sizeof hout, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hflag, dflag, sizeof hflag, cudaMemcpyDeviceToHost));
	long lsum = 0;
	for (int i = 0; i < nw; i++) {
		bad += hout[i] != hin[i] - 7;
		lsum += hout[i];
	}
	for (int i = 0; i < 4; i++)
		bad += hflag[i] != 1;
	viamacro<<<4, 64>>>(dw);
	CHECK(cudaMemcpy(hout, dw, sizeof hout, cudaMemcpyDeviceToHost));
	long msum = 0;
	for (int i = 0; i < nw; i++) {
		bad += hout[i] != i % 64 + 1;
		msum += hout[i];
	}
	int *dneg, hneg;
	CHECK(cudaMalloc(&dneg, sizeof hneg));
	CHECK(cudaMemset(dneg, 0, sizeof hneg));
	CHECK(cudaMemset(dw, 0, sizeof hw));
	locals<<<4, 64>>>(dw, dneg, 0u - 16u, 0x7ffffff0u - 64u, nw);
	CHECK(cudaMemcpy(hout, dw, sizeof hout, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(&hneg, dneg, sizeof hneg, cudaMemcpyDeviceToHost));
	long osum = 0;
	for (int i = 0; i < nw; i++) {
		int g = i + 16, want = g < 4 * 64 ? (g % 64) * 7 + g / 64 : 0;
		bad += hout[i] != want;
		osum += hout[i];
	}
	bad += hneg != 4 * 64 - 64 - 16; /* j = 0x7fffffb0 + t: t >= 80 passes INT_MAX */
	CHECK(cudaMemset(dw, 0, sizeof hw));
	labelled<<<4, 64>>>(dw, nw - 5);
	CHECK(cudaMemcpy(hout, dw, sizeof hout, cudaMemcpyDeviceToHost));
	long gsum = 0;
	for (int i = 0; i < nw; i++) {
		bad += hout[i] != (i < nw - 5 ? i * 2 + 1 : 0);
		gsum += hout[i];
	}
	printf("RESULT tile=%.1f wrap=%ld early=%ld late=%ld macro=%ld locals=%ld neg=%d label=%ld bad=%d\n", tsum, wsum,
	       esum, lsum, msum, osum, hneg, gsum, bad);
	return 0;
}
