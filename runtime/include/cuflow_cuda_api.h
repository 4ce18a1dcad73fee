/* cuflow_cuda_api.h: the host-side CUDA runtime API as cuflow sees it.
 *
 * Written for cuflow from the documented CUDA runtime API; this is not
 * NVIDIA's header and shares no text with it. It declares the types,
 * constants and functions that CUDA programs name, so that
 *   - cuflow's front end can parse CUDA code without a toolkit
 *     (src/front/hdr/cuflow_cuda.h includes this file), and
 *   - a CPU runtime can implement exactly these declarations.
 * Valid C11 and C++; it carries no CUDA attributes. Where device code also
 * needs a helper (make_float4, dim3's constructors) it is marked CUFLOW_HD,
 * which is empty unless cuflow_cuda.h defines it as __host__ __device__.
 * Enumerator values follow the CUDA documentation so that programs printing
 * or comparing them behave as with the real runtime.
 */
#ifndef CUFLOW_CUDA_API_H
#define CUFLOW_CUDA_API_H
#if defined(__clang__) && defined(__CUDA__)
#pragma clang system_header /* in CUDA parses, as the toolkit's */
#endif

#include <stddef.h>

/* ---- configuration ------------------------------------------------------ */

/* The API level this header describes: CUDA 12.8 (it also keeps the fields
 * and calls CUDA 13 removed, since old code still names them). */
#ifndef CUDART_VERSION
#define CUDART_VERSION 12080
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 12080
#endif

#ifndef CUFLOW_HD
#define CUFLOW_HD
#endif

/* C++ gets the same default arguments as the real API; C has none. */
#ifdef __cplusplus
#define CUFLOW_DFLT(v) = v
#else
#define CUFLOW_DFLT(v)
#endif

/* Helpers defined here are static inline, marked unused so that compiling
 * this header on its own stays free of -Wunused-function warnings. */
#if defined(__GNUC__) || defined(__clang__)
#define CUFLOW_INLINE static inline __attribute__((unused))
#define CUFLOW_ALIGN(n) __attribute__((aligned(n)))
#elif defined(_MSC_VER)
#define CUFLOW_INLINE static __inline
#define CUFLOW_ALIGN(n) __declspec(align(n))
#else
#define CUFLOW_INLINE static inline
#define CUFLOW_ALIGN(n)
#endif

/* Calling conventions of API functions and of callbacks: empty except on
 * 32-bit Windows. */
#ifndef CUDARTAPI
#if defined(_WIN32) && !defined(_WIN64)
#define CUDARTAPI __stdcall
#else
#define CUDARTAPI
#endif
#endif
#ifndef CUDART_CB
#if defined(_WIN32) && !defined(_WIN64)
#define CUDART_CB __stdcall
#else
#define CUDART_CB
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- error codes ---------------------------------------------------------- */

enum cudaError {
	cudaSuccess = 0,
	cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2,
	cudaErrorInitializationError = 3,
	cudaErrorCudartUnloading = 4,
	cudaErrorProfilerDisabled = 5,
	cudaErrorProfilerNotInitialized = 6,   /* deprecated */
	cudaErrorProfilerAlreadyStarted = 7,   /* deprecated */
	cudaErrorProfilerAlreadyStopped = 8,   /* deprecated */
	cudaErrorInvalidConfiguration = 9,
	cudaErrorInvalidPitchValue = 12,
	cudaErrorInvalidSymbol = 13,
	cudaErrorInvalidHostPointer = 16,      /* deprecated */
	cudaErrorInvalidDevicePointer = 17,    /* deprecated */
	cudaErrorInvalidTexture = 18,
	cudaErrorInvalidTextureBinding = 19,
	cudaErrorInvalidChannelDescriptor = 20,
	cudaErrorInvalidMemcpyDirection = 21,
	cudaErrorAddressOfConstant = 22,       /* deprecated */
	cudaErrorTextureFetchFailed = 23,      /* deprecated */
	cudaErrorTextureNotBound = 24,         /* deprecated */
	cudaErrorSynchronizationError = 25,    /* deprecated */
	cudaErrorInvalidFilterSetting = 26,
	cudaErrorInvalidNormSetting = 27,
	cudaErrorMixedDeviceExecution = 28,    /* deprecated */
	cudaErrorNotYetImplemented = 31,       /* deprecated */
	cudaErrorMemoryValueTooLarge = 32,     /* deprecated */
	cudaErrorStubLibrary = 34,
	cudaErrorInsufficientDriver = 35,
	cudaErrorCallRequiresNewerDriver = 36,
	cudaErrorInvalidSurface = 37,
	cudaErrorDuplicateVariableName = 43,
	cudaErrorDuplicateTextureName = 44,
	cudaErrorDuplicateSurfaceName = 45,
	cudaErrorDevicesUnavailable = 46,
	cudaErrorIncompatibleDriverContext = 49,
	cudaErrorMissingConfiguration = 52,
	cudaErrorPriorLaunchFailure = 53,      /* deprecated */
	cudaErrorLaunchMaxDepthExceeded = 65,
	cudaErrorLaunchFileScopedTex = 66,
	cudaErrorLaunchFileScopedSurf = 67,
	cudaErrorSyncDepthExceeded = 68,
	cudaErrorLaunchPendingCountExceeded = 69,
	cudaErrorInvalidDeviceFunction = 98,
	cudaErrorNoDevice = 100,
	cudaErrorInvalidDevice = 101,
	cudaErrorDeviceNotLicensed = 102,
	cudaErrorSoftwareValidityNotEstablished = 103,
	cudaErrorStartupFailure = 127,
	cudaErrorInvalidKernelImage = 200,
	cudaErrorDeviceUninitialized = 201,
	cudaErrorMapBufferObjectFailed = 205,
	cudaErrorUnmapBufferObjectFailed = 206,
	cudaErrorArrayIsMapped = 207,
	cudaErrorAlreadyMapped = 208,
	cudaErrorNoKernelImageForDevice = 209,
	cudaErrorAlreadyAcquired = 210,
	cudaErrorNotMapped = 211,
	cudaErrorNotMappedAsArray = 212,
	cudaErrorNotMappedAsPointer = 213,
	cudaErrorECCUncorrectable = 214,
	cudaErrorUnsupportedLimit = 215,
	cudaErrorDeviceAlreadyInUse = 216,
	cudaErrorPeerAccessUnsupported = 217,
	cudaErrorInvalidPtx = 218,
	cudaErrorInvalidGraphicsContext = 219,
	cudaErrorNvlinkUncorrectable = 220,
	cudaErrorJitCompilerNotFound = 221,
	cudaErrorUnsupportedPtxVersion = 222,
	cudaErrorJitCompilationDisabled = 223,
	cudaErrorUnsupportedExecAffinity = 224,
	cudaErrorInvalidSource = 300,
	cudaErrorFileNotFound = 301,
	cudaErrorSharedObjectSymbolNotFound = 302,
	cudaErrorSharedObjectInitFailed = 303,
	cudaErrorOperatingSystem = 304,
	cudaErrorInvalidResourceHandle = 400,
	cudaErrorIllegalState = 401,
	cudaErrorSymbolNotFound = 500,
	cudaErrorNotReady = 600,
	cudaErrorIllegalAddress = 700,
	cudaErrorLaunchOutOfResources = 701,
	cudaErrorLaunchTimeout = 702,
	cudaErrorLaunchIncompatibleTexturing = 703,
	cudaErrorPeerAccessAlreadyEnabled = 704,
	cudaErrorPeerAccessNotEnabled = 705,
	cudaErrorSetOnActiveProcess = 708,
	cudaErrorContextIsDestroyed = 709,
	cudaErrorAssert = 710,
	cudaErrorTooManyPeers = 711,
	cudaErrorHostMemoryAlreadyRegistered = 712,
	cudaErrorHostMemoryNotRegistered = 713,
	cudaErrorHardwareStackError = 714,
	cudaErrorIllegalInstruction = 715,
	cudaErrorMisalignedAddress = 716,
	cudaErrorInvalidAddressSpace = 717,
	cudaErrorInvalidPc = 718,
	cudaErrorLaunchFailure = 719,
	cudaErrorCooperativeLaunchTooLarge = 720,
	cudaErrorNotPermitted = 800,
	cudaErrorNotSupported = 801,
	cudaErrorSystemNotReady = 802,
	cudaErrorSystemDriverMismatch = 803,
	cudaErrorCompatNotSupportedOnDevice = 804,
	cudaErrorStreamCaptureUnsupported = 900,
	cudaErrorStreamCaptureInvalidated = 901,
	cudaErrorStreamCaptureMerge = 902,
	cudaErrorStreamCaptureUnmatched = 903,
	cudaErrorStreamCaptureUnjoined = 904,
	cudaErrorStreamCaptureIsolation = 905,
	cudaErrorStreamCaptureImplicit = 906,
	cudaErrorCapturedEvent = 907,
	cudaErrorStreamCaptureWrongThread = 908,
	cudaErrorTimeout = 909,
	cudaErrorGraphExecUpdateFailure = 910,
	cudaErrorUnknown = 999,
	cudaErrorApiFailureBase = 10000        /* deprecated */
};
typedef enum cudaError cudaError_t;

