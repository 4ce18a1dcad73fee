/* texture.c: CUDA arrays (cudaMallocArray & co.), channel descriptors, and
 * texture and surface objects. An array is a dense row-major block of
 * elements; a texture or surface object is a cuflow_texture (cuflow_rt.h)
 * whose address is the handle, read by the device-side fetch functions of
 * cuflow_device.h. Mipmapped arrays and the legacy texture-reference C
 * calls are not supported (texture<> references are handled in C++ in
 * cuflow_device.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f)
{
	struct cudaChannelFormatDesc d = {x, y, z, w, f};
	return d;
}

static size_t elem_size(const struct cudaChannelFormatDesc *d)
{
	int bits = d->x + d->y + d->z + d->w;
	if (d->x < 0 || d->y < 0 || d->z < 0 || d->w < 0 || bits <= 0 || bits % 8)
		return 0;
	return (size_t)bits / 8;
}

/* ---- arrays -------------------------------------------------------------------- */

static cudaError_t new_array(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
			     struct cudaExtent e, unsigned flags)
{
	if (!array || !desc || !e.width)
		return rt_err(cudaErrorInvalidValue);
	size_t elem = elem_size(desc);
	if (!elem)
		return rt_err(cudaErrorInvalidChannelDescriptor);
	struct cudaArray *a = rt_xmalloc(sizeof *a);
	a->desc = *desc;
	a->width = e.width;
	a->height = e.height ? e.height : 1;
	a->depth = e.depth ? e.depth : 1;
	a->elem = elem;
	a->pitch = e.width * elem;
	a->flags = flags;
	a->data = calloc(a->height * a->depth, a->pitch);
	if (!a->data) {
		free(a);
		return rt_err(cudaErrorMemoryAllocation);
	}
	*array = a;
	return cudaSuccess;
}

cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width,
			    size_t height, unsigned int flags)
{
	return new_array(array, desc, make_cudaExtent(width, height, 0), flags);
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
			      struct cudaExtent extent, unsigned int flags)
{
	return new_array(array, desc, extent, flags);
}

cudaError_t cudaFreeArray(cudaArray_t array)
{
	if (!array)
		return cudaSuccess;
	rt_sync_all();
	free(array->data);
	free(array);
	return cudaSuccess;
}

cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array)
{
	if (!desc || !array)
		return rt_err(cudaErrorInvalidValue);
	*desc = array->desc;
	return cudaSuccess;
}

/* ---- texture and surface objects ---------------------------------------------- */

static cudaError_t resolve_array(cuflow_texture *t, cudaArray_t a)
{
	if (!a)
		return cudaErrorInvalidValue;
	t->desc = a->desc;
	t->data = a->data;
	t->elem = a->elem;
	t->width = a->width;
	t->height = a->height;
	t->depth = a->depth;
	t->pitch = a->pitch;
	t->slice = a->pitch * a->height;
	return cudaSuccess;
}

static cudaError_t resolve(cuflow_texture *t)
{
	const struct cudaResourceDesc *r = &t->res;
	switch (r->resType) {
	case cudaResourceTypeArray:
		return resolve_array(t, r->res.array.array);
	case cudaResourceTypeLinear:
		t->desc = r->res.linear.desc;
		t->data = r->res.linear.devPtr;
		t->elem = elem_size(&t->desc);
		if (!t->data || !t->elem)
			return cudaErrorInvalidValue;
		t->width = r->res.linear.sizeInBytes / t->elem;
		t->height = t->depth = 1;
		t->pitch = t->slice = r->res.linear.sizeInBytes;
		return cudaSuccess;
	case cudaResourceTypePitch2D:
		t->desc = r->res.pitch2D.desc;
		t->data = r->res.pitch2D.devPtr;
		t->elem = elem_size(&t->desc);
		if (!t->data || !t->elem || r->res.pitch2D.pitchInBytes < r->res.pitch2D.width * t->elem)
			return cudaErrorInvalidValue;
		t->width = r->res.pitch2D.width;
		t->height = r->res.pitch2D.height;
		t->depth = 1;
		t->pitch = r->res.pitch2D.pitchInBytes;
		t->slice = t->pitch * t->height;
		return cudaSuccess;
	default:
		return cudaErrorNotSupported; /* mipmapped arrays */
	}
}

static cudaError_t new_object(unsigned long long *handle, const struct cudaResourceDesc *res,
			      const struct cudaTextureDesc *tex)
{
	if (!handle || !res)
		return rt_err(cudaErrorInvalidValue);
	cuflow_texture *t = rt_xmalloc(sizeof *t);
	memset(t, 0, sizeof *t);
	t->res = *res;
	if (tex)
		t->tex = *tex;
	cudaError_t e = resolve(t);
	if (e != cudaSuccess) {
		free(t);
		return rt_err(e);
	}
	*handle = (unsigned long long)(uintptr_t)t;
	return cudaSuccess;
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
				    const struct cudaTextureDesc *pTexDesc,
				    const struct cudaResourceViewDesc *pResViewDesc)
{
	(void)pResViewDesc;
	if (!pTexDesc)
		return rt_err(cudaErrorInvalidValue);
	return new_object(pTexObject, pResDesc, pTexDesc);
}

/* Queued launches may still read the object: it is freed once they ran. */
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject)
{
	rt_bury((void *)(uintptr_t)texObject);
	return cudaSuccess;
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc, cudaTextureObject_t texObject)
{
	if (!pResDesc || !texObject)
		return rt_err(cudaErrorInvalidValue);
	*pResDesc = ((const cuflow_texture *)(uintptr_t)texObject)->res;
	return cudaSuccess;
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc)
{
	if (pResDesc && pResDesc->resType != cudaResourceTypeArray)
		return rt_err(cudaErrorInvalidValue);
	return new_object(pSurfObject, pResDesc, NULL);
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject)
{
	return cudaDestroyTextureObject(surfObject);
}

/* ---- legacy texture references through the C API: not supported (the
 * texture<> template of cuflow_device.h binds in C++) ----------------------------- */

cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref, const void *devPtr,
			    const struct cudaChannelFormatDesc *desc, size_t size)
{
	(void)offset;
	(void)texref;
	(void)devPtr;
	(void)desc;
	(void)size;
	return rt_err(cudaErrorNotSupported);
}

cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref, const void *devPtr,
			      const struct cudaChannelFormatDesc *desc, size_t width, size_t height,
			      size_t pitch)
{
	(void)offset;
	(void)texref;
	(void)devPtr;
	(void)desc;
	(void)width;
	(void)height;
	(void)pitch;
	return rt_err(cudaErrorNotSupported);
}

cudaError_t cudaBindTextureToArray(const struct textureReference *texref, cudaArray_const_t array,
				   const struct cudaChannelFormatDesc *desc)
{
	(void)texref;
	(void)array;
	(void)desc;
	return rt_err(cudaErrorNotSupported);
}

cudaError_t cudaUnbindTexture(const struct textureReference *texref)
{
	(void)texref;
	return rt_err(cudaErrorNotSupported);
}
