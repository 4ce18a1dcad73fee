// trace.cu: runtime/tests/trace_prog.c as a CUDA program, for tests/gpu/trace:
// the same transfers in the same order, a real kernel, a __device__ symbol.
// Under libcuflow-trace.so on a GPU, and lowered onto the CPU runtime, its
// CUFLOW_TRACE must be the line runtime/tests/trace.test expects.
#include <cstdio>
#include <cstdlib>

#define N 1024

#define CHECK(call) \
	do { \
		if ((call) != cudaSuccess) { \
			fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #call); \
			exit(1); \
		} \
	} while (0)

__device__ int sym[16];

__global__ void twice(int *p, int n)
{
	for (int i = 0; i < n; i++)
		p[i] *= 2;
}

int main()
{
	const size_t bytes = N * sizeof(int);
	int *h = (int *)malloc(bytes), *h2 = (int *)calloc(N, sizeof(int)), *h3 = (int *)calloc(16, sizeof(int));
	int *zeros = (int *)calloc(N, sizeof(int));
	int *d, *e, *pin, *m;
	if (!h || !h2 || !h3 || !zeros)
		return 1;
	for (int i = 0; i < N; i++)
		h[i] = i;
	CHECK(cudaMalloc((void **)&d, bytes));
	CHECK(cudaMalloc((void **)&e, bytes));
	CHECK(cudaMallocHost((void **)&pin, bytes));
	CHECK(cudaMallocManaged((void **)&m, 256, cudaMemAttachGlobal));
	CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));     // redundant
	CHECK(cudaMemcpy(e, d, bytes, cudaMemcpyDeviceToDevice));
	CHECK(cudaMemcpy(e, d, bytes, cudaMemcpyDefault));          // redundant
	CHECK(cudaMemcpy(h2, e, bytes, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h2, e, bytes, cudaMemcpyDeviceToHost));    // redundant
	twice<<<1, 1>>>(d, N);                                      // d unknown
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(e, d, bytes, cudaMemcpyDeviceToDevice));   // payload unknown
	CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(e, 0, bytes));
	CHECK(cudaMemset(e, 0, bytes));                             // redundant
	CHECK(cudaMemcpy(e, zeros, bytes, cudaMemcpyHostToDevice)); // redundant: zeros
	CHECK(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));     // redundant: h holds it
	CHECK(cudaMemcpy2D(d, 64, h, 64, 32, 8, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy2D(d, 64, h, 64, 32, 8, cudaMemcpyHostToDevice)); // redundant
	CHECK(cudaMemcpyToSymbol(sym, h, 64, 0, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpyToSymbol(sym, h, 64, 0, cudaMemcpyHostToDevice)); // redundant
	CHECK(cudaMemcpyFromSymbol(h3, sym, 64, 0, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h2, h, 16, cudaMemcpyHostToHost));         // a call only
	CHECK(cudaMemcpy(d, h, 0, cudaMemcpyHostToDevice));         // a call only
	CHECK(cudaMemcpyAsync(e, h, bytes, cudaMemcpyHostToDevice, 0));
	CHECK(cudaStreamSynchronize(0));
	CHECK(cudaMemset(m, 7, 256));
	CHECK(cudaFree(e));                                         // e unknown
	CHECK(cudaMalloc((void **)&e, bytes));
	CHECK(cudaMemcpy(e, zeros, bytes, cudaMemcpyHostToDevice));
	CHECK(cudaDeviceSynchronize());
	int ok = h3[1] == 1 && h[N - 1] == N - 1 && h2[N - 1] == N - 1;
	printf("RESULT %s\n", ok ? "ok" : "wrong");
	CHECK(cudaFree(d));
	CHECK(cudaFree(e));
	CHECK(cudaFreeHost(pin));
	CHECK(cudaFree(m));
	free(h);
	free(h2);
	free(h3);
	free(zeros);
	return !ok;
}
