/* test_device.cpp: the CPU device's properties and attributes (realistic
 * and consistent with each other), versions, selection, limits, cache and
 * shared-memory configuration, peers, memory pools, function attributes and
 * the occupancy calculator (including the header's template helpers). */
#include <omp.h>
#include <string.h>

#include "check.h"

static void dummy_block(const cuflow_block *, void *) {}
static void dummy_kernel(int) {} /* stands for a kernel's host-side name */

static void test_properties(void)
{
	int n;
	CHECK_CUDA(cudaGetDeviceCount(&n));
	CHECK_EQ(n, 1);
	cudaDeviceProp p;
	CHECK_CUDA(cudaGetDeviceProperties(&p, 0));
	char want[64];
	snprintf(want, sizeof want, "cuflow CPU (%d threads)", omp_get_max_threads());
	CHECK(strcmp(p.name, want) == 0);
	CHECK(p.totalGlobalMem > ((size_t)256 << 20));
	CHECK_EQ(p.sharedMemPerBlock, 48 * 1024);
	CHECK(p.sharedMemPerBlockOptin >= p.sharedMemPerBlock);
	CHECK_EQ(p.warpSize, 32);
	CHECK_EQ(p.maxThreadsPerBlock, 1024);
	CHECK(p.maxThreadsDim[0] == 1024 && p.maxThreadsDim[1] == 1024 && p.maxThreadsDim[2] == 64);
	CHECK(p.maxGridSize[0] == 2147483647 && p.maxGridSize[1] == 65535 && p.maxGridSize[2] == 65535);
	CHECK(p.major == 9 && p.minor == 0);
	CHECK_EQ(p.multiProcessorCount, omp_get_max_threads());
	CHECK(p.clockRate > 100000);           /* kHz */
	CHECK(p.memoryClockRate > 0 && p.memoryBusWidth > 0 && p.l2CacheSize > 0);
	CHECK(p.regsPerBlock > 0 && p.totalConstMem == 65536 && p.memPitch > 0);
	CHECK(p.concurrentKernels == 1 && p.managedMemory == 1 && p.concurrentManagedAccess == 1);
	CHECK(p.unifiedAddressing == 1 && p.canMapHostMemory == 1 && p.deviceOverlap == 1);
	CHECK(p.maxThreadsPerMultiProcessor == 2048 && p.asyncEngineCount > 0);

	int v;
	CHECK_CUDA(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0));
	CHECK_EQ(v, p.multiProcessorCount);
	CHECK_CUDA(cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, 0));
	CHECK_EQ(v, 9);
	CHECK_CUDA(cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlock, 0));
	CHECK_EQ(v, p.sharedMemPerBlock);
	CHECK_CUDA(cudaDeviceGetAttribute(&v, cudaDevAttrMaxGridDimY, 0));
	CHECK_EQ(v, 65535);
	CHECK_CUDA(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 0));
	CHECK_EQ(v, 32);
	CHECK_CUDA(cudaDeviceGetAttribute(&v, cudaDevAttrClockRate, 0));
	CHECK_EQ(v, p.clockRate);
	CHECK_CUDA(cudaDeviceGetAttribute(&v, cudaDevAttrConcurrentManagedAccess, 0));
	CHECK_EQ(v, 1);
	CHECK_EQ(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 1), cudaErrorInvalidDevice);
	CHECK_EQ(cudaDeviceGetAttribute(&v, (cudaDeviceAttr)9999, 0), cudaErrorInvalidValue);
	cudaGetLastError();
}

static void test_versions_and_config(void)
{
	int v;
	CHECK_CUDA(cudaRuntimeGetVersion(&v));
	CHECK_EQ(v, 13000);
	CHECK_CUDA(cudaDriverGetVersion(&v));
	CHECK_EQ(v, 13000);
	CHECK_CUDA(cudaSetDevice(0));
	CHECK_CUDA(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
	unsigned f;
	CHECK_CUDA(cudaGetDeviceFlags(&f));
	CHECK(f & cudaDeviceScheduleBlockingSync);
	size_t lim;
	CHECK_CUDA(cudaDeviceSetLimit(cudaLimitMallocHeapSize, (size_t)64 << 20));
	CHECK_CUDA(cudaDeviceGetLimit(&lim, cudaLimitMallocHeapSize));
	CHECK_EQ(lim, (size_t)64 << 20);
	CHECK_CUDA(cudaThreadGetLimit(&lim, cudaLimitStackSize));
	CHECK(lim > 0);
	CHECK_CUDA(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1));
	cudaFuncCache c;
	CHECK_CUDA(cudaDeviceGetCacheConfig(&c));
	CHECK(c == cudaFuncCachePreferL1);
	CHECK_CUDA(cudaThreadSetCacheConfig(cudaFuncCachePreferNone));
	CHECK_CUDA(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte));
	char bus[32];
	CHECK_CUDA(cudaDeviceGetPCIBusId(bus, sizeof bus, 0));
	int dev = -1;
	CHECK_CUDA(cudaDeviceGetByPCIBusId(&dev, bus));
	CHECK_EQ(dev, 0);
	int can = 1;
	CHECK_CUDA(cudaDeviceCanAccessPeer(&can, 0, 0));
	CHECK_EQ(can, 0);
	CHECK_EQ(cudaDeviceEnablePeerAccess(1, 0), cudaErrorInvalidDevice);
	cudaMemPool_t pool;
	CHECK_CUDA(cudaDeviceGetDefaultMemPool(&pool, 0));
	unsigned long long thr = 1 << 20, got = 0;
	CHECK_CUDA(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &thr));
	CHECK_CUDA(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &got));
	CHECK_EQ(got, thr);
	void *p;
	CHECK_CUDA(cudaMallocAsync(&p, 100, 0));
	CHECK_CUDA(cudaFreeAsync(p, 0));
	CHECK_CUDA(cudaDeviceSynchronize());
	CHECK_CUDA(cudaThreadSynchronize());
	CHECK_CUDA(cudaProfilerStart());
	CHECK_CUDA(cudaProfilerStop());
	cudaGetLastError();
}

static void test_functions(void)
{
	cudaFuncAttributes fa;
	CHECK_CUDA(cudaFuncGetAttributes(&fa, dummy_kernel));
	CHECK(fa.maxThreadsPerBlock == 1024 && fa.numRegs > 0 && fa.maxDynamicSharedSizeBytes > 0);
	CHECK_CUDA(cudaFuncSetAttribute(dummy_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024));
	CHECK_EQ(cudaFuncSetAttribute(dummy_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 1 << 30),
		 cudaErrorInvalidValue);
	CHECK_CUDA(cudaFuncSetCacheConfig(dummy_kernel, cudaFuncCachePreferShared));
	int nb;
	CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, dummy_kernel, 256, 0));
	CHECK_EQ(nb, 8);
	CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, dummy_kernel, 32, 0));
	CHECK_EQ(nb, 32);
	CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, dummy_kernel, 128, 100 * 1024));
	CHECK_EQ(nb, 2);
	int grid, block;
	CHECK_CUDA(cudaOccupancyMaxPotentialBlockSize(&grid, &block, dummy_kernel, 0, 0));
	CHECK(block > 0 && block <= 1024 && block % 32 == 0 && grid > 0);
	size_t smem;
	CHECK_CUDA(cudaOccupancyAvailableDynamicSMemPerBlock(&smem, dummy_kernel, 2, 256));
	CHECK(smem > 48 * 1024);
	(void)dummy_block;
	cudaGetLastError();
}

int main(void)
{
	test_properties();
	test_versions_and_config();
	test_functions();
	printf("PASS test_device\n");
	return 0;
}
