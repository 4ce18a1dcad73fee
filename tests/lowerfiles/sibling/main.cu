// tests/lowerfiles.test: a helper in a header the kernel's own file does
// not include, included before it by the file including both
// (redefine.cu: a macro it names defined again in between, refused).
#include <cstdio>
#include "shuffle.cuh"
#include "kern.cuh"

int main()
{
	const int nb = 3, n = nb * SPAN;
	int h[n], o[n], *din, *dout;
	for (int i = 0; i < n; i++)
		h[i] = (i * 37) % 101;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	turn<<<nb, SPAN>>>(din, dout);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	int bad = 0, sum = 0;
	for (int i = 0; i < n; i++) {
		int b = i / SPAN, t = i % SPAN;
		bad += o[i] != h[b * SPAN + (t + 2) % SPAN];
		sum += o[i] * (t + 1);
	}
	printf("RESULT sum=%d bad=%d\n", sum, bad);
	return 0;
}
