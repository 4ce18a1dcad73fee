// 27-fission: thread loops split after an inner loop (fission without a
// barrier). Values the loop computes cross into the next thread loop: a
// sum and a maximum, the loop counter itself (read after the loop, left by
// a break), a local array the loop fills, a while loop's state; the store
// behind the loop goes through a 32-bit unsigned index (as lud's). Cases
// that must not be split: a return before the loop, a loop under an if.
// A wrong split loses or mixes per-thread values; the host reference
// counts mismatches (bad=).
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s line %d\n", cudaGetErrorString(e_), __LINE__); return 1; } } while (0)

#define B 32
#define W 16

__global__ void dots(const float *a, float *out, int n)
{
	__shared__ float row[W][B];
	row[threadIdx.y][threadIdx.x] = a[(blockIdx.x * W + threadIdx.y) * B + threadIdx.x];
	__syncthreads();
	float sum = 0, big = -1e30f;
	int i;
	for (i = 0; i < W; i++) {
		float v = row[i][threadIdx.x] * (float)(threadIdx.y + 1);
		sum += v;
		big = v > big ? v : big;
		if (v > 1000.0f)
			break;
	}
	int cut[4] = {0, 0, 0, 0};
	for (int j = 0; j < 4; j++)
		cut[j] = (int)sum % (j + 2);
	int k = 0;
	while (k < 3 && cut[k] == 0)
		k++;
	out[(blockIdx.x * W + threadIdx.y) * B + threadIdx.x] = sum + big + (float)(i * 100 + k * 10 + cut[3]);
}

// Not split: a return before the loop; a loop under a non-uniform if.
__global__ void guarded(const float *a, float *out, int n)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	if (t >= n)
		return;
	float s = 0;
	for (int j = 0; j < 8; j++)
		s += a[(t + j) % n];
	if (t % 2) {
		for (int j = 0; j < 3; j++)
			s *= 0.5f;
		s += 1.0f;
	}
	out[t] = s;
}

int main()
{
	const int nb = 4, N = nb * W * B;
	static float ha[N], ho[N], ref[N];
	for (int i = 0; i < N; i++)
		ha[i] = (float)((i * 37) % 23) - 4.0f;
	float *da, *dout;
	CHECK(cudaMalloc(&da, sizeof ha));
	CHECK(cudaMalloc(&dout, sizeof ho));
	CHECK(cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice));
	dots<<<nb, dim3(B, W)>>>(da, dout, N);
	CHECK(cudaMemcpy(ho, dout, sizeof ho, cudaMemcpyDeviceToHost));
	for (int b = 0; b < nb; b++)
		for (int y = 0; y < W; y++)
			for (int x = 0; x < B; x++) {
				float sum = 0, big = -1e30f;
				int i;
				for (i = 0; i < W; i++) {
					float v = ha[(b * W + i) * B + x] * (float)(y + 1);
					sum += v;
					big = v > big ? v : big;
					if (v > 1000.0f)
						break;
				}
				int cut[4];
				for (int j = 0; j < 4; j++)
					cut[j] = (int)sum % (j + 2);
				int k = 0;
				while (k < 3 && cut[k] == 0)
					k++;
				ref[(b * W + y) * B + x] = sum + big + (float)(i * 100 + k * 10 + cut[3]);
			}
	int bad = 0;
	double s1 = 0, s2 = 0;
	for (int i = 0; i < N; i++) {
		bad += ho[i] != ref[i];
		s1 += ho[i];
	}
	const int n2 = 1000;
	guarded<<<(n2 + 127) / 128, 128>>>(da, dout, n2);
	CHECK(cudaMemcpy(ho, dout, n2 * sizeof(float), cudaMemcpyDeviceToHost));
	for (int t = 0; t < n2; t++) {
		float s = 0;
		for (int j = 0; j < 8; j++)
			s += ha[(t + j) % n2];
		if (t % 2) {
			for (int j = 0; j < 3; j++)
				s *= 0.5f;
			s += 1.0f;
		}
		bad += ho[t] != s;
		s2 += ho[t];
	}
	printf("RESULT dots=%.1f guarded=%.1f bad=%d\n", s1, s2, bad);
	return 0;
}