/* ---- enumerations ------------------------------------------------------- */

enum cudaMemcpyKind {
	cudaMemcpyHostToHost = 0,
	cudaMemcpyHostToDevice = 1,
	cudaMemcpyDeviceToHost = 2,
	cudaMemcpyDeviceToDevice = 3,
	cudaMemcpyDefault = 4 /* direction inferred from the pointers (UVA) */
};

enum cudaFuncCache {
	cudaFuncCachePreferNone = 0,
	cudaFuncCachePreferShared = 1,
	cudaFuncCachePreferL1 = 2,
	cudaFuncCachePreferEqual = 3
};

enum cudaSharedMemConfig {
	cudaSharedMemBankSizeDefault = 0,
	cudaSharedMemBankSizeFourByte = 1,
	cudaSharedMemBankSizeEightByte = 2
};

enum cudaSharedCarveout {
	cudaSharedmemCarveoutDefault = -1,
	cudaSharedmemCarveoutMaxL1 = 0,
	cudaSharedmemCarveoutMaxShared = 100
};

enum cudaLimit {
	cudaLimitStackSize = 0x00,
	cudaLimitPrintfFifoSize = 0x01,
	cudaLimitMallocHeapSize = 0x02,
	cudaLimitDevRuntimeSyncDepth = 0x03,
	cudaLimitDevRuntimePendingLaunchCount = 0x04,
	cudaLimitMaxL2FetchGranularity = 0x05,
	cudaLimitPersistingL2CacheSize = 0x06
};

enum cudaComputeMode {
	cudaComputeModeDefault = 0,
	cudaComputeModeExclusive = 1,
	cudaComputeModeProhibited = 2,
	cudaComputeModeExclusiveProcess = 3
};

enum cudaFuncAttribute {
	cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
	cudaFuncAttributePreferredSharedMemoryCarveout = 9,
	cudaFuncAttributeClusterDimMustBeSet = 10,
	cudaFuncAttributeRequiredClusterWidth = 11,
	cudaFuncAttributeRequiredClusterHeight = 12,
	cudaFuncAttributeRequiredClusterDepth = 13,
	cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
	cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
	cudaFuncAttributeMax
};

enum cudaMemoryAdvise {
	cudaMemAdviseSetReadMostly = 1,
	cudaMemAdviseUnsetReadMostly = 2,
	cudaMemAdviseSetPreferredLocation = 3,
	cudaMemAdviseUnsetPreferredLocation = 4,
	cudaMemAdviseSetAccessedBy = 5,
	cudaMemAdviseUnsetAccessedBy = 6
};

enum cudaMemoryType {
	cudaMemoryTypeUnregistered = 0,
	cudaMemoryTypeHost = 1,
	cudaMemoryTypeDevice = 2,
	cudaMemoryTypeManaged = 3
};

enum cudaMemLocationType {
	cudaMemLocationTypeInvalid = 0,
	cudaMemLocationTypeDevice = 1,
	cudaMemLocationTypeHost = 2,
	cudaMemLocationTypeHostNuma = 3,
	cudaMemLocationTypeHostNumaCurrent = 4
};

