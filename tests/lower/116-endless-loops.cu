// Loops holding a barrier or warp operation that only a break or a return
// ends (a hunt found them): `for (;;)` and `for (i = 0; ; i++)`, run per
// thread (the loop ends when every thread broke out: it spun forever) or
// for the whole block (`for (int i = 0; ; i++)` printed `for (i = 0; ; ;
// i++)`), and loops left by a return of every thread (they spun, or read
// past the end of the memory their condition tests).
#include <cstdio>

__global__ void barrierbreak(int *o)
{
	int t = threadIdx.x, i = 0;
	for (;;) {
		__syncthreads();
		if (i > 2)
			break;
		i++;
	}
	o[t] = i;
}

__global__ void warpbreak(int *o)
{
	int t = threadIdx.x, wid = t >> 5, acc = 0;
	for (int i = 0;; i++) {
		if (i > wid + 1)
			break;
		acc += __shfl_xor_sync(0xffffffffu, t, 1);
	}
	o[t] = acc;
}

__global__ void blockbreak(int *o, int n)
{
	int acc = 0;
	for (int i = 0;; i++) {
		if (i > n)
			break;
		__syncthreads();
		acc += i;
	}
	o[threadIdx.x] = acc;
}

__global__ void blockreturn(int *o, int n)
{
	__shared__ int s[64];
	int t = threadIdx.x, acc = 0;
	for (int i = 0;; i++) {
		s[t] = t + i;
		__syncthreads();
		acc += s[(t + 1) % 64];
		__syncthreads();
		if (i >= n) {
			o[t] = acc;
			return;
		}
	}
}

__global__ void warpreturn(int *o)
{
	int t = threadIdx.x, i = 0;
	for (;;) {
		__syncwarp(__activemask());
		if (i >= t % 4) {
			o[t] = i;
			return;
		}
		i++;
	}
}

__global__ void condreturn(int *o, const int *a)
{
	int t = threadIdx.x;
	for (int i = 0; a[i] >= 0; i++) { /* a has 3 elements: the return ends the loop first */
		__syncthreads();
		if (i == 2) {
			o[t] = i + t;
			return;
		}
	}
	o[t] = -1;
}

int main()
{
	int *d, *a, h[6][64], ha[3] = {1, 1, 1};
	cudaMalloc(&d, 6 * 64 * sizeof(int));
	cudaMalloc(&a, sizeof ha);
	cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
	barrierbreak<<<1, 64>>>(d);
	warpbreak<<<1, 64>>>(d + 64);
	blockbreak<<<1, 64>>>(d + 128, 3);
	blockreturn<<<1, 64>>>(d + 192, 3);
	warpreturn<<<1, 64>>>(d + 256);
	condreturn<<<1, 64>>>(d + 320, a);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	int bad = 0;
	long sum = 0;
	for (int t = 0; t < 64; t++) {
		int e = 0;
		for (int i = 0; i <= 3; i++)
			e += (t + 1) % 64 + i;
		bad += (h[0][t] != 3) + (h[1][t] != ((t >> 5) + 2) * (t ^ 1)) + (h[2][t] != 6) + (h[3][t] != e) +
		       (h[4][t] != t % 4) + (h[5][t] != 2 + t);
		for (int k = 0; k < 6; k++)
			sum += h[k][t];
	}
	printf("RESULT sum=%ld bad=%d\n", sum, bad);
	cudaFree(d);
	cudaFree(a);
	return 0;
}
