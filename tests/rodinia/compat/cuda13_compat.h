/* Rodinia on CUDA 13: compatibility shim for the GPU reference build only.
 *
 * tests/rodinia/run gpu-prep force-includes this header (nvcc -include) into
 * every CUDA translation unit of the COPIES it prepares; the originals and the
 * sources cuflow lowers are not touched by it.  It pairs with two sed scripts
 * applied to the copies at prep time (compat/cuda13.sed, compat/texref.sed)
 * and with -DcudaThreadSynchronize=cudaDeviceSynchronize on nvcc's command line.
 *
 * What CUDA 13 removed that Rodinia uses:
 *  - cudaThreadSynchronize (deprecated since CUDA 4): the -D above.
 *  - cudaDeviceProp::clockRate, ::computeMode, ::deviceOverlap (gaussian prints
 *    them, hybridsort's helper_cuda.h reads them): compat/cuda13.sed rewrites
 *    `prop.field` to RODINIA_PROP_field(&prop), which asks
 *    cudaDeviceGetAttribute for the device that `prop` describes (matched by
 *    its PCI domain/bus/device ids).
 *  - legacy texture references (texture<T,1,cudaReadModeElementType>,
 *    cudaBindTexture, tex1Dfetch on a reference; removed in CUDA 12):
 *    compat/texref.sed rewrites each declaration to a __device__
 *    rodinia_texref<T> (a pointer and an element count); the overloads below
 *    bind it (cudaMemcpyToSymbol of the pointer) and read it with plain
 *    global loads, returning zero out of range as tex1Dfetch does.
 */
#ifndef RODINIA_CUDA13_COMPAT_H
#define RODINIA_CUDA13_COMPAT_H

#include <cuda_runtime.h>

#ifndef cudaThreadSynchronize
#define cudaThreadSynchronize cudaDeviceSynchronize
#endif
#ifndef cudaThreadExit
#define cudaThreadExit cudaDeviceReset
#endif

/* ---- removed cudaDeviceProp fields ------------------------------------- */
static inline int rodinia_prop_device(const struct cudaDeviceProp *p)
{
	int n = 0, d, cur = 0;
	cudaGetDeviceCount(&n);
	for (d = 0; d < n; d++) {
		int bus = -1, dev = -1, dom = -1;
		cudaDeviceGetAttribute(&bus, cudaDevAttrPciBusId, d);
		cudaDeviceGetAttribute(&dev, cudaDevAttrPciDeviceId, d);
		cudaDeviceGetAttribute(&dom, cudaDevAttrPciDomainId, d);
		if (bus == p->pciBusID && dev == p->pciDeviceID && dom == p->pciDomainID)
			return d;
	}
	cudaGetDevice(&cur);
	return cur;
}
static inline int rodinia_prop_attr(const struct cudaDeviceProp *p, enum cudaDeviceAttr a)
{
	int v = 0;
	cudaDeviceGetAttribute(&v, a, rodinia_prop_device(p));
	return v;
}
#define RODINIA_PROP_clockRate(p) rodinia_prop_attr((p), cudaDevAttrClockRate)
#define RODINIA_PROP_computeMode(p) rodinia_prop_attr((p), cudaDevAttrComputeMode)
#define RODINIA_PROP_deviceOverlap(p) rodinia_prop_attr((p), cudaDevAttrGpuOverlap)

/* ---- legacy 1D texture references over linear memory ------------------- */
#ifdef __cplusplus
template <class T> struct rodinia_texref {
	const T *ptr;
	size_t n; /* elements bound; reads past it give zero, like tex1Dfetch */
	/* The reference's attributes, which host code may set (nvcc warns that
	 * it writes the host shadow): tex1Dfetch ignores them on a GPU too. */
	enum cudaTextureAddressMode addressMode[3];
	enum cudaTextureFilterMode filterMode;
	int normalized;
	struct cudaChannelFormatDesc channelDesc;
};

template <class T>
__device__ __forceinline__ T tex1Dfetch(const rodinia_texref<T> &r, int i)
{
	if (i < 0 || (size_t)i >= r.n)
		return T();
	return r.ptr[i];
}

template <class T>
static inline cudaError_t cudaBindTexture(size_t *offset, const rodinia_texref<T> &ref,
                                          const void *devPtr, size_t size = ~(size_t)0)
{
	rodinia_texref<T> v = rodinia_texref<T>();
	v.ptr = (const T *)devPtr;
	v.n = size / sizeof(T);
	if (offset)
		*offset = 0;
	return cudaMemcpyToSymbol(ref, &v, sizeof v);
}

template <class T>
static inline cudaError_t cudaBindTexture(size_t *offset, const rodinia_texref<T> &ref,
                                          const void *devPtr, const cudaChannelFormatDesc &desc,
                                          size_t size = ~(size_t)0)
{
	(void)desc;
	return cudaBindTexture(offset, ref, devPtr, size);
}

template <class T>
static inline cudaError_t cudaUnbindTexture(const rodinia_texref<T> &ref)
{
	rodinia_texref<T> v = rodinia_texref<T>();
	return cudaMemcpyToSymbol(ref, &v, sizeof v);
}
#endif /* __cplusplus */

#endif /* RODINIA_CUDA13_COMPAT_H */