enum cudaMemPoolAttr {
	cudaMemPoolReuseFollowEventDependencies = 0x1,
	cudaMemPoolReuseAllowOpportunistic = 0x2,
	cudaMemPoolReuseAllowInternalDependencies = 0x3,
	cudaMemPoolAttrReleaseThreshold = 0x4,
	cudaMemPoolAttrReservedMemCurrent = 0x5,
	cudaMemPoolAttrReservedMemHigh = 0x6,
	cudaMemPoolAttrUsedMemCurrent = 0x7,
	cudaMemPoolAttrUsedMemHigh = 0x8
};

enum cudaStreamCaptureMode {
	cudaStreamCaptureModeGlobal = 0,
	cudaStreamCaptureModeThreadLocal = 1,
	cudaStreamCaptureModeRelaxed = 2
};

enum cudaStreamCaptureStatus {
	cudaStreamCaptureStatusNone = 0,
	cudaStreamCaptureStatusActive = 1,
	cudaStreamCaptureStatusInvalidated = 2
};

enum cudaGraphInstantiateFlags {
	cudaGraphInstantiateFlagAutoFreeOnLaunch = 1,
	cudaGraphInstantiateFlagUpload = 2,
	cudaGraphInstantiateFlagDeviceLaunch = 4,
	cudaGraphInstantiateFlagUseNodePriority = 8
};

enum cudaChannelFormatKind {
	cudaChannelFormatKindSigned = 0,
	cudaChannelFormatKindUnsigned = 1,
	cudaChannelFormatKindFloat = 2,
	cudaChannelFormatKindNone = 3
};

enum cudaResourceType {
	cudaResourceTypeArray = 0x00,
	cudaResourceTypeMipmappedArray = 0x01,
	cudaResourceTypeLinear = 0x02,
	cudaResourceTypePitch2D = 0x03
};

enum cudaResourceViewFormat {
	cudaResViewFormatNone = 0x00
};

enum cudaTextureAddressMode {
	cudaAddressModeWrap = 0,
	cudaAddressModeClamp = 1,
	cudaAddressModeMirror = 2,
	cudaAddressModeBorder = 3
};

enum cudaTextureFilterMode {
	cudaFilterModePoint = 0,
	cudaFilterModeLinear = 1
};

enum cudaTextureReadMode {
	cudaReadModeElementType = 0,
	cudaReadModeNormalizedFloat = 1
};

/* Attributes for cudaDeviceGetAttribute (the ones programs query). */
enum cudaDeviceAttr {
	cudaDevAttrMaxThreadsPerBlock = 1,
	cudaDevAttrMaxBlockDimX = 2,
	cudaDevAttrMaxBlockDimY = 3,
	cudaDevAttrMaxBlockDimZ = 4,
	cudaDevAttrMaxGridDimX = 5,
	cudaDevAttrMaxGridDimY = 6,
	cudaDevAttrMaxGridDimZ = 7,
	cudaDevAttrMaxSharedMemoryPerBlock = 8,
	cudaDevAttrTotalConstantMemory = 9,
	cudaDevAttrWarpSize = 10,
	cudaDevAttrMaxPitch = 11,
	cudaDevAttrMaxRegistersPerBlock = 12,
	cudaDevAttrClockRate = 13,
	cudaDevAttrTextureAlignment = 14,
	cudaDevAttrGpuOverlap = 15,
	cudaDevAttrMultiProcessorCount = 16,
	cudaDevAttrKernelExecTimeout = 17,
	cudaDevAttrIntegrated = 18,
	cudaDevAttrCanMapHostMemory = 19,
	cudaDevAttrComputeMode = 20,
	cudaDevAttrMaxTexture1DWidth = 21,
	cudaDevAttrMaxTexture2DWidth = 22,
	cudaDevAttrMaxTexture2DHeight = 23,
	cudaDevAttrMaxTexture3DWidth = 24,
	cudaDevAttrMaxTexture3DHeight = 25,
	cudaDevAttrMaxTexture3DDepth = 26,
	cudaDevAttrSurfaceAlignment = 30,
	cudaDevAttrConcurrentKernels = 31,
	cudaDevAttrEccEnabled = 32,
	cudaDevAttrPciBusId = 33,
	cudaDevAttrPciDeviceId = 34,
	cudaDevAttrTccDriver = 35,
	cudaDevAttrMemoryClockRate = 36,
	cudaDevAttrGlobalMemoryBusWidth = 37,
	cudaDevAttrL2CacheSize = 38,
	cudaDevAttrMaxThreadsPerMultiProcessor = 39,
	cudaDevAttrAsyncEngineCount = 40,
	cudaDevAttrUnifiedAddressing = 41,
	cudaDevAttrPciDomainId = 50,
	cudaDevAttrTexturePitchAlignment = 51,
	cudaDevAttrComputeCapabilityMajor = 75,
	cudaDevAttrComputeCapabilityMinor = 76,
	cudaDevAttrStreamPrioritiesSupported = 78,
	cudaDevAttrGlobalL1CacheSupported = 79,
	cudaDevAttrLocalL1CacheSupported = 80,
	cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
	cudaDevAttrMaxRegistersPerMultiprocessor = 82,
	cudaDevAttrManagedMemory = 83,
	cudaDevAttrIsMultiGpuBoard = 84,
	cudaDevAttrMultiGpuBoardGroupID = 85,
	cudaDevAttrHostNativeAtomicSupported = 86,
	cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
	cudaDevAttrPageableMemoryAccess = 88,
	cudaDevAttrConcurrentManagedAccess = 89,
	cudaDevAttrComputePreemptionSupported = 90,
	cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
	cudaDevAttrCooperativeLaunch = 95,
	cudaDevAttrCooperativeMultiDeviceLaunch = 96, /* legacy */
	cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
	cudaDevAttrCanFlushRemoteWrites = 98,
	cudaDevAttrHostRegisterSupported = 99,
	cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
	cudaDevAttrDirectManagedMemAccessFromHost = 101,
	cudaDevAttrMaxBlocksPerMultiprocessor = 106,
	cudaDevAttrMaxPersistingL2CacheSize = 108,
	cudaDevAttrMaxAccessPolicyWindowSize = 109,
	cudaDevAttrReservedSharedMemoryPerBlock = 111,
	cudaDevAttrMemoryPoolsSupported = 115,
	cudaDevAttrClusterLaunch = 120
};

