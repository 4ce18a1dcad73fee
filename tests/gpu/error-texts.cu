// The CUDA runtime's name and text of every error code it knows, one
// "code<TAB>name<TAB>text" line each, and the two for a code it does not
// know (9999): runtime/error.c's table takes its texts from this output
// (doc/results/error-texts.txt), so a lowered program that prints
// cudaGetErrorString(e) prints what it prints on the GPU.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

int main()
{
	const char *noname = cudaGetErrorName((cudaError_t)9999), *notext = cudaGetErrorString((cudaError_t)9999);
	for (int c = 0; c < 1100; c++) {
		const char *n = cudaGetErrorName((cudaError_t)c), *t = cudaGetErrorString((cudaError_t)c);
		if (strcmp(n, noname))
			printf("%d\t%s\t%s\n", c, n, t);
	}
	printf("9999\t%s\t%s\n", noname, notext);
	return 0;
}
