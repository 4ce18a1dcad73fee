/* device.c: the one CPU "device": its properties and attributes, device
 * selection and flags, synchronisation and reset, limits and cache
 * configuration, peer access, memory pools, versions, the profiler.
 *
 * The properties describe a modern GPU-shaped device (compute capability
 * 9.0, 1024 threads per block, 48 KiB of shared memory per block, warps of
 * 32) whose multiprocessors are the OpenMP threads and whose memory is the
 * host's: totalGlobalMem is physical memory, clockRate the CPU's clock.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "rt_internal.h"

size_t rt_phys_mem(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	return pages > 0 && size > 0 ? (size_t)pages * (size_t)size : (size_t)8 << 30;
}

size_t rt_avail_mem(void)
{
	long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	return pages > 0 && size > 0 ? (size_t)pages * (size_t)size : rt_phys_mem() / 2;
}

/* The CPU clock in kHz: cpufreq's maximum, else /proc/cpuinfo, else 2 GHz. */
static int cpu_khz(void)
{
	long khz = 0;
	double mhz = 0;
	char line[256];
	FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r");
	if (f) {
		if (fscanf(f, "%ld", &khz) != 1)
			khz = 0;
		fclose(f);
	}
	if (khz > 0)
		return (int)khz;
	f = fopen("/proc/cpuinfo", "r");
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "cpu MHz : %lf", &mhz) == 1 || sscanf(line, "cpu MHz\t: %lf", &mhz) == 1)
			break;
	if (f)
		fclose(f);
	return mhz > 0 ? (int)(mhz * 1000) : 2000000;
}

static int cache_bytes(void)
{
	long c = sysconf(_SC_LEVEL3_CACHE_SIZE);
	if (c <= 0)
		c = sysconf(_SC_LEVEL2_CACHE_SIZE);
	return c > 0 && c < (1L << 30) ? (int)c : 4 << 20;
}

static cudaError_t check_device(int device)
{
	return device == 0 ? cudaSuccess : rt_err(cudaErrorInvalidDevice);
}

static void fill_limits(struct cudaDeviceProp *p)
{
	p->maxThreadsPerBlock = 1024;
	p->maxThreadsDim[0] = 1024;
	p->maxThreadsDim[1] = 1024;
	p->maxThreadsDim[2] = 64;
	p->maxGridSize[0] = 0x7fffffff;
	p->maxGridSize[1] = 65535;
	p->maxGridSize[2] = 65535;
	p->sharedMemPerBlock = RT_SHMEM_DEFAULT;
	p->sharedMemPerBlockOptin = RT_SHMEM_OPTIN;
	p->sharedMemPerMultiprocessor = (size_t)228 * 1024;
	p->reservedSharedMemPerBlock = 1024;
	p->regsPerBlock = 65536;
	p->regsPerMultiprocessor = 65536;
	p->warpSize = 32;
	p->memPitch = 0x7fffffff;
	p->totalConstMem = 65536;
	p->maxThreadsPerMultiProcessor = 2048;
	p->maxBlocksPerMultiProcessor = 32;
}