/* Data types of the CUDA libraries (library_types.h). */
typedef enum cudaDataType_t {
	CUDA_R_16F = 2, CUDA_C_16F = 6, CUDA_R_16BF = 14, CUDA_C_16BF = 15,
	CUDA_R_32F = 0, CUDA_C_32F = 4, CUDA_R_64F = 1, CUDA_C_64F = 5,
	CUDA_R_8I = 3, CUDA_C_8I = 7, CUDA_R_8U = 8, CUDA_C_8U = 9,
	CUDA_R_32I = 10, CUDA_C_32I = 11, CUDA_R_32U = 12, CUDA_C_32U = 13,
	CUDA_R_8F_E4M3 = 28, CUDA_R_8F_E5M2 = 29 /* 8-bit floats (cuda_fp8.h) */
} cudaDataType_t;
typedef enum cudaDataType_t cudaDataType;

/* ---- flags -------------------------------------------------------------- */

#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaPeerAccessDefault 0x00
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaEventRecordDefault 0x00
#define cudaEventRecordExternal 0x01
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04 /* legacy spelling */
#define cudaDeviceScheduleMask 0x07
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaDeviceMask 0xff
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaOccupancyDefault 0x00
#define cudaOccupancyDisableCachingOverride 0x01
#define cudaCooperativeLaunchMultiDeviceNoPreSync 0x01 /* legacy */
#define cudaCooperativeLaunchMultiDeviceNoPostSync 0x02 /* legacy */
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)

/* ---- handles ------------------------------------------------------------ */

/* Opaque: the runtime defines these structs, callers only hold pointers. */
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
typedef struct CUfunc_st *cudaFunction_t;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;

/* The two special streams (handles, not objects). */
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)

typedef void(CUDART_CB *cudaStreamCallback_t)(cudaStream_t stream,
					      cudaError_t status, void *userData);
typedef void(CUDART_CB *cudaHostFn_t)(void *userData);

/* ---- vector types ------------------------------------------------------- */

/* Alignments are those of the CUDA documentation (the 2- and 4-component
 * types are aligned to their size up to 16); the 3-component ones are not. */
typedef struct char1 { signed char x; } char1;
typedef struct uchar1 { unsigned char x; } uchar1;
typedef struct CUFLOW_ALIGN(2) char2 { signed char x, y; } char2;
typedef struct CUFLOW_ALIGN(2) uchar2 { unsigned char x, y; } uchar2;
typedef struct char3 { signed char x, y, z; } char3;
typedef struct uchar3 { unsigned char x, y, z; } uchar3;
typedef struct CUFLOW_ALIGN(4) char4 { signed char x, y, z, w; } char4;
typedef struct CUFLOW_ALIGN(4) uchar4 { unsigned char x, y, z, w; } uchar4;

typedef struct short1 { short x; } short1;
typedef struct ushort1 { unsigned short x; } ushort1;
typedef struct CUFLOW_ALIGN(4) short2 { short x, y; } short2;
typedef struct CUFLOW_ALIGN(4) ushort2 { unsigned short x, y; } ushort2;
typedef struct short3 { short x, y, z; } short3;
typedef struct ushort3 { unsigned short x, y, z; } ushort3;
typedef struct CUFLOW_ALIGN(8) short4 { short x, y, z, w; } short4;
typedef struct CUFLOW_ALIGN(8) ushort4 { unsigned short x, y, z, w; } ushort4;

typedef struct int1 { int x; } int1;
typedef struct uint1 { unsigned int x; } uint1;
typedef struct CUFLOW_ALIGN(8) int2 { int x, y; } int2;
typedef struct CUFLOW_ALIGN(8) uint2 { unsigned int x, y; } uint2;
typedef struct int3 { int x, y, z; } int3;
typedef struct uint3 { unsigned int x, y, z; } uint3;
typedef struct CUFLOW_ALIGN(16) int4 { int x, y, z, w; } int4;
typedef struct CUFLOW_ALIGN(16) uint4 { unsigned int x, y, z, w; } uint4;

typedef struct long1 { long x; } long1;
typedef struct ulong1 { unsigned long x; } ulong1;
typedef struct CUFLOW_ALIGN(2 * sizeof(long)) long2 { long x, y; } long2;
typedef struct CUFLOW_ALIGN(2 * sizeof(long)) ulong2 { unsigned long x, y; } ulong2;
typedef struct long3 { long x, y, z; } long3;
typedef struct ulong3 { unsigned long x, y, z; } ulong3;
typedef struct CUFLOW_ALIGN(16) long4 { long x, y, z, w; } long4;
typedef struct CUFLOW_ALIGN(16) ulong4 { unsigned long x, y, z, w; } ulong4;

typedef struct longlong1 { long long x; } longlong1;
typedef struct ulonglong1 { unsigned long long x; } ulonglong1;
typedef struct CUFLOW_ALIGN(16) longlong2 { long long x, y; } longlong2;
typedef struct CUFLOW_ALIGN(16) ulonglong2 { unsigned long long x, y; } ulonglong2;
typedef struct longlong3 { long long x, y, z; } longlong3;
typedef struct ulonglong3 { unsigned long long x, y, z; } ulonglong3;
typedef struct CUFLOW_ALIGN(16) longlong4 { long long x, y, z, w; } longlong4;
typedef struct CUFLOW_ALIGN(16) ulonglong4 { unsigned long long x, y, z, w; } ulonglong4;

typedef struct float1 { float x; } float1;
typedef struct CUFLOW_ALIGN(8) float2 { float x, y; } float2;
typedef struct float3 { float x, y, z; } float3;
typedef struct CUFLOW_ALIGN(16) float4 { float x, y, z, w; } float4;

typedef struct double1 { double x; } double1;
typedef struct CUFLOW_ALIGN(16) double2 { double x, y; } double2;
typedef struct double3 { double x, y, z; } double3;
typedef struct CUFLOW_ALIGN(16) double4 { double x, y, z, w; } double4;

/* dim3: a uint3 whose unset components are 1 (the constructors are in the
 * C++ part below; C code fills all three members). */
struct dim3 {
	unsigned int x, y, z;
#ifdef __cplusplus
	CUFLOW_HD constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
				 unsigned int vz = 1)
		: x(vx), y(vy), z(vz) {}
	CUFLOW_HD constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
	CUFLOW_HD constexpr operator uint3() const { return uint3{x, y, z}; }
#endif
};
typedef struct dim3 dim3;

/* make_<type>(components...): one generator a component count. */
#define CUFLOW_MAKE1(T, E) \
	CUFLOW_INLINE CUFLOW_HD T make_##T(E x) { T r; r.x = x; return r; }
