/* fakecudart.c: libfakecudart.so, a stand-in for the CUDA runtime's shared
 * library, so that make check can run libcuflow-trace.so the way it runs on
 * a GPU (preloaded in front of a libcudart it forwards to) on a machine
 * without one. It has the entry points trace_prog.c calls, on host memory:
 * "device" memory is malloc'd, copies are memcpy, a launch calls the
 * kernel's address as a function of the argument array. Nothing else of
 * the runtime (no streams, no errors beyond success). */
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>

cudaError_t cudaMalloc(void **p, size_t n)
{
	*p = calloc(1, n);
	return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}

cudaError_t cudaMallocHost(void **p, size_t n)
{
	return cudaMalloc(p, n);
}

cudaError_t cudaMallocManaged(void **p, size_t n, unsigned flags)
{
	(void)flags;
	return cudaMalloc(p, n);
}

cudaError_t cudaFree(void *p)
{
	free(p);
	return cudaSuccess;
}

cudaError_t cudaFreeHost(void *p)
{
	free(p);
	return cudaSuccess;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind)
{
	(void)kind;
	memmove(dst, src, n);
	return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind, cudaStream_t s)
{
	(void)s;
	return cudaMemcpy(dst, src, n, kind);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t w, size_t h,
			 enum cudaMemcpyKind kind)
{
	(void)kind;
	for (size_t y = 0; y < h; y++)
		memmove((char *)dst + y * dpitch, (const char *)src + y * spitch, w);
	return cudaSuccess;
}

cudaError_t cudaMemset(void *p, int v, size_t n)
{
	memset(p, v, n);
	return cudaSuccess;
}

cudaError_t cudaGetSymbolAddress(void **p, const void *sym)
{
	*p = (void *)sym;
	return cudaSuccess;
}

cudaError_t cudaMemcpyToSymbol(const void *sym, const void *src, size_t n, size_t off, enum cudaMemcpyKind kind)
{
	return cudaMemcpy((char *)sym + off, src, n, kind);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *sym, size_t n, size_t off, enum cudaMemcpyKind kind)
{
	return cudaMemcpy(dst, (const char *)sym + off, n, kind);
}

cudaError_t cudaLaunchKernel(const void *fn, dim3 g, dim3 b, void **args, size_t shmem, cudaStream_t s)
{
	(void)g;
	(void)b;
	(void)shmem;
	(void)s;
	((void (*)(void **))fn)(args);
	return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t s)
{
	(void)s;
	return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void)
{
	return cudaSuccess;
}
