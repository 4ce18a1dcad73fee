/* test_errors.cpp: launch configuration errors (nothing runs, the error is
 * the calling thread's last error until cudaGetLastError reads it), bad
 * handles, and the name and text of every error code of cuflow_cuda_api.h. */
#include <string.h>
#include <thread>

#include "check.h"

static int ran;

static void mark_block(const cuflow_block *, void *)
{
	__atomic_fetch_add(&ran, 1, __ATOMIC_RELAXED);
}

static cudaError_t launch(dim3 grid, dim3 block, size_t shmem = 0, cudaStream_t s = 0)
{
	return cuflowLaunch(mark_block, NULL, 0, grid, block, shmem, s);
}

static void expect_config_error(dim3 grid, dim3 block)
{
	ran = 0;
	CHECK_EQ(launch(grid, block), cudaErrorInvalidConfiguration);
	CHECK_CUDA(cudaDeviceSynchronize());
	CHECK_EQ(ran, 0);
	CHECK_EQ(cudaPeekAtLastError(), cudaErrorInvalidConfiguration);
	CHECK_EQ(cudaPeekAtLastError(), cudaErrorInvalidConfiguration); /* peek keeps it */
	CHECK_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
	CHECK_EQ(cudaGetLastError(), cudaSuccess);                      /* get clears it */
}

static void test_launch_errors(void)
{
	expect_config_error(dim3(1), dim3(0));
	expect_config_error(dim3(1), dim3(1025));
	expect_config_error(dim3(1), dim3(32, 32, 2)); /* 2048 threads */
	expect_config_error(dim3(1), dim3(1, 1, 65));
	expect_config_error(dim3(0), dim3(32));
	expect_config_error(dim3(4, 0), dim3(32));
	expect_config_error(dim3(1, 65536), dim3(32));
	expect_config_error(dim3(1, 1, 65536), dim3(32));
	expect_config_error(dim3(0x80000000u), dim3(32));

	ran = 0;
	CHECK_CUDA(launch(dim3(0x7fff, 2), dim3(1024)));  /* the limits themselves are fine */
	CHECK_CUDA(launch(dim3(3), dim3(1, 1, 64)));
	CHECK_CUDA(cudaDeviceSynchronize());
	CHECK_EQ(ran, 0x7fff * 2 + 3);

	CHECK_EQ(launch(dim3(1), dim3(32), (size_t)1 << 20), cudaErrorInvalidValue); /* shared memory */
	CHECK_EQ(cuflowLaunch(NULL, NULL, 0, dim3(1), dim3(1), 0, 0), cudaErrorInvalidDeviceFunction);
	cudaStream_t s;
	CHECK_CUDA(cudaStreamCreate(&s));
	CHECK_CUDA(cudaStreamDestroy(s));
	CHECK_EQ(launch(dim3(1), dim3(1), 0, s), cudaErrorInvalidResourceHandle);
	CHECK_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle); /* the latest error */

	/* a success does not clear the last error */
	CHECK_EQ(launch(dim3(1), dim3(0)), cudaErrorInvalidConfiguration);
	void *p;
	CHECK_CUDA(cudaMalloc(&p, 16));
	CHECK_CUDA(launch(dim3(1), dim3(1)));
	CHECK_EQ(cudaPeekAtLastError(), cudaErrorInvalidConfiguration);

	/* the last error is per host thread */
	cudaError_t other = cudaErrorUnknown;
	std::thread t([&] { other = cudaGetLastError(); });
	t.join();
	CHECK_EQ(other, cudaSuccess);
	CHECK_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
	CHECK_CUDA(cudaFree(p));
}