#define CUFLOW_MAKE2(T, E) \
	CUFLOW_INLINE CUFLOW_HD T make_##T(E x, E y) \
	{ T r; r.x = x; r.y = y; return r; }
#define CUFLOW_MAKE3(T, E) \
	CUFLOW_INLINE CUFLOW_HD T make_##T(E x, E y, E z) \
	{ T r; r.x = x; r.y = y; r.z = z; return r; }
#define CUFLOW_MAKE4(T, E) \
	CUFLOW_INLINE CUFLOW_HD T make_##T(E x, E y, E z, E w) \
	{ T r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }
#define CUFLOW_MAKE_ALL(P, E) \
	CUFLOW_MAKE1(P##1, E) CUFLOW_MAKE2(P##2, E) \
	CUFLOW_MAKE3(P##3, E) CUFLOW_MAKE4(P##4, E)
CUFLOW_MAKE_ALL(char, signed char)
CUFLOW_MAKE_ALL(uchar, unsigned char)
CUFLOW_MAKE_ALL(short, short)
CUFLOW_MAKE_ALL(ushort, unsigned short)
CUFLOW_MAKE_ALL(int, int)
CUFLOW_MAKE_ALL(uint, unsigned int)
CUFLOW_MAKE_ALL(long, long)
CUFLOW_MAKE_ALL(ulong, unsigned long)
CUFLOW_MAKE_ALL(longlong, long long)
CUFLOW_MAKE_ALL(ulonglong, unsigned long long)
CUFLOW_MAKE_ALL(float, float)
CUFLOW_MAKE_ALL(double, double)
#undef CUFLOW_MAKE_ALL
#undef CUFLOW_MAKE1
#undef CUFLOW_MAKE2
#undef CUFLOW_MAKE3
#undef CUFLOW_MAKE4

/* ---- structures ----------------------------------------------------------- */

typedef struct CUuuid_st { char bytes[16]; } cudaUUID_t;

/* What cudaGetDeviceProperties fills. Fields marked legacy were removed in
 * CUDA 13 (use cudaDeviceGetAttribute there) but older code still reads
 * them, so the struct keeps them. */
struct cudaDeviceProp {
	char name[256];
	cudaUUID_t uuid;
	char luid[8];
	unsigned int luidDeviceNodeMask;
	size_t totalGlobalMem;
	size_t sharedMemPerBlock;
	int regsPerBlock;
	int warpSize;
	size_t memPitch;
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
	int clockRate;                  /* legacy: kHz */
	size_t totalConstMem;
	int major;
	int minor;
	size_t textureAlignment;
	size_t texturePitchAlignment;
	int deviceOverlap;              /* legacy: use asyncEngineCount */
	int multiProcessorCount;
	int kernelExecTimeoutEnabled;   /* legacy */
	int integrated;
	int canMapHostMemory;
	int computeMode;                /* legacy */
	int maxTexture1D;
	int maxTexture1DMipmap;
	int maxTexture1DLinear;         /* legacy */
	int maxTexture2D[2];
	int maxTexture2DMipmap[2];
	int maxTexture2DLinear[3];
	int maxTexture2DGather[2];
	int maxTexture3D[3];
	int maxTexture3DAlt[3];
	int maxTextureCubemap;
	int maxTexture1DLayered[2];
	int maxTexture2DLayered[3];
	int maxTextureCubemapLayered[2];
	int maxSurface1D;
	int maxSurface2D[2];
	int maxSurface3D[3];
	int maxSurface1DLayered[2];
	int maxSurface2DLayered[3];
	int maxSurfaceCubemap;
	int maxSurfaceCubemapLayered[2];
	size_t surfaceAlignment;
	int concurrentKernels;
	int ECCEnabled;
	int pciBusID;
	int pciDeviceID;
	int pciDomainID;
	int tccDriver;
	int asyncEngineCount;
	int unifiedAddressing;
	int memoryClockRate;            /* legacy: kHz */
	int memoryBusWidth;
	int l2CacheSize;
	int persistingL2CacheMaxSize;
	int maxThreadsPerMultiProcessor;
	int streamPrioritiesSupported;
	int globalL1CacheSupported;
	int localL1CacheSupported;
	size_t sharedMemPerMultiprocessor;
	int regsPerMultiprocessor;
	int managedMemory;
	int isMultiGpuBoard;
	int multiGpuBoardGroupID;
	int hostNativeAtomicSupported;
	int singleToDoublePrecisionPerfRatio; /* legacy */
	int pageableMemoryAccess;
	int concurrentManagedAccess;
	int computePreemptionSupported;
	int canUseHostPointerForRegisteredMem;
	int cooperativeLaunch;
	int cooperativeMultiDeviceLaunch; /* legacy */
	size_t sharedMemPerBlockOptin;
	int pageableMemoryAccessUsesHostPageTables;
	int directManagedMemAccessFromHost;
	int maxBlocksPerMultiProcessor;
	int accessPolicyMaxWindowSize;
	size_t reservedSharedMemPerBlock;
	int hostRegisterSupported;
	int sparseCudaArraySupported;
	int hostRegisterReadOnlySupported;
	int timelineSemaphoreInteropSupported;
	int memoryPoolsSupported;
	int gpuDirectRDMASupported;
	unsigned int gpuDirectRDMAFlushWritesOptions;
	int gpuDirectRDMAWritesOrdering;
	unsigned int memoryPoolSupportedHandleTypes;
	int deferredMappingCudaArraySupported;
	int ipcEventSupported;
	int clusterLaunch;
	int unifiedFunctionPointers;
	int deviceNumaConfig;
	int deviceNumaId;
	int mpsEnabled;
	int hostNumaId;
	unsigned int gpuPciDeviceID;
	unsigned int gpuPciSubsystemID;
	int hostNumaMultinodeIpcSupported;
};

struct cudaFuncAttributes {
	size_t sharedSizeBytes;
	size_t constSizeBytes;
	size_t localSizeBytes;
	int maxThreadsPerBlock;
	int numRegs;
	int ptxVersion;
	int binaryVersion;
	int cacheModeCA;
	int maxDynamicSharedSizeBytes;
	int preferredShmemCarveout;
};

struct cudaPointerAttributes {
	enum cudaMemoryType type;
	int device;
	void *devicePointer;
	void *hostPointer;
	enum cudaMemoryType memoryType; /* legacy (before CUDA 11): same as type */
	int isManaged;                  /* legacy */
};

struct cudaMemLocation {
	enum cudaMemLocationType type;
	int id;
};

struct cudaExtent { size_t width, height, depth; };
struct cudaPos { size_t x, y, z; };
struct cudaPitchedPtr { void *ptr; size_t pitch; size_t xsize; size_t ysize; };

struct cudaMemcpy3DParms {
	cudaArray_t srcArray;
	struct cudaPos srcPos;
	struct cudaPitchedPtr srcPtr;
	cudaArray_t dstArray;
	struct cudaPos dstPos;
	struct cudaPitchedPtr dstPtr;
	struct cudaExtent extent;
	enum cudaMemcpyKind kind;
};

struct cudaChannelFormatDesc {
	int x, y, z, w; /* bits per component */
	enum cudaChannelFormatKind f;
};

struct cudaResourceDesc {
	enum cudaResourceType resType;
	union {
		struct { cudaArray_t array; } array;
		struct { cudaMipmappedArray_t mipmap; } mipmap;
		struct {
			void *devPtr;
			struct cudaChannelFormatDesc desc;
			size_t sizeInBytes;
		} linear;
		struct {
			void *devPtr;
			struct cudaChannelFormatDesc desc;
			size_t width, height, pitchInBytes;
		} pitch2D;
	} res;
};

struct cudaResourceViewDesc {
	enum cudaResourceViewFormat format;
	size_t width, height, depth;
	unsigned int firstMipmapLevel, lastMipmapLevel;
	unsigned int firstLayer, lastLayer;
};

struct cudaTextureDesc {
	enum cudaTextureAddressMode addressMode[3];
	enum cudaTextureFilterMode filterMode;
	enum cudaTextureReadMode readMode;
	int sRGB;
	float borderColor[4];
	int normalizedCoords;
	unsigned int maxAnisotropy;
	enum cudaTextureFilterMode mipmapFilterMode;
	float mipmapLevelBias;
	float minMipmapLevelClamp;
	float maxMipmapLevelClamp;
	int disableTrilinearOptimization;
	int seamlessCubemap;
};

/* Legacy texture references (removed in CUDA 12; Rodinia-era code). */
struct textureReference {
	int normalized;
	enum cudaTextureFilterMode filterMode;
	enum cudaTextureAddressMode addressMode[3];
	struct cudaChannelFormatDesc channelDesc;
	int sRGB;
	unsigned int maxAnisotropy;
	enum cudaTextureFilterMode mipmapFilterMode;
	float mipmapLevelBias;
	float minMipmapLevelClamp;
	float maxMipmapLevelClamp;
	int disableTrilinearOptimization;
};

CUFLOW_INLINE CUFLOW_HD struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d)
{ struct cudaExtent e; e.width = w; e.height = h; e.depth = d; return e; }
CUFLOW_INLINE CUFLOW_HD struct cudaPos make_cudaPos(size_t x, size_t y, size_t z)
{ struct cudaPos p; p.x = x; p.y = y; p.z = z; return p; }
CUFLOW_INLINE CUFLOW_HD struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz)
{ struct cudaPitchedPtr r; r.ptr = d; r.pitch = p; r.xsize = xsz; r.ysize = ysz; return r; }

