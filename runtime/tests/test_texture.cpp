/* test_texture.cpp: texture objects (linear memory, arrays; point and
 * linear filtering; clamp, border and wrap addressing; normalised
 * coordinates; normalised-float reads), texture references (texture<>
 * bound with cudaBindTexture*, rebinding between launches) and surface
 * objects, used from kernels written like lowered code. Run in both modes. */
#include <initializer_list>
#include <math.h>
#include <string.h>

#include "check.h"

/* texture<float, 1> t_lin; texture<float, 2> t_img; as lowered */
static texture<float, 1> t_lin;
static texture<float, 2, cudaReadModeElementType> t_img;

static bool near(float a, float b)
{
	return fabsf(a - b) < 1e-5f;
}

static void test_linear_object(void)
{
	const int n = 100;
	float *d;
	CHECK_CUDA(cudaMallocManaged(&d, n * sizeof(float)));
	for (int i = 0; i < n; i++)
		d[i] = (float)i * 1.5f;
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof rd);
	rd.resType = cudaResourceTypeLinear;
	rd.res.linear.devPtr = d;
	rd.res.linear.desc = cudaCreateChannelDesc<float>();
	rd.res.linear.sizeInBytes = n * sizeof(float);
	cudaTextureDesc td;
	memset(&td, 0, sizeof td);
	cudaTextureObject_t o;
	CHECK_CUDA(cudaCreateTextureObject(&o, &rd, &td, NULL));
	CHECK(tex1Dfetch<float>(o, 7) == 10.5f);
	CHECK(tex1Dfetch<float>(o, n) == 0.0f && tex1Dfetch<float>(o, -1) == 0.0f);
	float r;
	tex1Dfetch(&r, o, 3);
	CHECK(r == 4.5f);
	cudaResourceDesc back;
	CHECK_CUDA(cudaGetTextureObjectResourceDesc(&back, o));
	CHECK(back.res.linear.devPtr == d);
	CHECK_CUDA(cudaDestroyTextureObject(o));
	CHECK_CUDA(cudaFree(d));
}

static cudaTextureObject_t array_object(cudaArray_t a, cudaTextureFilterMode f, cudaTextureAddressMode am,
					int normalized, cudaTextureReadMode rm)
{
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof rd);
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaTextureDesc td;
	memset(&td, 0, sizeof td);
	td.addressMode[0] = td.addressMode[1] = am;
	td.filterMode = f;
	td.normalizedCoords = normalized;
	td.readMode = rm;
	cudaTextureObject_t o;
	CHECK_CUDA(cudaCreateTextureObject(&o, &rd, &td, NULL));
	return o;
}