static void test_bad_handles(void)
{
	int dev;
	CHECK_EQ(cudaSetDevice(1), cudaErrorInvalidDevice);
	CHECK_CUDA(cudaGetDevice(&dev));
	CHECK_EQ(dev, 0);
	cudaDeviceProp prop;
	CHECK_EQ(cudaGetDeviceProperties(&prop, 3), cudaErrorInvalidDevice);
	CHECK_EQ(cudaMalloc(NULL, 4), cudaErrorInvalidValue);
	CHECK_EQ(cudaGraphCreate(NULL, 0), cudaErrorInvalidValue);
	CHECK_EQ(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal), cudaErrorStreamCaptureUnsupported);
	CHECK_EQ(cudaLaunchKernel((const void *)test_bad_handles, dim3(1), dim3(1), NULL, 0, 0),
		 cudaErrorInvalidDeviceFunction); /* not registered */
	cudaGetLastError();
}

struct code {
	cudaError_t e;
	const char *name;
};
#define E(x) {x, #x}
static const code codes[] = {
	E(cudaSuccess),
	E(cudaErrorInvalidValue),
	E(cudaErrorMemoryAllocation),
	E(cudaErrorInitializationError),
	E(cudaErrorCudartUnloading),
	E(cudaErrorProfilerDisabled),
	E(cudaErrorProfilerNotInitialized),
	E(cudaErrorProfilerAlreadyStarted),
	E(cudaErrorProfilerAlreadyStopped),
	E(cudaErrorInvalidConfiguration),
	E(cudaErrorInvalidPitchValue),
	E(cudaErrorInvalidSymbol),
	E(cudaErrorInvalidHostPointer),
	E(cudaErrorInvalidDevicePointer),
	E(cudaErrorInvalidTexture),
	E(cudaErrorInvalidTextureBinding),
	E(cudaErrorInvalidChannelDescriptor),
	E(cudaErrorInvalidMemcpyDirection),
	E(cudaErrorAddressOfConstant),
	E(cudaErrorTextureFetchFailed),
	E(cudaErrorTextureNotBound),
	E(cudaErrorSynchronizationError),
	E(cudaErrorInvalidFilterSetting),
	E(cudaErrorInvalidNormSetting),
	E(cudaErrorMixedDeviceExecution),
	E(cudaErrorNotYetImplemented),
	E(cudaErrorMemoryValueTooLarge),
	E(cudaErrorStubLibrary),
	E(cudaErrorInsufficientDriver),
	E(cudaErrorCallRequiresNewerDriver),
	E(cudaErrorInvalidSurface),
	E(cudaErrorDuplicateVariableName),
	E(cudaErrorDuplicateTextureName),
	E(cudaErrorDuplicateSurfaceName),
	E(cudaErrorDevicesUnavailable),
	E(cudaErrorIncompatibleDriverContext),
	E(cudaErrorMissingConfiguration),
	E(cudaErrorPriorLaunchFailure),
	E(cudaErrorLaunchMaxDepthExceeded),
	E(cudaErrorLaunchFileScopedTex),
	E(cudaErrorLaunchFileScopedSurf),
	E(cudaErrorSyncDepthExceeded),
	E(cudaErrorLaunchPendingCountExceeded),
	E(cudaErrorInvalidDeviceFunction),
	E(cudaErrorNoDevice),
	E(cudaErrorInvalidDevice),
	E(cudaErrorDeviceNotLicensed),
	E(cudaErrorSoftwareValidityNotEstablished),
	E(cudaErrorStartupFailure),
	E(cudaErrorInvalidKernelImage),
	E(cudaErrorDeviceUninitialized),
	E(cudaErrorMapBufferObjectFailed),
	E(cudaErrorUnmapBufferObjectFailed),
	E(cudaErrorArrayIsMapped),
	E(cudaErrorAlreadyMapped),
	E(cudaErrorNoKernelImageForDevice),
	E(cudaErrorAlreadyAcquired),
	E(cudaErrorNotMapped),
	E(cudaErrorNotMappedAsArray),
	E(cudaErrorNotMappedAsPointer),
	E(cudaErrorECCUncorrectable),
	E(cudaErrorUnsupportedLimit),
	E(cudaErrorDeviceAlreadyInUse),
	E(cudaErrorPeerAccessUnsupported),
	E(cudaErrorInvalidPtx),
	E(cudaErrorInvalidGraphicsContext),
	E(cudaErrorNvlinkUncorrectable),
	E(cudaErrorJitCompilerNotFound),
	E(cudaErrorUnsupportedPtxVersion),
	E(cudaErrorJitCompilationDisabled),
	E(cudaErrorUnsupportedExecAffinity),
	E(cudaErrorInvalidSource),
	E(cudaErrorFileNotFound),
	E(cudaErrorSharedObjectSymbolNotFound),
	E(cudaErrorSharedObjectInitFailed),
	E(cudaErrorOperatingSystem),
	E(cudaErrorInvalidResourceHandle),
	E(cudaErrorIllegalState),
	E(cudaErrorSymbolNotFound),
	E(cudaErrorNotReady),
	E(cudaErrorIllegalAddress),
	E(cudaErrorLaunchOutOfResources),
	E(cudaErrorLaunchTimeout),
	E(cudaErrorLaunchIncompatibleTexturing),
	E(cudaErrorPeerAccessAlreadyEnabled),
	E(cudaErrorPeerAccessNotEnabled),
	E(cudaErrorSetOnActiveProcess),
	E(cudaErrorContextIsDestroyed),
	E(cudaErrorAssert),
	E(cudaErrorTooManyPeers),
	E(cudaErrorHostMemoryAlreadyRegistered),
	E(cudaErrorHostMemoryNotRegistered),
	E(cudaErrorHardwareStackError),
	E(cudaErrorIllegalInstruction),
	E(cudaErrorMisalignedAddress),
	E(cudaErrorInvalidAddressSpace),
	E(cudaErrorInvalidPc),
	E(cudaErrorLaunchFailure),
	E(cudaErrorCooperativeLaunchTooLarge),
	E(cudaErrorNotPermitted),
	E(cudaErrorNotSupported),
	E(cudaErrorSystemNotReady),
	E(cudaErrorSystemDriverMismatch),
	E(cudaErrorCompatNotSupportedOnDevice),
	E(cudaErrorStreamCaptureUnsupported),
	E(cudaErrorStreamCaptureInvalidated),
	E(cudaErrorStreamCaptureMerge),
	E(cudaErrorStreamCaptureUnmatched),
	E(cudaErrorStreamCaptureUnjoined),
	E(cudaErrorStreamCaptureIsolation),
	E(cudaErrorStreamCaptureImplicit),
	E(cudaErrorCapturedEvent),
	E(cudaErrorStreamCaptureWrongThread),
	E(cudaErrorTimeout),
	E(cudaErrorGraphExecUpdateFailure),
	E(cudaErrorUnknown), /* cudaErrorApiFailureBase (10000): CUDA 13 no longer names it */
};
#undef E

static void test_strings(void)
{
	for (const code &c : codes) {
		CHECK(strcmp(cudaGetErrorName(c.e), c.name) == 0);
		const char *s = cudaGetErrorString(c.e);
		CHECK(s && *s && strcmp(s, "unrecognized error code") != 0);
	}
	CHECK(strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0);
	CHECK(strcmp(cudaGetErrorString(cudaErrorInvalidConfiguration), "invalid configuration argument") == 0);
	CHECK(strcmp(cudaGetErrorString((cudaError_t)12345), "unrecognized error code") == 0);
	CHECK(strcmp(cudaGetErrorName((cudaError_t)12345), "unrecognized error code") == 0); /* as CUDA 13 says */
}

int main(void)
{
	test_launch_errors();
	test_bad_handles();
	test_strings();
	printf("PASS test_errors (%zu codes, %s)\n", sizeof codes / sizeof codes[0],
	       cuflowDeferred() ? "deferred" : "eager");
	return 0;
}