/* ---- device management ---------------------------------------------------- */

cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags);
cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop);
cudaError_t cudaSetValidDevices(int *deviceArr, int len);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId);
cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceFlags(unsigned int *flags);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig);
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig);
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice);
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device);
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);
cudaError_t cudaDriverGetVersion(int *driverVersion);

/* Legacy per-thread names of the device calls (removed in CUDA 13). */
cudaError_t cudaThreadExit(void);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaThreadGetLimit(size_t *pValue, enum cudaLimit limit);
cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache cacheConfig);
cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *pCacheConfig);

/* ---- errors --------------------------------------------------------------- */

cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorName(cudaError_t error);
const char *cudaGetErrorString(cudaError_t error);

/* ---- streams -------------------------------------------------------------- */

cudaError_t cudaStreamCreate(cudaStream_t *pStream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority);
cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority);
cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags CUFLOW_DFLT(0));
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData, unsigned int flags);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length CUFLOW_DFLT(0), unsigned int flags CUFLOW_DFLT(cudaMemAttachSingle));
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData);

/* ---- events --------------------------------------------------------------- */

cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream CUFLOW_DFLT(0), unsigned int flags CUFLOW_DFLT(0));
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);

/* ---- memory --------------------------------------------------------------- */

cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags CUFLOW_DFLT(cudaMemAttachGlobal));
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent);
cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width, size_t height CUFLOW_DFLT(0), unsigned int flags CUFLOW_DFLT(0));
cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent, unsigned int flags CUFLOW_DFLT(0));
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream);
cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream);
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags);
cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream);
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep);

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count);
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice, size_t count, cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream CUFLOW_DFLT(0));
/* Legacy 1-D array copies (deprecated, still in the documented API). */
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream CUFLOW_DFLT(0));

/* A symbol is the address of a __device__/__constant__ variable. */
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset CUFLOW_DFLT(0), enum cudaMemcpyKind kind CUFLOW_DFLT(cudaMemcpyHostToDevice));
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset CUFLOW_DFLT(0), enum cudaMemcpyKind kind CUFLOW_DFLT(cudaMemcpyDeviceToHost));
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);
/* The templates below pass a symbol's size: the runtime records it, once, as
 * device memory (cudaGetSymbolSize, cudaPointerGetAttributes). */
void cuflowNoteSymbol(const void *symbol, size_t size);

cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent);

/* Managed memory hints: the int-device forms of CUDA <= 12; the _v2 forms
 * take a location (CUDA 13 names them without _v2: see the C++ part). */
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice, cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaMemPrefetchAsync_v2(const void *devPtr, size_t count, struct cudaMemLocation location, unsigned int flags, cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, int device);
cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, struct cudaMemLocation location);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr);

/* ---- execution -------------------------------------------------------------- */

/* func is the host-side address of a __global__ function. */
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem CUFLOW_DFLT(0), cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem CUFLOW_DFLT(0), cudaStream_t stream CUFLOW_DFLT(0));
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig);
cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize, unsigned int flags);
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func, int numBlocks, int blockSize);

