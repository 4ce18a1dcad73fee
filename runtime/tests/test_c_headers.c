/* test_c_headers.c: the runtime's public headers serve C files of a lowered
 * program (a benchmark's harness written in C): every one of them compiles
 * with a C compiler, and the runtime API works from C. */
#include <stdio.h>
#include <stdlib.h>

#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <device_functions.h>
#include <device_launch_parameters.h>
#include <vector_types.h>

#define CHECK(cond) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
			exit(1); \
		} \
	} while (0)

int
main(void)
{
	int host[64], back[64];
	for (int i = 0; i < 64; i++)
		host[i] = i * 3 - 7;
	int *dev = NULL;
	CHECK(cudaMalloc((void **)&dev, sizeof host) == cudaSuccess);
	CHECK(cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice) == cudaSuccess);
	CHECK(cudaMemset(dev + 32, 0, 32 * sizeof *dev) == cudaSuccess);
	CHECK(cudaMemcpy(back, dev, sizeof back, cudaMemcpyDeviceToHost) == cudaSuccess);
	for (int i = 0; i < 64; i++)
		CHECK(back[i] == (i < 32 ? i * 3 - 7 : 0));
	CHECK(cudaFree(dev) == cudaSuccess);
	dim3 d = {2, 3, 4};
	CHECK(d.x * d.y * d.z == 24);
	CHECK(cudaGetLastError() == cudaSuccess);
	puts("PASS test_c_headers");
	return 0;
}