static void test_array_objects(void)
{
	/* 4 x 3 floats: a(x, y) = 10 y + x */
	float h[3][4];
	for (int y = 0; y < 3; y++)
		for (int x = 0; x < 4; x++)
			h[y][x] = (float)(10 * y + x);
	cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	CHECK_CUDA(cudaMallocArray(&a, &fd, 4, 3));
	CHECK_CUDA(cudaMemcpy2DToArray(a, 0, 0, h, sizeof h[0], sizeof h[0], 3, cudaMemcpyHostToDevice));

	cudaTextureObject_t pt = array_object(a, cudaFilterModePoint, cudaAddressModeClamp, 0, cudaReadModeElementType);
	CHECK(tex2D<float>(pt, 2.5f, 1.5f) == 12.0f);
	CHECK(tex2D<float>(pt, -3.0f, 10.0f) == 20.0f); /* clamped to (0, 2) */
	cudaTextureObject_t lin = array_object(a, cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeElementType);
	CHECK(near(tex2D<float>(lin, 1.0f, 0.5f), 0.5f));   /* halfway between (0,0) and (1,0) */
	CHECK(near(tex2D<float>(lin, 2.0f, 2.0f), 16.5f));  /* four texels */
	CHECK(near(tex2D<float>(lin, 2.5f, 1.5f), 12.0f));  /* a texel centre */
	cudaTextureObject_t wrap = array_object(a, cudaFilterModePoint, cudaAddressModeWrap, 1, cudaReadModeElementType);
	CHECK(tex2D<float>(wrap, 1.375f, 0.5f) == 11.0f);   /* u = 5.5 -> x = 1, v = 1.5 -> y = 1 */
	CHECK(tex2D<float>(wrap, -0.125f, 0.2f) == 3.0f);   /* u = -0.5 -> x = 3 */
	cudaTextureObject_t bord = array_object(a, cudaFilterModePoint, cudaAddressModeBorder, 0, cudaReadModeElementType);
	CHECK(tex2D<float>(bord, 4.5f, 0.5f) == 0.0f && tex2D<float>(bord, 3.5f, 0.5f) == 3.0f);
	for (cudaTextureObject_t o : {pt, lin, wrap, bord})
		CHECK_CUDA(cudaDestroyTextureObject(o));
	CHECK_CUDA(cudaFreeArray(a));

	/* uchar4 read as normalised floats */
	cudaChannelFormatDesc cd = cudaCreateChannelDesc<uchar4>();
	CHECK(cd.x == 8 && cd.w == 8 && cd.f == cudaChannelFormatKindUnsigned);
	CHECK_CUDA(cudaMallocArray(&a, &cd, 2, 1));
	uchar4 px[2] = {make_uchar4(0, 51, 255, 102), make_uchar4(255, 255, 255, 255)};
	CHECK_CUDA(cudaMemcpyToArray(a, 0, 0, px, sizeof px, cudaMemcpyHostToDevice));
	cudaTextureObject_t nf = array_object(a, cudaFilterModePoint, cudaAddressModeClamp, 0, cudaReadModeNormalizedFloat);
	float4 v = tex2D<float4>(nf, 0.5f, 0.5f);
	CHECK(near(v.x, 0.0f) && near(v.y, 0.2f) && near(v.z, 1.0f) && near(v.w, 0.4f));
	cudaTextureObject_t raw = array_object(a, cudaFilterModePoint, cudaAddressModeClamp, 0, cudaReadModeElementType);
	uchar4 u = tex2D<uchar4>(raw, 0.5f, 0.5f);
	CHECK(u.y == 51 && u.w == 102);
	CHECK_CUDA(cudaDestroyTextureObject(nf));
	CHECK_CUDA(cudaDestroyTextureObject(raw));
	CHECK_CUDA(cudaFreeArray(a));
}

struct ref_args {
	float *out;
	int n;
};

/* out[i] = tex1Dfetch(t_lin, i) + tex2D(t_img, 0.5, 0.5) */
static void ref_block(const cuflow_block *b, void *p)
{
	const ref_args *a = (const ref_args *)p;
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		int i = (int)(b->blockIdx.x * b->blockDim.x + t);
		if (i < a->n)
			a->out[i] = tex1Dfetch(t_lin, i) + tex2D(t_img, 0.5f, 0.5f);
	}
}