/* Extensible launch (CUDA 12): a configuration with optional attributes. */
enum cudaLaunchAttributeID {
	cudaLaunchAttributeIgnore = 0,
	cudaLaunchAttributeAccessPolicyWindow = 1,
	cudaLaunchAttributeCooperative = 2,
	cudaLaunchAttributeSynchronizationPolicy = 3,
	cudaLaunchAttributeClusterDimension = 4,
	cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
	cudaLaunchAttributeProgrammaticStreamSerialization = 6,
	cudaLaunchAttributeProgrammaticEvent = 7,
	cudaLaunchAttributePriority = 8,
	cudaLaunchAttributeMemSyncDomainMap = 9,
	cudaLaunchAttributeMemSyncDomain = 10
};
typedef enum cudaLaunchAttributeID cudaLaunchAttributeID;

union cudaLaunchAttributeValue {
	char pad[64]; /* fixes the size whatever member is used */
	int cooperative;
	int priority;
	unsigned int programmaticStreamSerializationAllowed;
	struct { unsigned int x, y, z; } clusterDim;
	struct { cudaEvent_t event; int flags; int triggerAtBlockStart; } programmaticEvent;
};
typedef union cudaLaunchAttributeValue cudaLaunchAttributeValue;

typedef struct cudaLaunchAttribute_st {
	cudaLaunchAttributeID id;
	cudaLaunchAttributeValue val;
} cudaLaunchAttribute;

typedef struct cudaLaunchConfig_st {
	dim3 gridDim;
	dim3 blockDim;
	size_t dynamicSmemBytes;
	cudaStream_t stream;
	cudaLaunchAttribute *attrs;
	unsigned int numAttrs;
} cudaLaunchConfig_t;

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args);

/* ---- graphs ----------------------------------------------------------------- */

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph);
cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus);
/* the edge data of CUDA 12.3's graph dependencies: ports and a type, none here */
typedef struct cudaGraphEdgeData_st {
	unsigned char from_port, to_port, type, reserved[5];
} cudaGraphEdgeData;
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                     unsigned long long *id_out CUFLOW_DFLT(0), cudaGraph_t *graph_out CUFLOW_DFLT(0),
                                     const cudaGraphNode_t **dependencies_out CUFLOW_DFLT(0),
                                     const cudaGraphEdgeData **edgeData_out CUFLOW_DFLT(0),
                                     size_t *numDependencies_out CUFLOW_DFLT(0));
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode);
cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags CUFLOW_DFLT(0));
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags CUFLOW_DFLT(0));
cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);

/* ---- textures and surfaces ------------------------------------------------ */

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc, const struct cudaTextureDesc *pTexDesc, const struct cudaResourceViewDesc *pResViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc, cudaTextureObject_t texObject);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array);
/* Legacy texture references (removed in CUDA 12). */
cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref, const void *devPtr, const struct cudaChannelFormatDesc *desc, size_t size CUFLOW_DFLT(0xffffffffu));
cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref, const void *devPtr, const struct cudaChannelFormatDesc *desc, size_t width, size_t height, size_t pitch);
cudaError_t cudaBindTextureToArray(const struct textureReference *texref, cudaArray_const_t array, const struct cudaChannelFormatDesc *desc);
cudaError_t cudaUnbindTexture(const struct textureReference *texref);

/* ---- profiler --------------------------------------------------------------- */

cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);

#ifdef __cplusplus
} /* extern "C" */

/* ---- C++ overloads ---------------------------------------------------------- */

/* The typed conveniences of the real C++ API. They only forward to the C
 * functions above, so a runtime implementing those gets these for free. */

template <class T>
static inline cudaError_t cudaMalloc(T **devPtr, size_t size)
{ return cudaMalloc((void **)(void *)devPtr, size); }
template <class T>
static inline cudaError_t cudaMallocHost(T **ptr, size_t size, unsigned int flags = 0)
{ return flags ? cudaHostAlloc((void **)(void *)ptr, size, flags) : cudaMallocHost((void **)(void *)ptr, size); }
/* The untyped form with flags (C++ only in the real API too). */
CUFLOW_INLINE cudaError_t cudaMallocHost(void **ptr, size_t size, unsigned int flags)
{ return cudaHostAlloc(ptr, size, flags); }
template <class T>
static inline cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags)
{ return cudaHostAlloc((void **)(void *)ptr, size, flags); }
template <class T>
static inline cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags)
{ return cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags); }
template <class T>
static inline cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal)
{ return cudaMallocManaged((void **)(void *)devPtr, size, flags); }
template <class T>
static inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height)
{ return cudaMallocPitch((void **)(void *)devPtr, pitch, width, height); }
template <class T>
static inline cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaStream_t stream)
{ return cudaMallocAsync((void **)(void *)devPtr, size, stream); }
template <class T>
static inline cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaMemPool_t pool, cudaStream_t stream)
{ return cudaMallocFromPoolAsync((void **)(void *)devPtr, size, pool, stream); }

/* Symbols passed as the variable itself rather than its address. */
template <class T>
static inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{ cuflowNoteSymbol((const void *)&symbol, sizeof symbol); return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind); }
template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{ cuflowNoteSymbol((const void *)&symbol, sizeof symbol); return cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind); }
template <class T>
static inline cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0)
{ cuflowNoteSymbol((const void *)&symbol, sizeof symbol); return cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, stream); }
template <class T>
static inline cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t stream = 0)
{ cuflowNoteSymbol((const void *)&symbol, sizeof symbol); return cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind, stream); }
template <class T>
static inline cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol)
{ cuflowNoteSymbol((const void *)&symbol, sizeof symbol); return cudaGetSymbolAddress(devPtr, (const void *)&symbol); }
template <class T>
static inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol)
{ cuflowNoteSymbol((const void *)&symbol, sizeof symbol); return cudaGetSymbolSize(size, (const void *)&symbol); }

