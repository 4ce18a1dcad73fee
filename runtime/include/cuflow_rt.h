/* cuflow_rt.h: the one header a program lowered by `cuflow --lower=openmp`
 * includes. It declares the CUDA runtime API (cuflow_cuda_api.h), the
 * launch interface below, and (in C++) the device-side helpers kernel code
 * calls (cuflow_device.h). Link with libcuflow-runtime:
 *     g++ -O2 -fopenmp OUT.cpp $(pkg-config --cflags --libs cuflow-runtime)
 *
 * ---- Launch interface (what the lowering targets) --------------------------
 *
 *   typedef struct { dim3 gridDim, blockDim, blockIdx; void *dynshm; } cuflow_block;
 *   typedef void (*cuflow_kernel)(const cuflow_block *b, void *args);
 *   cudaError_t cuflowLaunch(cuflow_kernel fn, const void *args, size_t argsize,
 *                            dim3 grid, dim3 block, size_t shmem, cudaStream_t stream);
 *
 * A kernel becomes one C++ function per block, `fn`, that runs all the
 * block's threads itself (thread loops; __syncthreads becomes loop fission).
 * cuflowLaunch
 *   - validates the configuration as CUDA does: a block of 0 or more than
 *     1024 threads, a block dimension over {1024, 1024, 64}, a grid dimension
 *     of 0 or over {2^31-1, 65535, 65535}, or dynamic shared memory over
 *     227 KiB: cudaErrorInvalidConfiguration (cudaErrorInvalidValue for the
 *     shared memory), recorded as the last error, and nothing runs; an
 *     unknown stream: cudaErrorInvalidResourceHandle; fn NULL:
 *     cudaErrorInvalidDeviceFunction;
 *   - copies argsize bytes of args (kernel arguments are passed by value:
 *     the caller may reuse its struct at once). All blocks of the launch see
 *     the same copy, 16-byte aligned: treat it as read-only (a kernel that
 *     assigns to a parameter must work on a per-thread local);
 *   - runs fn once per block of grid, with b->blockIdx set, x fastest, the
 *     blocks spread over OpenMP threads by affinity scheduling over the
 *     linearised block index (or `schedule(dynamic, grain)` where a grain
 *     is set; doc/runtime.md, Schedule);
 *   - b->dynshm points to shmem bytes (16-byte aligned, uninitialised) that
 *     belong to the block for its whole run: each OpenMP thread reuses one
 *     buffer for the blocks it runs one after another (NULL when shmem is 0);
 *   - eager mode (default): runs the grid before returning. Deferred mode
 *     (environment CUFLOW_DEFER=1): queues it on `stream`; it runs at the
 *     next synchronisation that covers it (doc/runtime.md).
 * Blocks must not wait for one another (as on a GPU, where that deadlocks).
 *
 * ---- Optional extras ---------------------------------------------------------
 *
 * cuflowRegisterKernel lets cudaLaunchKernel / cudaLaunchKernelExC /
 * cudaLaunchCooperativeKernel work: `key` is the address the program passes
 * as `func` (the lowered host stub of the kernel), `fn` its block function,
 * and the launch packs args[i] (sizes[i] bytes) at offsets[i] of an argsize
 * bytes struct. The runtime copies offsets and sizes.
 * cuflowRegisterSymbol(addr, size) tells the runtime that a lowered
 * __device__/__constant__ global lives at addr: cudaGetSymbolSize then
 * knows its size and cudaPointerGetAttributes calls it device memory.
 * Symbols need no registration for cudaMemcpyToSymbol/FromSymbol (a symbol
 * is its address; the copy is a memcpy at symbol + offset) or
 * cudaGetSymbolAddress.
 * cuflowSetGrain sets the blocks per OpenMP task of a dynamic schedule for
 * later launches (0: affinity scheduling) and returns the previous setting; cuflowDeferred says
 * whether deferred mode is on. cuflowRunEagerly turns it off before any work (a lowered program
 * calling thrust, whose algorithms do not wait for deferred launches) and returns 0.
 */
#ifndef CUFLOW_RT_H
#define CUFLOW_RT_H