static void fill_textures(struct cudaDeviceProp *p)
{
	p->textureAlignment = 512;
	p->texturePitchAlignment = 32;
	p->surfaceAlignment = 512;
	p->maxTexture1D = p->maxTexture1DMipmap = 131072;
	p->maxTexture1DLinear = 1 << 27;
	p->maxTexture2D[0] = 131072;
	p->maxTexture2D[1] = 65536;
	p->maxTexture2DMipmap[0] = p->maxTexture2DMipmap[1] = 32768;
	p->maxTexture2DLinear[0] = p->maxTexture2DLinear[1] = 131072;
	p->maxTexture2DLinear[2] = 2097120;
	p->maxTexture2DGather[0] = p->maxTexture2DGather[1] = 32768;
	for (int i = 0; i < 3; i++) {
		p->maxTexture3D[i] = 16384;
		p->maxSurface3D[i] = 16384;
	}
	p->maxTexture3DAlt[0] = p->maxTexture3DAlt[1] = 8192;
	p->maxTexture3DAlt[2] = 32768;
	p->maxTextureCubemap = p->maxSurfaceCubemap = 32768;
	p->maxTexture1DLayered[0] = p->maxSurface1DLayered[0] = 32768;
	p->maxTexture1DLayered[1] = p->maxSurface1DLayered[1] = 2048;
	p->maxTexture2DLayered[0] = p->maxTexture2DLayered[1] = 32768;
	p->maxTexture2DLayered[2] = 2048;
	p->maxSurface2DLayered[0] = p->maxSurface2DLayered[1] = 32768;
	p->maxSurface2DLayered[2] = 2048;
	p->maxTextureCubemapLayered[0] = p->maxSurfaceCubemapLayered[0] = 32768;
	p->maxTextureCubemapLayered[1] = p->maxSurfaceCubemapLayered[1] = 2046;
	p->maxSurface1D = 32768;
	p->maxSurface2D[0] = 131072;
	p->maxSurface2D[1] = 65536;
}

static void fill_features(struct cudaDeviceProp *p)
{
	p->major = 9;
	p->minor = 0;
	p->deviceOverlap = 1;
	p->asyncEngineCount = 2;
	p->concurrentKernels = 1;
	p->canMapHostMemory = 1;
	p->unifiedAddressing = 1;
	p->managedMemory = 1;
	p->concurrentManagedAccess = 1;
	p->pageableMemoryAccess = 1;
	p->pageableMemoryAccessUsesHostPageTables = 1;
	p->directManagedMemAccessFromHost = 1;
	p->hostNativeAtomicSupported = 1;
	p->canUseHostPointerForRegisteredMem = 1;
	p->hostRegisterSupported = 1;
	p->hostRegisterReadOnlySupported = 1;
	p->memoryPoolsSupported = 1;
	p->memoryPoolSupportedHandleTypes = 0;
	p->streamPrioritiesSupported = 1;
	p->globalL1CacheSupported = 1;
	p->localL1CacheSupported = 1;
	p->computePreemptionSupported = 1;
	p->singleToDoublePrecisionPerfRatio = 2;
	p->deviceNumaId = -1;
	p->hostNumaId = -1;
	/* Not supported: a lowered kernel cannot synchronise its grid or form
	 * clusters, so programs should take their paths without them. */
	p->cooperativeLaunch = 0;
	p->cooperativeMultiDeviceLaunch = 0;
	p->clusterLaunch = 0;
}

static void fill_props(struct cuflow_rt *r, struct cudaDeviceProp *p)
{
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "cuflow CPU (%d threads)", r->nthreads);
	memcpy(p->uuid.bytes, "cuflow-cpu-dev-0", 16);
	p->totalGlobalMem = rt_phys_mem();
	p->multiProcessorCount = r->nthreads;
	p->clockRate = cpu_khz();
	p->memoryClockRate = 1600000; /* DDR4-3200: 1.6 GHz, 2 transfers a clock */
	p->memoryBusWidth = 128;      /* two 64-bit channels */
	p->l2CacheSize = cache_bytes();
	fill_limits(p);
	fill_textures(p);
	fill_features(p);
}

/* Computed once (the thread count is OpenMP's at the first API call). */
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int device)
{
	if (!p)
		return rt_err(cudaErrorInvalidValue);
	if (check_device(device) != cudaSuccess)
		return cudaErrorInvalidDevice;
	struct cuflow_rt *r = rt();
	rt_lock();
	if (!r->props_ready) {
		fill_props(r, &r->props);
		r->props_ready = 1;
	}
	*p = r->props;
	rt_unlock();
	return cudaSuccess;
}

/* ---- cudaDeviceGetAttribute --------------------------------------------------- */