/* Kernels passed as function (pointers) of any type. */
template <class T>
static inline cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0)
{ return cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream); }
template <class T>
static inline cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0)
{ return cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream); }
template <class T>
static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry)
{ return cudaFuncGetAttributes(attr, (const void *)entry); }
template <class T>
static inline cudaError_t cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value)
{ return cudaFuncSetAttribute((const void *)entry, attr, value); }
template <class T>
static inline cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig)
{ return cudaFuncSetCacheConfig((const void *)func, cacheConfig); }
template <class T>
static inline cudaError_t cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig config)
{ return cudaFuncSetSharedMemConfig((const void *)func, config); }
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize, size_t dynamicSMemSize)
{ return cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, (const void *)func, blockSize, dynamicSMemSize); }
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, T func, int blockSize, size_t dynamicSMemSize, unsigned int flags)
{ return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, (const void *)func, blockSize, dynamicSMemSize, flags); }

/* cudaLaunchKernelEx(config, kernel, args...): the arguments are converted
 * to the kernel's parameter types and passed by address, as <<<>>> does. */
template <class... Params>
static inline cudaError_t __cuflowLaunchEx(const cudaLaunchConfig_t *config, void (*kernel)(Params...), Params... params)
{
	void *args[sizeof...(Params) + 1] = {(void *)&params..., 0};
	return cudaLaunchKernelExC(config, (const void *)kernel, args);
}
template <class... Params, class... Args>
static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(Params...), Args &&...args)
{ return __cuflowLaunchEx<Params...>(config, kernel, static_cast<Args &&>(args)...); }

/* Largest block size (a multiple of the warp size) that gives the highest
 * occupancy, with shared memory per block given by smem(blockSize); and the
 * grid size that fills the device at that occupancy. */
template <class F, class SMem>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *minGridSize, int *blockSize, F func, SMem smem, int blockSizeLimit = 0)
{
	int dev, sms, maxThreads, warp, best = 0, bestBlocks = 0;
	cudaError_t e;
	if (!minGridSize || !blockSize || !func)
		return cudaErrorInvalidValue;
	if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
	    (e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)) != cudaSuccess ||
	    (e = cudaDeviceGetAttribute(&maxThreads, cudaDevAttrMaxThreadsPerBlock, dev)) != cudaSuccess ||
	    (e = cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, dev)) != cudaSuccess)
		return e;
	if (blockSizeLimit > 0 && blockSizeLimit < maxThreads)
		maxThreads = blockSizeLimit;
	for (int bs = maxThreads - maxThreads % warp; bs > 0; bs -= warp) {
		int n = 0;
		e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, (const void *)func, bs, (size_t)smem(bs));
		if (e != cudaSuccess)
			return e;
		if (n * bs > bestBlocks * best) {
			best = bs;
			bestBlocks = n;
		}
	}
	*blockSize = best;
	*minGridSize = bestBlocks * sms;
	return cudaSuccess;
}

/* Constant shared memory per block, as a callable for the function above. */
struct __cuflowConstSMem {
	size_t n;
	size_t operator()(int) const { return n; }
};

template <class F>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, F func, size_t dynamicSMemSize = 0, int blockSizeLimit = 0)
{
	__cuflowConstSMem smem = {dynamicSMemSize};
	return cudaOccupancyMaxPotentialBlockSizeVariableSMem(minGridSize, blockSize, func, smem, blockSizeLimit);
}

/* CUDA 11's five-argument cudaGraphInstantiate (error node, log buffer). */
CUFLOW_INLINE cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, cudaGraphNode_t *pErrorNode, char *pLogBuffer, size_t bufferSize)
{
	(void)pErrorNode;
	if (pLogBuffer && bufferSize)
		pLogBuffer[0] = 0;
	return cudaGraphInstantiate(pGraphExec, graph, 0ULL);
}

/* CUDA 13 spells the location forms of these without _v2. */
CUFLOW_INLINE cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location, unsigned int flags, cudaStream_t stream = 0)
{ return cudaMemPrefetchAsync_v2(devPtr, count, location, flags, stream); }
CUFLOW_INLINE cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, struct cudaMemLocation location)
{ return cudaMemAdvise_v2(devPtr, count, advice, location); }

/* cudaCreateChannelDesc<T>(): the channel layout of a scalar or vector type. */
template <class T> struct __cuflowChannel {
	static const int n = 0, bits = 0;
	static const enum cudaChannelFormatKind kind = cudaChannelFormatKindNone;
};
#define CUFLOW_CHANNEL(T, N, B, K) \
	template <> struct __cuflowChannel<T> { \
		static const int n = N, bits = B; \
		static const enum cudaChannelFormatKind kind = cudaChannelFormatKind##K; \
	};
#define CUFLOW_CHANNEL_VEC(P, B, K) \
	CUFLOW_CHANNEL(P##1, 1, B, K) CUFLOW_CHANNEL(P##2, 2, B, K) \
	CUFLOW_CHANNEL(P##4, 4, B, K)
CUFLOW_CHANNEL(char, 1, 8, Signed)
CUFLOW_CHANNEL(signed char, 1, 8, Signed)
CUFLOW_CHANNEL(unsigned char, 1, 8, Unsigned)
CUFLOW_CHANNEL(short, 1, 16, Signed)
CUFLOW_CHANNEL(unsigned short, 1, 16, Unsigned)
CUFLOW_CHANNEL(int, 1, 32, Signed)
CUFLOW_CHANNEL(unsigned int, 1, 32, Unsigned)
CUFLOW_CHANNEL(float, 1, 32, Float)
CUFLOW_CHANNEL_VEC(char, 8, Signed)
CUFLOW_CHANNEL_VEC(uchar, 8, Unsigned)
CUFLOW_CHANNEL_VEC(short, 16, Signed)
CUFLOW_CHANNEL_VEC(ushort, 16, Unsigned)
CUFLOW_CHANNEL_VEC(int, 32, Signed)
CUFLOW_CHANNEL_VEC(uint, 32, Unsigned)
CUFLOW_CHANNEL_VEC(float, 32, Float)
#undef CUFLOW_CHANNEL_VEC
#undef CUFLOW_CHANNEL

template <class T>
static inline struct cudaChannelFormatDesc cudaCreateChannelDesc(void)
{
	typedef __cuflowChannel<T> C;
	return cudaCreateChannelDesc(C::bits, C::n > 1 ? C::bits : 0,
				     C::n > 2 ? C::bits : 0,
				     C::n > 3 ? C::bits : 0, C::kind);
}
#endif /* __cplusplus */

#endif /* CUFLOW_CUDA_API_H */