#include "cuflow_cuda_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cuflow_block {
	dim3 gridDim, blockDim, blockIdx;
	void *dynshm;
	unsigned tlo, thi; /* the threads to run on x: all of them, [0, blockDim.x),
	                    * but for kernels launched with cuflowLaunchSplit */
} cuflow_block;

typedef void (*cuflow_kernel)(const cuflow_block *b, void *args);

cudaError_t cuflowLaunch(cuflow_kernel fn, const void *args, size_t argsize,
			 dim3 grid, dim3 block, size_t shmem, cudaStream_t stream);

/* The same for a kernel whose threads never meet (no barrier, warp
 * operation or __shared__ memory): a 1-D block may then run as several
 * ranges of threads [tlo, thi) on different OpenMP threads, where a grid
 * has too few blocks to keep them all busy. */
cudaError_t cuflowLaunchSplit(cuflow_kernel fn, const void *args, size_t argsize,
			      dim3 grid, dim3 block, size_t shmem, cudaStream_t stream);

/* Runs blocks [lo, hi) of a grid (by linearised index, x fastest) now, on
 * the calling thread's OpenMP team, outside any stream: the CPU's share of
 * a launch that `cuflow --lower=coexec` splits between the CPU and a GPU. */
void cuflowRunBlocks(cuflow_kernel fn, void *args, dim3 grid, dim3 block, size_t shmem, long long lo,
		     long long hi);

/* The dynamic shared memory (the launch's shmem bytes) of the block the
 * calling thread runs: what `extern __shared__` names in a __device__
 * function, which has no cuflow_block to read it from. */
void *cuflowDynShared(void);
/* A static __shared__ variable of a __device__ function (bytes of it, named
 * by the address of a key of its own): one per block, for the blocks the
 * calling thread runs. */
void *cuflowBlockShared(const void *key, size_t bytes);
void *cuflowScratch(int slot, size_t bytes); /* a block's per-thread copies of a local array (launch.c) */

/* What a cudaTextureObject_t / cudaSurfaceObject_t points to (device-side
 * fetches in cuflow_device.h read it): the descriptors as created, and the
 * resource resolved to a box of elements. */
typedef struct cuflow_texture {
	struct cudaResourceDesc res;
	struct cudaTextureDesc tex;
	struct cudaChannelFormatDesc desc; /* of one element */
	char *data;
	size_t elem;                       /* bytes per element */
	size_t width, height, depth;       /* in elements, 1 for unused dimensions */
	size_t pitch, slice;               /* bytes per row and per slice */
} cuflow_texture;

/* The shared-memory race check (CUFLOW_RACECHECK=1, runtime/racecheck.c):
 * a lowered kernel using __shared__ memory is also emitted instrumented,
 * and its launcher runs that form while cuflowRacecheck() says so. */
int cuflowRacecheck(void);
void cuflowRcBlock(const char *kernel, const char *file, dim3 block, dim3 blockdim); /* a block starts */
void cuflowRcLoop(void);                                                         /* a thread loop starts */
void cuflowRcSync(int warp);            /* a barrier: of the block (0) or of each warp (1) */
void cuflowRcAccess(const volatile void *p, int kind, int line, int pos, int tid); /* 'r', 'w', 'm' (both), 'a' */

cudaError_t cuflowRegisterKernel(const void *key, cuflow_kernel fn, size_t argsize,
				 unsigned nparams, const size_t *offsets,
				 const size_t *sizes);
cudaError_t cuflowRegisterSymbol(const void *addr, size_t size);
/* A barrier or warp operation that ran outside a lowered kernel's thread
 * loops (cuflow_lower.h): says so and aborts. */
__attribute__((noreturn)) void cuflowUnlowered(const char *what);
long cuflowSetGrain(long grain);
int cuflowDeferred(void);
int cuflowRunEagerly(void);

#ifdef __cplusplus
} /* extern "C" */

/* ---- gaps in cuflow_cuda_api.h (to move there) ---------------------------- */
/* The typed form of the real C++ API (the kernel passed as itself). */
template <class T>
static inline cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, T *func,
								    int numBlocks, int blockSize)
{
	return cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, (const void *)func, numBlocks,
							 blockSize);
}

#include "cuflow_device.h"
#endif

#endif /* CUFLOW_RT_H */
