/* cuflow_nvtx.h: NVTX annotations (nvToolsExt.h) as no-ops, written for
 * cuflow (not NVIDIA's header). Ranges and marks do nothing; the calls
 * return what a successful NVTX call would. Valid C and C++.
 */
#ifndef CUFLOW_NVTX_H
#define CUFLOW_NVTX_H
#if defined(__clang__) && defined(__CUDA__)
#pragma clang system_header /* in CUDA parses, as the toolkit's */
#endif

#include <stddef.h>
#include <stdint.h>

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;

/* Attribute block of the *Ex calls; only its common fields. */
typedef struct nvtxEventAttributes_v2 {
	uint16_t version, size;
	uint32_t category;
	int32_t colorType;
	uint32_t color;
	int32_t payloadType;
	int32_t reserved0;
	union { uint64_t ullValue; int64_t llValue; double dValue; } payload;
	int32_t messageType;
	union { const char *ascii; const wchar_t *unicode; } message;
} nvtxEventAttributes_t;

#define NVTX_VERSION 3
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)sizeof(nvtxEventAttributes_t))
#define NVTX_COLOR_ARGB 1
#define NVTX_MESSAGE_TYPE_ASCII 1

#if defined(__GNUC__) || defined(__clang__)
#define CUFLOW_NVTX_FN static inline __attribute__((unused))
#else
#define CUFLOW_NVTX_FN static inline
#endif

CUFLOW_NVTX_FN int nvtxRangePushA(const char *message) { (void)message; return 0; }
CUFLOW_NVTX_FN int nvtxRangePushW(const wchar_t *message) { (void)message; return 0; }
CUFLOW_NVTX_FN int nvtxRangePushEx(const nvtxEventAttributes_t *attr) { (void)attr; return 0; }
CUFLOW_NVTX_FN int nvtxRangePop(void) { return 0; }
CUFLOW_NVTX_FN nvtxRangeId_t nvtxRangeStartA(const char *message) { (void)message; return 1; }
CUFLOW_NVTX_FN nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *attr) { (void)attr; return 1; }
CUFLOW_NVTX_FN void nvtxRangeEnd(nvtxRangeId_t id) { (void)id; }
CUFLOW_NVTX_FN void nvtxMarkA(const char *message) { (void)message; }
CUFLOW_NVTX_FN void nvtxMarkEx(const nvtxEventAttributes_t *attr) { (void)attr; }
CUFLOW_NVTX_FN void nvtxNameOsThreadA(uint32_t threadId, const char *name) { (void)threadId; (void)name; }
#define nvtxRangePush nvtxRangePushA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxMark nvtxMarkA
#define nvtxNameOsThread nvtxNameOsThreadA

#endif /* CUFLOW_NVTX_H */
