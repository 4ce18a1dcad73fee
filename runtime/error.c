/* error.c: the calling thread's last error (cudaGetLastError,
 * cudaPeekAtLastError) and the name and description of every error code
 * cuflow_cuda_api.h declares.
 *
 * As in CUDA, the last error is per host thread: every API call that fails
 * records its error there (rt_err), cudaPeekAtLastError reads it and
 * cudaGetLastError reads and clears it. It is the only runtime state kept
 * outside struct cuflow_rt, because CUDA defines it per thread. After a
 * device-side assert, the calls that touch the device return
 * cudaErrorAssert (rt_sticky), which records it as the last error; reading
 * the last error clears it as usual (an H100 prints 710 then 0 for two
 * cudaGetLastError calls after a failed assert, tests/lower/36).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_internal.h"

static _Thread_local cudaError_t last_error = cudaSuccess;

cudaError_t rt_err(cudaError_t e)
{
	if (e != cudaSuccess)
		last_error = e;
	return e;
}

cudaError_t rt_sticky(cudaError_t e)
{
	cudaError_t s = __atomic_load_n(&rt()->sticky, __ATOMIC_ACQUIRE);
	return s != cudaSuccess ? rt_err(s) : e;
}

cudaError_t cudaGetLastError(void)
{
	cudaError_t e = last_error;
	last_error = cudaSuccess;
	return e;
}

cudaError_t cudaPeekAtLastError(void)
{
	return last_error;
}

struct err_text {
	cudaError_t code;
	const char *name;
	const char *text;
};

#define E(code, text) {code, #code, text}
static const struct err_text errors[] = {
	E(cudaSuccess, "no error"),
	E(cudaErrorInvalidValue, "invalid argument"),
	E(cudaErrorMemoryAllocation, "out of memory"),
	E(cudaErrorInitializationError, "initialization error"),
	E(cudaErrorCudartUnloading, "the runtime is shutting down"),
	E(cudaErrorProfilerDisabled, "profiler disabled for this run"),
	E(cudaErrorProfilerNotInitialized, "profiler not initialised (deprecated)"),
	E(cudaErrorProfilerAlreadyStarted, "profiler already started (deprecated)"),
	E(cudaErrorProfilerAlreadyStopped, "profiler already stopped (deprecated)"),
	E(cudaErrorInvalidConfiguration, "invalid configuration argument"),
	E(cudaErrorInvalidPitchValue, "invalid pitch argument"),
	E(cudaErrorInvalidSymbol, "invalid device symbol"),
	E(cudaErrorInvalidHostPointer, "invalid host pointer (deprecated)"),
	E(cudaErrorInvalidDevicePointer, "invalid device pointer (deprecated)"),
	E(cudaErrorInvalidTexture, "invalid texture"),
	E(cudaErrorInvalidTextureBinding, "invalid texture binding"),
	E(cudaErrorInvalidChannelDescriptor, "invalid channel descriptor"),
	E(cudaErrorInvalidMemcpyDirection, "invalid copy direction"),
	E(cudaErrorAddressOfConstant, "address of constant taken (deprecated)"),
	E(cudaErrorTextureFetchFailed, "texture fetch failed (deprecated)"),
	E(cudaErrorTextureNotBound, "texture not bound (deprecated)"),
	E(cudaErrorSynchronizationError, "synchronisation error (deprecated)"),
	E(cudaErrorInvalidFilterSetting, "invalid filter setting"),
	E(cudaErrorInvalidNormSetting, "invalid normalisation setting"),
	E(cudaErrorMixedDeviceExecution, "mixed device execution (deprecated)"),
	E(cudaErrorNotYetImplemented, "feature not yet implemented (deprecated)"),
	E(cudaErrorMemoryValueTooLarge, "memory size or pointer value too large (deprecated)"),
	E(cudaErrorStubLibrary, "a stub library was loaded instead of the real one"),
	E(cudaErrorInsufficientDriver, "the driver is older than the runtime"),
	E(cudaErrorCallRequiresNewerDriver, "the call needs a newer driver"),
	E(cudaErrorInvalidSurface, "invalid surface"),
	E(cudaErrorDuplicateVariableName, "duplicate global variable name"),
	E(cudaErrorDuplicateTextureName, "duplicate texture name"),
	E(cudaErrorDuplicateSurfaceName, "duplicate surface name"),
	E(cudaErrorDevicesUnavailable, "all devices are busy or unavailable"),
	E(cudaErrorIncompatibleDriverContext, "incompatible driver context"),
	E(cudaErrorMissingConfiguration, "launch without a configuration"),
	E(cudaErrorPriorLaunchFailure, "an earlier launch failed (deprecated)"),
	E(cudaErrorLaunchMaxDepthExceeded, "launch nesting too deep"),
	E(cudaErrorLaunchFileScopedTex, "launch uses a file-scoped texture"),
	E(cudaErrorLaunchFileScopedSurf, "launch uses a file-scoped surface"),
	E(cudaErrorSyncDepthExceeded, "device synchronisation nesting too deep"),
	E(cudaErrorLaunchPendingCountExceeded, "too many pending device launches"),
	E(cudaErrorInvalidDeviceFunction, "invalid device function"),
	E(cudaErrorNoDevice, "no CUDA-capable device is detected"),
	E(cudaErrorInvalidDevice, "invalid device ordinal"),
	E(cudaErrorDeviceNotLicensed, "device not licensed"),
	E(cudaErrorSoftwareValidityNotEstablished, "software validity not established"),
	E(cudaErrorStartupFailure, "runtime startup failure"),
	E(cudaErrorInvalidKernelImage, "invalid kernel image"),
	E(cudaErrorDeviceUninitialized, "device context not initialised"),
	E(cudaErrorMapBufferObjectFailed, "mapping a buffer object failed"),
	E(cudaErrorUnmapBufferObjectFailed, "unmapping a buffer object failed"),
	E(cudaErrorArrayIsMapped, "array is mapped"),
	E(cudaErrorAlreadyMapped, "resource already mapped"),
	E(cudaErrorNoKernelImageForDevice, "no kernel image for this device"),
	E(cudaErrorAlreadyAcquired, "resource already acquired"),
	E(cudaErrorNotMapped, "resource not mapped"),
	E(cudaErrorNotMappedAsArray, "resource not mapped as an array"),
	E(cudaErrorNotMappedAsPointer, "resource not mapped as a pointer"),
	E(cudaErrorECCUncorrectable, "uncorrectable ECC error"),
	E(cudaErrorUnsupportedLimit, "limit not supported"),
	E(cudaErrorDeviceAlreadyInUse, "device already in use by another thread"),
	E(cudaErrorPeerAccessUnsupported, "peer access not supported"),
	E(cudaErrorInvalidPtx, "PTX compilation failed"),
	E(cudaErrorInvalidGraphicsContext, "invalid graphics context"),
	E(cudaErrorNvlinkUncorrectable, "uncorrectable NVLink error"),
	E(cudaErrorJitCompilerNotFound, "PTX JIT compiler not found"),
	E(cudaErrorUnsupportedPtxVersion, "unsupported PTX version"),
	E(cudaErrorJitCompilationDisabled, "PTX JIT compilation disabled"),
	E(cudaErrorUnsupportedExecAffinity, "execution affinity not supported"),
	E(cudaErrorInvalidSource, "invalid kernel source"),
	E(cudaErrorFileNotFound, "file not found"),
	E(cudaErrorSharedObjectSymbolNotFound, "shared object symbol not found"),
	E(cudaErrorSharedObjectInitFailed, "shared object initialisation failed"),
	E(cudaErrorOperatingSystem, "an operating system call failed"),
	E(cudaErrorInvalidResourceHandle, "invalid resource handle"),
	E(cudaErrorIllegalState, "operation not valid in the current state"),
	E(cudaErrorSymbolNotFound, "named symbol not found"),
	E(cudaErrorNotReady, "device not ready"),
	E(cudaErrorIllegalAddress, "illegal memory access"),
	E(cudaErrorLaunchOutOfResources, "too many resources requested for launch"),
	E(cudaErrorLaunchTimeout, "launch timed out"),
	E(cudaErrorLaunchIncompatibleTexturing, "launch uses incompatible texturing"),
	E(cudaErrorPeerAccessAlreadyEnabled, "peer access already enabled"),
	E(cudaErrorPeerAccessNotEnabled, "peer access not enabled"),
	E(cudaErrorSetOnActiveProcess, "cannot set while the device is active"),
	E(cudaErrorContextIsDestroyed, "context destroyed"),
	E(cudaErrorAssert, "device-side assert triggered"),
	E(cudaErrorTooManyPeers, "too many peers"),
	E(cudaErrorHostMemoryAlreadyRegistered, "host memory already registered"),
	E(cudaErrorHostMemoryNotRegistered, "host memory not registered"),
	E(cudaErrorHardwareStackError, "hardware stack error"),
	E(cudaErrorIllegalInstruction, "illegal instruction"),
	E(cudaErrorMisalignedAddress, "misaligned address"),
	E(cudaErrorInvalidAddressSpace, "operation on an invalid address space"),
	E(cudaErrorInvalidPc, "invalid program counter"),
	E(cudaErrorLaunchFailure, "unspecified launch failure"),
	E(cudaErrorCooperativeLaunchTooLarge, "cooperative launch too large"),
	E(cudaErrorNotPermitted, "operation not permitted"),
	E(cudaErrorNotSupported, "operation not supported"),
	E(cudaErrorSystemNotReady, "system not ready"),
	E(cudaErrorSystemDriverMismatch, "driver and kernel module versions differ"),
	E(cudaErrorCompatNotSupportedOnDevice, "forward compatibility not supported on this device"),
	E(cudaErrorStreamCaptureUnsupported, "operation not allowed while capturing a stream"),
	E(cudaErrorStreamCaptureInvalidated, "stream capture invalidated by an earlier error"),
	E(cudaErrorStreamCaptureMerge, "stream captures would merge"),
	E(cudaErrorStreamCaptureUnmatched, "capture not begun in this stream"),
	E(cudaErrorStreamCaptureUnjoined, "capture forked a stream that did not join"),
	E(cudaErrorStreamCaptureIsolation, "dependency crosses the capture boundary"),
	E(cudaErrorStreamCaptureImplicit, "implicit dependency on a capturing stream"),
	E(cudaErrorCapturedEvent, "operation not allowed on an event of a capture"),
	E(cudaErrorStreamCaptureWrongThread, "capture ended by another thread"),
	E(cudaErrorTimeout, "wait timed out"),
	E(cudaErrorGraphExecUpdateFailure, "graph update not allowed"),
	E(cudaErrorUnknown, "unknown error"),
	E(cudaErrorApiFailureBase, "API failure base (deprecated)"),
};
#undef E

static const struct err_text *find(cudaError_t e)
{
	for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
		if (errors[i].code == e)
			return &errors[i];
	return NULL;
}

const char *cudaGetErrorName(cudaError_t error)
{
	const struct err_text *t = find(error);
	return t ? t->name : "cudaErrorUnknown";
}

const char *cudaGetErrorString(cudaError_t error)
{
	const struct err_text *t = find(error);
	return t ? t->text : "unrecognized error code";
}

void cuflowUnlowered(const char *what)
{
	fprintf(stderr, "cuflow: %s ran outside the thread loops of a lowered kernel (cuflow's bug: it stands only in "
	                "code no lowered kernel runs)\n", what);
	abort();
}