static int attr_limits(enum cudaDeviceAttr a, const struct cudaDeviceProp *p, int *v)
{
	switch (a) {
	case cudaDevAttrMaxThreadsPerBlock: *v = p->maxThreadsPerBlock; return 1;
	case cudaDevAttrMaxBlockDimX: *v = p->maxThreadsDim[0]; return 1;
	case cudaDevAttrMaxBlockDimY: *v = p->maxThreadsDim[1]; return 1;
	case cudaDevAttrMaxBlockDimZ: *v = p->maxThreadsDim[2]; return 1;
	case cudaDevAttrMaxGridDimX: *v = p->maxGridSize[0]; return 1;
	case cudaDevAttrMaxGridDimY: *v = p->maxGridSize[1]; return 1;
	case cudaDevAttrMaxGridDimZ: *v = p->maxGridSize[2]; return 1;
	case cudaDevAttrMaxSharedMemoryPerBlock: *v = (int)p->sharedMemPerBlock; return 1;
	case cudaDevAttrMaxSharedMemoryPerBlockOptin: *v = (int)p->sharedMemPerBlockOptin; return 1;
	case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *v = (int)p->sharedMemPerMultiprocessor; return 1;
	case cudaDevAttrReservedSharedMemoryPerBlock: *v = (int)p->reservedSharedMemPerBlock; return 1;
	case cudaDevAttrTotalConstantMemory: *v = (int)p->totalConstMem; return 1;
	case cudaDevAttrWarpSize: *v = p->warpSize; return 1;
	case cudaDevAttrMaxPitch: *v = (int)p->memPitch; return 1;
	case cudaDevAttrMaxRegistersPerBlock: *v = p->regsPerBlock; return 1;
	case cudaDevAttrMaxRegistersPerMultiprocessor: *v = p->regsPerMultiprocessor; return 1;
	case cudaDevAttrMaxThreadsPerMultiProcessor: *v = p->maxThreadsPerMultiProcessor; return 1;
	case cudaDevAttrMaxBlocksPerMultiprocessor: *v = p->maxBlocksPerMultiProcessor; return 1;
	case cudaDevAttrMultiProcessorCount: *v = p->multiProcessorCount; return 1;
	case cudaDevAttrClockRate: *v = p->clockRate; return 1;
	case cudaDevAttrMemoryClockRate: *v = p->memoryClockRate; return 1;
	case cudaDevAttrGlobalMemoryBusWidth: *v = p->memoryBusWidth; return 1;
	case cudaDevAttrL2CacheSize: *v = p->l2CacheSize; return 1;
	case cudaDevAttrMaxPersistingL2CacheSize: *v = p->persistingL2CacheMaxSize; return 1;
	case cudaDevAttrMaxAccessPolicyWindowSize: *v = p->accessPolicyMaxWindowSize; return 1;
	case cudaDevAttrComputeCapabilityMajor: *v = p->major; return 1;
	case cudaDevAttrComputeCapabilityMinor: *v = p->minor; return 1;
	default: return 0;
	}
}

static int attr_textures(enum cudaDeviceAttr a, const struct cudaDeviceProp *p, int *v)
{
	switch (a) {
	case cudaDevAttrTextureAlignment: *v = (int)p->textureAlignment; return 1;
	case cudaDevAttrTexturePitchAlignment: *v = (int)p->texturePitchAlignment; return 1;
	case cudaDevAttrSurfaceAlignment: *v = (int)p->surfaceAlignment; return 1;
	case cudaDevAttrMaxTexture1DWidth: *v = p->maxTexture1D; return 1;
	case cudaDevAttrMaxTexture2DWidth: *v = p->maxTexture2D[0]; return 1;
	case cudaDevAttrMaxTexture2DHeight: *v = p->maxTexture2D[1]; return 1;
	case cudaDevAttrMaxTexture3DWidth: *v = p->maxTexture3D[0]; return 1;
	case cudaDevAttrMaxTexture3DHeight: *v = p->maxTexture3D[1]; return 1;
	case cudaDevAttrMaxTexture3DDepth: *v = p->maxTexture3D[2]; return 1;
	default: return 0;
	}
}