static void test_references(void)
{
	const int n = 64;
	float *d1, *d2, *o1, *o2;
	CHECK_CUDA(cudaMalloc(&d1, n * sizeof(float)));
	CHECK_CUDA(cudaMalloc(&d2, n * sizeof(float)));
	CHECK_CUDA(cudaMallocManaged(&o1, n * sizeof(float)));
	CHECK_CUDA(cudaMallocManaged(&o2, n * sizeof(float)));
	float h[n];
	for (int i = 0; i < n; i++)
		h[i] = (float)i;
	CHECK_CUDA(cudaMemcpy(d1, h, sizeof h, cudaMemcpyHostToDevice));
	for (int i = 0; i < n; i++)
		h[i] = 1000.0f + i;
	CHECK_CUDA(cudaMemcpy(d2, h, sizeof h, cudaMemcpyHostToDevice));
	cudaArray_t img;
	cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
	CHECK_CUDA(cudaMallocArray(&img, &fd, 2, 2));
	float px[4] = {0.25f, 0, 0, 0};
	CHECK_CUDA(cudaMemcpyToArray(img, 0, 0, px, sizeof px, cudaMemcpyHostToDevice));
	t_img.filterMode = cudaFilterModePoint;
	CHECK_CUDA(cudaBindTextureToArray(t_img, img));

	size_t off = 99;
	CHECK_CUDA(cudaBindTexture(&off, t_lin, d1, n * sizeof(float)));
	CHECK_EQ(off, 0);
	ref_args a = {o1, n};
	CHECK_CUDA(cuflowLaunch(ref_block, &a, sizeof a, dim3(2), dim3(32), 0, 0));
	CHECK_CUDA(cudaBindTexture(NULL, t_lin, d2, cudaCreateChannelDesc<float>(), n * sizeof(float)));
	a.out = o2;
	CHECK_CUDA(cuflowLaunch(ref_block, &a, sizeof a, dim3(2), dim3(32), 0, 0));
	CHECK_CUDA(cudaDeviceSynchronize());
	for (int i = 0; i < n; i++) {
		CHECK(o1[i] == (float)i + 0.25f);  /* the first launch saw the first binding */
		CHECK(o2[i] == 1000.0f + i + 0.25f);
	}
	CHECK_CUDA(cudaUnbindTexture(t_lin));
	CHECK_CUDA(cudaUnbindTexture(t_img));
	CHECK_CUDA(cudaDeviceSynchronize());
	CHECK(tex1Dfetch(t_lin, 0) == 0.0f); /* unbound: nothing in range */
	CHECK_CUDA(cudaFreeArray(img));
	CHECK_CUDA(cudaFree(d1));
	CHECK_CUDA(cudaFree(d2));
	CHECK_CUDA(cudaFree(o1));
	CHECK_CUDA(cudaFree(o2));
}

struct surf_args {
	cudaSurfaceObject_t s;
	int w, h;
};

/* block y, thread x: surf2Dwrite(x * y, s, x * sizeof(int), y) */
static void surf_block(const cuflow_block *b, void *p)
{
	const surf_args *a = (const surf_args *)p;
	int y = (int)b->blockIdx.x;
	for (unsigned t = 0; t < b->blockDim.x; t++)
		surf2Dwrite((int)t * y, a->s, (int)(t * sizeof(int)), y);
}

static void test_surfaces(void)
{
	const int w = 16, h = 8;
	cudaChannelFormatDesc d = cudaCreateChannelDesc<int>();
	cudaArray_t a;
	CHECK_CUDA(cudaMallocArray(&a, &d, w, h, cudaArraySurfaceLoadStore));
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof rd);
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaSurfaceObject_t s;
	CHECK_CUDA(cudaCreateSurfaceObject(&s, &rd));
	surf_args sa = {s, w, h};
	CHECK_CUDA(cuflowLaunch(surf_block, &sa, sizeof sa, dim3(h), dim3(w), 0, 0));
	int back[h][w];
	CHECK_CUDA(cudaMemcpy2DFromArray(back, sizeof back[0], a, 0, 0, sizeof back[0], h, cudaMemcpyDeviceToHost));
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			CHECK_EQ(back[y][x], x * y);
	CHECK_EQ(surf2Dread<int>(s, 3 * sizeof(int), 5), 15);
	CHECK_EQ(surf2Dread<int>(s, w * sizeof(int), 0), 0); /* outside: zero */
	surf2Dwrite(7, s, w * (int)sizeof(int), 0);          /* outside: ignored */
	CHECK_CUDA(cudaDestroySurfaceObject(s));
	CHECK_CUDA(cudaFreeArray(a));
}

int main(void)
{
	test_linear_object();
	test_array_objects();
	test_references();
	test_surfaces();
	CHECK_EQ(cudaGetLastError(), cudaSuccess);
	printf("PASS test_texture (%s)\n", cuflowDeferred() ? "deferred" : "eager");
	return 0;
}