static int attr_features(enum cudaDeviceAttr a, const struct cudaDeviceProp *p, int *v)
{
	switch (a) {
	case cudaDevAttrGpuOverlap: *v = p->deviceOverlap; return 1;
	case cudaDevAttrAsyncEngineCount: *v = p->asyncEngineCount; return 1;
	case cudaDevAttrKernelExecTimeout: *v = p->kernelExecTimeoutEnabled; return 1;
	case cudaDevAttrIntegrated: *v = p->integrated; return 1;
	case cudaDevAttrCanMapHostMemory: *v = p->canMapHostMemory; return 1;
	case cudaDevAttrComputeMode: *v = p->computeMode; return 1;
	case cudaDevAttrConcurrentKernels: *v = p->concurrentKernels; return 1;
	case cudaDevAttrEccEnabled: *v = p->ECCEnabled; return 1;
	case cudaDevAttrPciBusId: *v = p->pciBusID; return 1;
	case cudaDevAttrPciDeviceId: *v = p->pciDeviceID; return 1;
	case cudaDevAttrPciDomainId: *v = p->pciDomainID; return 1;
	case cudaDevAttrTccDriver: *v = p->tccDriver; return 1;
	case cudaDevAttrUnifiedAddressing: *v = p->unifiedAddressing; return 1;
	case cudaDevAttrStreamPrioritiesSupported: *v = p->streamPrioritiesSupported; return 1;
	case cudaDevAttrGlobalL1CacheSupported: *v = p->globalL1CacheSupported; return 1;
	case cudaDevAttrLocalL1CacheSupported: *v = p->localL1CacheSupported; return 1;
	case cudaDevAttrManagedMemory: *v = p->managedMemory; return 1;
	case cudaDevAttrIsMultiGpuBoard: *v = p->isMultiGpuBoard; return 1;
	case cudaDevAttrMultiGpuBoardGroupID: *v = p->multiGpuBoardGroupID; return 1;
	case cudaDevAttrHostNativeAtomicSupported: *v = p->hostNativeAtomicSupported; return 1;
	case cudaDevAttrSingleToDoublePrecisionPerfRatio: *v = p->singleToDoublePrecisionPerfRatio; return 1;
	case cudaDevAttrPageableMemoryAccess: *v = p->pageableMemoryAccess; return 1;
	case cudaDevAttrConcurrentManagedAccess: *v = p->concurrentManagedAccess; return 1;
	case cudaDevAttrComputePreemptionSupported: *v = p->computePreemptionSupported; return 1;
	case cudaDevAttrCanUseHostPointerForRegisteredMem: *v = p->canUseHostPointerForRegisteredMem; return 1;
	case cudaDevAttrCooperativeLaunch: *v = p->cooperativeLaunch; return 1;
	case cudaDevAttrCooperativeMultiDeviceLaunch: *v = p->cooperativeMultiDeviceLaunch; return 1;
	case cudaDevAttrCanFlushRemoteWrites: *v = 0; return 1;
	case cudaDevAttrHostRegisterSupported: *v = p->hostRegisterSupported; return 1;
	case cudaDevAttrPageableMemoryAccessUsesHostPageTables: *v = p->pageableMemoryAccessUsesHostPageTables; return 1;
	case cudaDevAttrDirectManagedMemAccessFromHost: *v = p->directManagedMemAccessFromHost; return 1;
	case cudaDevAttrMemoryPoolsSupported: *v = p->memoryPoolsSupported; return 1;
	case cudaDevAttrClusterLaunch: *v = p->clusterLaunch; return 1;
	default: return 0;
	}
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
	struct cudaDeviceProp p;
	if (!value)
		return rt_err(cudaErrorInvalidValue);
	cudaError_t e = cudaGetDeviceProperties(&p, device);
	if (e != cudaSuccess)
		return e;
	if (attr_limits(attr, &p, value) || attr_textures(attr, &p, value) ||
	    attr_features(attr, &p, value))
		return cudaSuccess;
	return rt_err(cudaErrorInvalidValue);
}

/* ---- selection -------------------------------------------------------------------- */

cudaError_t cudaGetDeviceCount(int *count)
{
	if (!count)
		return rt_err(cudaErrorInvalidValue);
	*count = 1;
	return cudaSuccess;
}

cudaError_t cudaGetDevice(int *device)
{
	if (!device)
		return rt_err(cudaErrorInvalidValue);
	*device = 0;
	return cudaSuccess;
}

cudaError_t cudaSetDevice(int device)
{
	return check_device(device);
}

cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags)
{
	(void)deviceFlags;
	(void)flags;
	return check_device(device);
}

cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)
{
	if (!device || !prop)
		return rt_err(cudaErrorInvalidValue);
	*device = 0;
	return cudaSuccess;
}

cudaError_t cudaSetValidDevices(int *deviceArr, int len)
{
	if (len < 0 || (len && !deviceArr))
		return rt_err(cudaErrorInvalidValue);
	for (int i = 0; i < len; i++)
		if (deviceArr[i] != 0)
			return rt_err(cudaErrorInvalidDevice);
	return cudaSuccess;
}

cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId)
{
	if (!device || !pciBusId)
		return rt_err(cudaErrorInvalidValue);
	*device = 0;
	return cudaSuccess;
}

cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device)
{
	if (!pciBusId || len <= 0)
		return rt_err(cudaErrorInvalidValue);
	if (check_device(device) != cudaSuccess)
		return cudaErrorInvalidDevice;
	snprintf(pciBusId, (size_t)len, "0000:00:00.0");
	return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned int flags)
{
	if (flags & ~(unsigned)cudaDeviceMask)
		return rt_err(cudaErrorInvalidValue);
	rt_lock();
	rt()->device_flags = flags;
	rt_unlock();
	return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned int *flags)
{
	if (!flags)
		return rt_err(cudaErrorInvalidValue);
	*flags = rt()->device_flags | cudaDeviceMapHost;
	return cudaSuccess;
}

/* ---- synchronisation and reset ------------------------------------------------------ */

cudaError_t cudaDeviceSynchronize(void)
{
	cudaError_t e = rt_capture_sync(NULL);
	if (e != cudaSuccess)
		return e;
	rt_sync_all();
	return rt_sticky(cudaSuccess);
}

cudaError_t cudaThreadSynchronize(void)
{
	return cudaDeviceSynchronize();
}

/* Runs the queued work, then frees every allocation (CUDA destroys the
 * context). Streams, events and registered kernels and symbols stay valid:
 * programs that reset first and keep using their handles still work. */
cudaError_t cudaDeviceReset(void)
{
	rt_sync_all();
	rt_free_all();
	__atomic_store_n(&rt()->sticky, cudaSuccess, __ATOMIC_RELEASE); /* a new context */
	(void)cudaGetLastError();                                      /* without the old one's error */
	return cudaSuccess;
}

cudaError_t cudaThreadExit(void)
{
	return cudaDeviceReset();
}

/* ---- limits and cache configuration --------------------------------------------- */

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
	if ((unsigned)limit > cudaLimitPersistingL2CacheSize)
		return rt_err(cudaErrorUnsupportedLimit);
	rt_lock();
	rt()->limits[limit] = value;
	rt_unlock();
	return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit)
{
	if (!pValue)
		return rt_err(cudaErrorInvalidValue);
	if ((unsigned)limit > cudaLimitPersistingL2CacheSize)
		return rt_err(cudaErrorUnsupportedLimit);
	rt_lock();
	*pValue = rt()->limits[limit];
	rt_unlock();
	return cudaSuccess;
}

cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value)
{
	return cudaDeviceSetLimit(limit, value);
}

cudaError_t cudaThreadGetLimit(size_t *pValue, enum cudaLimit limit)
{
	return cudaDeviceGetLimit(pValue, limit);
}

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig)
{
	if ((unsigned)cacheConfig > cudaFuncCachePreferEqual)
		return rt_err(cudaErrorInvalidValue);
	rt_lock();
	rt()->cache_config = cacheConfig;
	rt_unlock();
	return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig)
{
	if (!pCacheConfig)
		return rt_err(cudaErrorInvalidValue);
	*pCacheConfig = rt()->cache_config;
	return cudaSuccess;
}

cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache cacheConfig)
{
	return cudaDeviceSetCacheConfig(cacheConfig);
}

cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *pCacheConfig)
{
	return cudaDeviceGetCacheConfig(pCacheConfig);
}

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config)
{
	if ((unsigned)config > cudaSharedMemBankSizeEightByte)
		return rt_err(cudaErrorInvalidValue);
	rt_lock();
	rt()->shmem_config = config;
	rt_unlock();
	return cudaSuccess;
}

cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig)
{
	if (!pConfig)
		return rt_err(cudaErrorInvalidValue);
	*pConfig = rt()->shmem_config;
	return cudaSuccess;
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
	if (leastPriority)
		*leastPriority = 0;
	if (greatestPriority)
		*greatestPriority = -5;
	return cudaSuccess;
}

/* ---- peers: there is one device, so there are none ------------------------------- */

cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice)
{
	if (!canAccessPeer)
		return rt_err(cudaErrorInvalidValue);
	if (device != 0 || peerDevice != 0)
		return rt_err(cudaErrorInvalidDevice);
	*canAccessPeer = 0;
	return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags)
{
	(void)peerDevice;
	(void)flags;
	return rt_err(cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceDisablePeerAccess(int peerDevice)
{
	(void)peerDevice;
	return rt_err(cudaErrorInvalidDevice);
}

/* ---- memory pools: allocations come from the host heap; the pool only keeps
 * its attributes ---------------------------------------------------------------------- */

#define the_pool (rt()->pool)

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device)
{
	if (!memPool)
		return rt_err(cudaErrorInvalidValue);
	if (check_device(device) != cudaSuccess)
		return cudaErrorInvalidDevice;
	*memPool = &the_pool;
	return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device)
{
	return cudaDeviceGetDefaultMemPool(memPool, device);
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool)
{
	if (memPool != &the_pool)
		return rt_err(cudaErrorInvalidValue);
	return check_device(device);
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
	if (memPool != &the_pool || !value)
		return rt_err(cudaErrorInvalidValue);
	rt_lock();
	if (attr == cudaMemPoolAttrReleaseThreshold)
		the_pool.threshold = *(unsigned long long *)value;
	else if (attr >= cudaMemPoolReuseFollowEventDependencies && attr <= cudaMemPoolReuseAllowInternalDependencies)
		the_pool.reuse[attr - 1] = *(int *)value;
	rt_unlock();
	return cudaSuccess;
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
	if (memPool != &the_pool || !value)
		return rt_err(cudaErrorInvalidValue);
	rt_lock();
	if (attr == cudaMemPoolAttrReleaseThreshold)
		*(unsigned long long *)value = the_pool.threshold;
	else if (attr >= cudaMemPoolReuseFollowEventDependencies && attr <= cudaMemPoolReuseAllowInternalDependencies)
		*(int *)value = the_pool.reuse[attr - 1];
	else
		*(unsigned long long *)value = 0;
	rt_unlock();
	return cudaSuccess;
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep)
{
	(void)minBytesToKeep;
	return memPool == &the_pool ? cudaSuccess : rt_err(cudaErrorInvalidValue);
}

/* ---- versions and profiler ---------------------------------------------------------- */

cudaError_t cudaRuntimeGetVersion(int *runtimeVersion)
{
	if (!runtimeVersion)
		return rt_err(cudaErrorInvalidValue);
	*runtimeVersion = 13000;
	return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *driverVersion)
{
	if (!driverVersion)
		return rt_err(cudaErrorInvalidValue);
	*driverVersion = 13000;
	return cudaSuccess;
}

cudaError_t cudaProfilerStart(void)
{
	return cudaSuccess;
}

cudaError_t cudaProfilerStop(void)
{
	return cudaSuccess;
}
