/* test_memory.cpp: allocations, pointer attributes, every copy and memset
 * shape (1-D, 2-D, 3-D, arrays, symbols, peer, async), host registration
 * and the errors of bad frees and copies (past an allocation's end, through
 * a freed pointer). Correct in both modes: run by
 * make check as it is and under CUFLOW_DEFER=1 (defer.test). */
#include <stdint.h>
#include <string.h>
#include <vector>

#include "check.h"

/* __constant__ float c_table[16]; __device__ int d_counter; as lowered */
static float c_table[16];
static int d_counter;

struct scale_args {
	float *x;
	float a;
	int n;
};

/* __global__ void scale(float *x, float a, int n) { x[i] *= a; } */
static void scale_block(const cuflow_block *b, void *p)
{
	const scale_args *a = (const scale_args *)p;
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		int i = (int)(b->blockIdx.x * b->blockDim.x + t);
		if (i < a->n)
			a->x[i] *= a->a;
	}
}

struct table_args {
	float *out;
};

/* out[i] = c_table[i] + d_counter, reading the lowered symbols */
static void table_block(const cuflow_block *b, void *p)
{
	const table_args *a = (const table_args *)p;
	for (unsigned t = 0; t < b->blockDim.x; t++)
		a->out[t] = c_table[t] + (float)d_counter;
}

static void check_zero_aligned(void *p, size_t n)
{
	CHECK(p != NULL);
	CHECK((uintptr_t)p % 256 == 0);
	for (size_t i = 0; i < n; i += 4093)
		CHECK(((unsigned char *)p)[i] == 0);
	CHECK(((unsigned char *)p)[n - 1] == 0);
}

static void test_alloc(void)
{
	void *d, *h, *m, *w;
	size_t big = (size_t)3 << 20;
	CHECK_CUDA(cudaMalloc(&d, 1000));
	CHECK_CUDA(cudaMallocHost(&h, big));
	CHECK_CUDA(cudaMallocManaged(&m, 4096));
	CHECK_CUDA(cudaHostAlloc(&w, 100, cudaHostAllocMapped));
	check_zero_aligned(d, 1000);
	check_zero_aligned(h, big);
	check_zero_aligned(m, 4096);
	void *z = (void *)1;
	CHECK_CUDA(cudaMalloc(&z, 0));
	CHECK(z == NULL);

	cudaPointerAttributes at;
	CHECK_CUDA(cudaPointerGetAttributes(&at, (char *)d + 10));
	CHECK(at.type == cudaMemoryTypeDevice && at.devicePointer == (char *)d + 10 && at.hostPointer == NULL);
	CHECK_CUDA(cudaPointerGetAttributes(&at, h));
	CHECK(at.type == cudaMemoryTypeHost && at.hostPointer == h);
	CHECK_CUDA(cudaPointerGetAttributes(&at, m));
	CHECK(at.type == cudaMemoryTypeManaged && at.isManaged);
	int local;
	CHECK_CUDA(cudaPointerGetAttributes(&at, &local));
	CHECK(at.type == cudaMemoryTypeUnregistered);

	unsigned flags = 0;
	CHECK_CUDA(cudaHostGetFlags(&flags, w));
	CHECK(flags == cudaHostAllocMapped);
	void *dw;
	CHECK_CUDA(cudaHostGetDevicePointer(&dw, w, 0));
	CHECK(dw == w);

	CHECK_EQ(cudaFreeHost(d), cudaErrorInvalidValue); /* not host memory */
	CHECK_EQ(cudaFree(h), cudaErrorInvalidValue);     /* not device memory */
	CHECK_EQ(cudaFree((char *)d + 8), cudaErrorInvalidValue);
	CHECK_EQ(cudaGetLastError(), cudaErrorInvalidValue);
	CHECK_CUDA(cudaFree(NULL));
	CHECK_CUDA(cudaFree(d));
	CHECK_EQ(cudaFree(d), cudaErrorInvalidValue); /* twice */
	CHECK_CUDA(cudaFreeHost(h));
	CHECK_CUDA(cudaFree(m));
	CHECK_CUDA(cudaFreeHost(w));
	cudaGetLastError();

	size_t freeb, total;
	CHECK_CUDA(cudaMemGetInfo(&freeb, &total));
	CHECK(total > ((size_t)64 << 20) && freeb > 0 && freeb <= total);
}

static void test_register(void)
{
	std::vector<char> buf(10000);
	CHECK_CUDA(cudaHostRegister(buf.data(), buf.size(), cudaHostRegisterDefault));
	cudaPointerAttributes at;
	CHECK_CUDA(cudaPointerGetAttributes(&at, buf.data() + 100));
	CHECK(at.type == cudaMemoryTypeHost);
	CHECK_EQ(cudaHostRegister(buf.data() + 10, 10, 0), cudaErrorHostMemoryAlreadyRegistered);
	CHECK_CUDA(cudaHostUnregister(buf.data()));
	CHECK_EQ(cudaHostUnregister(buf.data()), cudaErrorHostMemoryNotRegistered);
	cudaGetLastError();
}

static void test_linear(void)
{
	const int n = 1000;
	std::vector<float> h(n), back(n, -1.0f);
	for (int i = 0; i < n; i++)
		h[i] = (float)i;
	float *d, *d2;
	CHECK_CUDA(cudaMalloc(&d, n * sizeof(float)));
	CHECK_CUDA(cudaMalloc(&d2, n * sizeof(float)));
	CHECK_CUDA(cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
	scale_args a = {d, 2.0f, n};
	CHECK_CUDA(cuflowLaunch(scale_block, &a, sizeof a, dim3((n + 127) / 128), dim3(128), 0, 0));
	CHECK_CUDA(cudaMemcpy(d2, d, n * sizeof(float), cudaMemcpyDeviceToDevice));
	CHECK_CUDA(cudaMemcpy(back.data(), d2, n * sizeof(float), cudaMemcpyDefault));
	for (int i = 0; i < n; i++)
		CHECK(back[i] == 2.0f * i);

	cudaStream_t s;
	CHECK_CUDA(cudaStreamCreate(&s));
	CHECK_CUDA(cudaMemsetAsync(d, 0, n * sizeof(float), s));
	CHECK_CUDA(cudaMemcpyAsync(d, h.data(), 10 * sizeof(float), cudaMemcpyHostToDevice, s));
	CHECK_CUDA(cudaMemcpyAsync(back.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost, s));
	CHECK_CUDA(cudaStreamSynchronize(s));
	for (int i = 0; i < n; i++)
		CHECK(back[i] == (i < 10 ? (float)i : 0.0f));
	CHECK_CUDA(cudaStreamDestroy(s));

	CHECK_CUDA(cudaMemset(d, 0xff, n * sizeof(float)));
	unsigned u[4];
	CHECK_CUDA(cudaMemcpy(u, d, sizeof u, cudaMemcpyDeviceToHost));
	CHECK(u[0] == 0xffffffffu && u[3] == 0xffffffffu);

	CHECK_CUDA(cudaMemcpyPeer(d2, 0, d, 0, n * sizeof(float)));
	CHECK_CUDA(cudaMemcpy(back.data(), d2, 4, cudaMemcpyDeviceToHost));
	CHECK(back[0] != back[0]); /* 0xffffffff is a NaN */
	CHECK_EQ(cudaMemcpyPeer(d2, 1, d, 0, 4), cudaErrorInvalidDevice);
	CHECK_EQ(cudaMemcpy(d, h.data(), 4, (cudaMemcpyKind)7), cudaErrorInvalidMemcpyDirection);
	CHECK_EQ(cudaMemcpy(NULL, h.data(), 4, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
	CHECK_EQ(cudaGetLastError(), cudaErrorInvalidValue);
	CHECK_CUDA(cudaMemcpy(NULL, NULL, 0, cudaMemcpyHostToDevice)); /* nothing to do */
	CHECK_CUDA(cudaFree(d));
	CHECK_CUDA(cudaFree(d2));
}

/* Copies and fills that run past the end of an allocation, or whose size
 * wraps around, fail with cudaErrorInvalidValue and touch nothing. */
static void test_bounds(void)
{
	const size_t n = 64;
	std::vector<char> h(2 * n, 7);
	char *d;
	CHECK_CUDA(cudaMalloc(&d, n));
	CHECK_CUDA(cudaMemcpy(d + 16, h.data(), n - 16, cudaMemcpyHostToDevice)); /* up to the last byte */
	CHECK_EQ(cudaMemcpy(d + 16, h.data(), n - 15, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemcpy(h.data(), d, n + 1, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemcpy(h.data(), d, (size_t)-1, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemcpy(d, h.data(), (size_t)-1, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemcpyAsync(d, d + 1, n, cudaMemcpyDeviceToDevice, 0), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemset(d, 0, n + 1), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemset(d + n - 1, 0, (size_t)-1), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemsetAsync(d, 0, (size_t)-1, 0), cudaErrorInvalidValue);
	/* 2-D: 8 rows of 8 bytes fit a pitch of 8, not of 9 */
	CHECK_CUDA(cudaMemcpy2D(d, 8, h.data(), 8, 8, 8, cudaMemcpyHostToDevice));
	CHECK_EQ(cudaMemcpy2D(d, 9, h.data(), 9, 8, 8, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemset2D(d, (size_t)1 << 62, 0, 8, 8), cudaErrorInvalidValue);
	CHECK_EQ(cudaGetLastError(), cudaErrorInvalidValue);
	CHECK_CUDA(cudaDeviceSynchronize());
	for (size_t i = 0; i < n; i++) /* nothing was written by the refused calls */
		CHECK(((volatile char *)d)[i] == 7);
	CHECK_CUDA(cudaFree(d));
}

/* Copies and fills through a pointer freed lately (device, pinned host,
 * small heap and large mapped blocks) fail with cudaErrorInvalidValue
 * instead of touching freed memory; the memory the program allocates
 * afterwards works as usual. */
static void test_freed(void)
{
	const size_t small = 4096, large = (size_t)2 << 20;
	std::vector<char> h(large, 3);
	char *d, *big, *pin;
	CHECK_CUDA(cudaMalloc(&d, small));
	CHECK_CUDA(cudaMalloc(&big, large));
	CHECK_CUDA(cudaMallocHost(&pin, small));
	CHECK_CUDA(cudaMemcpy(big, h.data(), large, cudaMemcpyHostToDevice));
	CHECK_CUDA(cudaFree(d));
	CHECK_CUDA(cudaFree(big));
	CHECK_CUDA(cudaFreeHost(pin));
	CHECK_EQ(cudaMemcpy(h.data(), d, small, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemcpy(d + 8, h.data(), 8, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemcpy(h.data(), big + large / 2, 16, cudaMemcpyDefault), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemcpyAsync(big, h.data(), large, cudaMemcpyHostToDevice, 0), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemcpy(pin, h.data(), small, cudaMemcpyHostToHost), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemcpy(h.data(), pin + 1, 1, cudaMemcpyHostToHost), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemcpy2D(h.data(), 64, d, 64, 64, 4, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemset(d, 0, small), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemsetAsync(big + 100, 0, 1, 0), cudaErrorInvalidValue);
	CHECK_EQ(cudaMemset(pin, 0, small), cudaErrorInvalidValue);
	CHECK_EQ(cudaGetLastError(), cudaErrorInvalidValue);
	for (size_t i = 0; i < small; i++) /* the refused copies wrote nothing */
		CHECK(h[i] == 3);
	/* many frees: the latest stay refused, new memory works */
	for (int i = 0; i < 3 * 256; i++) {
		CHECK_CUDA(cudaMalloc(&d, 64 * (1 + i % 5)));
		CHECK_CUDA(cudaMemcpy(d, h.data(), 64, cudaMemcpyHostToDevice));
		CHECK_CUDA(cudaFree(d));
	}
	CHECK_EQ(cudaMemcpy(h.data(), d, 64, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
	CHECK_EQ(cudaGetLastError(), cudaErrorInvalidValue);
	CHECK_CUDA(cudaMalloc(&d, small));
	CHECK_CUDA(cudaMemcpy(d, h.data(), small, cudaMemcpyHostToDevice));
	CHECK_CUDA(cudaMemcpy(h.data() + small, d, small, cudaMemcpyDeviceToHost));
	CHECK(h[small] == 3);
	CHECK_CUDA(cudaFree(d));
}

static void test_2d(void)
{
	const size_t w = 100, hgt = 7; /* floats per row, rows */
	float *d;
	size_t pitch;
	CHECK_CUDA(cudaMallocPitch(&d, &pitch, w * sizeof(float), hgt));
	CHECK_EQ(pitch, 512);
	std::vector<float> h(w * hgt), back(w * hgt);
	for (size_t i = 0; i < h.size(); i++)
		h[i] = (float)i;
	CHECK_CUDA(cudaMemset2D(d, pitch, 0x7f, pitch, hgt)); /* padding included */
	CHECK_CUDA(cudaMemcpy2D(d, pitch, h.data(), w * sizeof(float), w * sizeof(float), hgt,
				cudaMemcpyHostToDevice));
	CHECK_CUDA(cudaMemset2D(d, pitch, 0, 2 * sizeof(float), hgt)); /* first two columns */
	unsigned char row[512];
	CHECK_CUDA(cudaMemcpy(row, (char *)d + 3 * pitch, pitch, cudaMemcpyDeviceToHost));
	CHECK(row[400] == 0x7f && row[511] == 0x7f); /* padding kept */
	CHECK_CUDA(cudaMemcpy2D(back.data(), w * sizeof(float), d, pitch, w * sizeof(float), hgt,
				cudaMemcpyDeviceToHost));
	for (size_t r = 0; r < hgt; r++)
		for (size_t c = 0; c < w; c++)
			CHECK(back[r * w + c] == (c < 2 ? 0.0f : h[r * w + c]));
	CHECK_EQ(cudaMemcpy2D(back.data(), 4, d, pitch, 8, 2, cudaMemcpyDeviceToHost), cudaErrorInvalidPitchValue);
	cudaGetLastError();
	CHECK_CUDA(cudaFree(d));
}

static void test_3d(void)
{
	cudaExtent e = make_cudaExtent(10 * sizeof(int), 4, 3);
	cudaPitchedPtr p;
	CHECK_CUDA(cudaMalloc3D(&p, e));
	CHECK_EQ(p.pitch, 256);
	CHECK_EQ(p.xsize, 40);
	CHECK_EQ(p.ysize, 4);
	int h[3][4][10], back[3][4][10];
	for (int z = 0; z < 3; z++)
		for (int y = 0; y < 4; y++)
			for (int x = 0; x < 10; x++)
				h[z][y][x] = z * 100 + y * 10 + x;
	cudaMemcpy3DParms up = {};
	up.srcPtr = make_cudaPitchedPtr(h, 10 * sizeof(int), 10 * sizeof(int), 4);
	up.dstPtr = p;
	up.extent = e;
	up.kind = cudaMemcpyHostToDevice;
	CHECK_CUDA(cudaMemcpy3D(&up));
	CHECK_CUDA(cudaMemset3D(p, 0, make_cudaExtent(sizeof(int), 4, 3))); /* column x = 0 */
	cudaMemcpy3DParms down = {};
	down.srcPtr = p;
	down.srcPos = make_cudaPos(0, 0, 1); /* from slice 1 on */
	down.dstPtr = make_cudaPitchedPtr(back, 10 * sizeof(int), 10 * sizeof(int), 4);
	down.extent = make_cudaExtent(10 * sizeof(int), 4, 2);
	down.kind = cudaMemcpyDeviceToHost;
	CHECK_CUDA(cudaMemcpy3D(&down));
	for (int z = 0; z < 2; z++)
		for (int y = 0; y < 4; y++)
			for (int x = 0; x < 10; x++)
				CHECK(back[z][y][x] == (x == 0 ? 0 : h[z + 1][y][x]));
	CHECK_CUDA(cudaFree(p.ptr));
}

static void test_arrays(void)
{
	cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
	CHECK(desc.x == 32 && desc.y == 0 && desc.f == cudaChannelFormatKindFloat);
	cudaArray_t a;
	CHECK_CUDA(cudaMallocArray(&a, &desc, 8, 4));
	float h[4][8], back[4][8];
	for (int y = 0; y < 4; y++)
		for (int x = 0; x < 8; x++)
			h[y][x] = (float)(y * 8 + x);
	CHECK_CUDA(cudaMemcpy2DToArray(a, 0, 0, h, sizeof h[0], sizeof h[0], 4, cudaMemcpyHostToDevice));
	memset(back, 0, sizeof back);
	CHECK_CUDA(cudaMemcpy2DFromArray(back, sizeof back[0], a, 2 * sizeof(float), 1, 3 * sizeof(float), 2,
					 cudaMemcpyDeviceToHost));
	CHECK(back[0][0] == 10.0f && back[0][2] == 12.0f && back[1][0] == 18.0f);
	float lin[5];
	CHECK_CUDA(cudaMemcpyFromArray(lin, a, 6 * sizeof(float), 1, sizeof lin, cudaMemcpyDeviceToHost));
	CHECK(lin[0] == 14.0f && lin[4] == 18.0f); /* runs on into the next row */
	float one = -1.0f;
	CHECK_CUDA(cudaMemcpyToArray(a, 0, 3, &one, sizeof one, cudaMemcpyHostToDevice));
	cudaMemcpy3DParms p = {};
	p.srcArray = a;
	p.srcPos = make_cudaPos(0, 3, 0); /* elements for an array */
	p.dstPtr = make_cudaPitchedPtr(back, sizeof back[0], 8, 1);
	p.extent = make_cudaExtent(8, 1, 1);
	p.kind = cudaMemcpyDeviceToHost;
	CHECK_CUDA(cudaMemcpy3D(&p));
	CHECK(back[0][0] == -1.0f && back[0][7] == 31.0f);
	cudaChannelFormatDesc got;
	CHECK_CUDA(cudaGetChannelDesc(&got, a));
	CHECK(got.x == 32 && got.f == cudaChannelFormatKindFloat);
	CHECK_EQ(cudaMemcpy2DToArray(a, 0, 3, h, sizeof h[0], sizeof h[0], 2, cudaMemcpyHostToDevice),
		 cudaErrorInvalidValue); /* past the last row */
	cudaGetLastError();
	CHECK_CUDA(cudaFreeArray(a));
}

static void test_symbols(void)
{
	float t[16], back[16];
	for (int i = 0; i < 16; i++)
		t[i] = (float)i;
	CHECK_CUDA(cudaMemcpyToSymbol(c_table, t, sizeof t));             /* by reference */
	CHECK_CUDA(cudaMemcpyToSymbol(c_table, t, 4 * sizeof(float), 8 * sizeof(float))); /* offset */
	int seven = 7;
	CHECK_CUDA(cudaMemcpyToSymbol((const void *)&d_counter, &seven, sizeof seven, 0,
				      cudaMemcpyHostToDevice)); /* by address */
	float *out;
	CHECK_CUDA(cudaMallocManaged(&out, 16 * sizeof(float)));
	table_args a = {out};
	CHECK_CUDA(cuflowLaunch(table_block, &a, sizeof a, dim3(1), dim3(16), 0, 0));
	CHECK_CUDA(cudaDeviceSynchronize());
	for (int i = 0; i < 16; i++)
		CHECK(out[i] == (i >= 8 && i < 12 ? (float)(i - 8) : (float)i) + 7.0f);
	CHECK_CUDA(cudaMemcpyFromSymbol(back, c_table, sizeof back));
	CHECK(back[8] == 0.0f && back[15] == 15.0f);
	CHECK_CUDA(cudaMemcpyFromSymbol(back, c_table, sizeof(float), 15 * sizeof(float)));
	CHECK(back[0] == 15.0f);

	cudaStream_t s;
	CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	CHECK_CUDA(cudaMemcpyToSymbolAsync(c_table, t, sizeof t, 0, cudaMemcpyHostToDevice, s));
	CHECK_CUDA(cudaMemcpyFromSymbolAsync(back, c_table, sizeof back, 0, cudaMemcpyDeviceToHost, s));
	CHECK_CUDA(cudaStreamSynchronize(s));
	CHECK(back[9] == 9.0f);
	CHECK_CUDA(cudaStreamDestroy(s));

	void *addr;
	CHECK_CUDA(cudaGetSymbolAddress(&addr, c_table));
	CHECK(addr == (void *)c_table);
	size_t size;
	/* the C++ overloads note the symbol they are given (cuflowNoteSymbol) */
	CHECK_CUDA(cudaGetSymbolSize(&size, c_table));
	CHECK_EQ(size, sizeof c_table);
	CHECK_EQ(cudaGetSymbolSize(&size, (const void *)&c_table[1]), cudaErrorInvalidSymbol); /* not a symbol's start */
	CHECK_EQ(cuflowRegisterSymbol(c_table, sizeof c_table), cudaErrorDuplicateVariableName); /* noted already */
	CHECK_CUDA(cudaGetSymbolSize(&size, c_table));
	CHECK_EQ(size, sizeof c_table);
	cudaPointerAttributes at;
	CHECK_CUDA(cudaPointerGetAttributes(&at, &c_table[3]));
	CHECK(at.type == cudaMemoryTypeDevice);
	CHECK_EQ(cudaMemcpyToSymbol(c_table, t, 4, 0, cudaMemcpyDeviceToHost), cudaErrorInvalidMemcpyDirection);
	cudaGetLastError();
	CHECK_CUDA(cudaFree(out));
}

/* Copies and fills of 4 MiB and more run in pieces over OpenMP threads:
 * an odd size (uneven pieces), a fill at an odd offset, every byte checked. */
static void test_large(void)
{
	const size_t n = ((size_t)9 << 20) + 3;
	std::vector<unsigned char> h(n), back(n);
	for (size_t i = 0; i < n; i++)
		h[i] = (unsigned char)(i * 7 + i / 4093);
	unsigned char *d, *d2;
	CHECK_CUDA(cudaMalloc(&d, n));
	CHECK_CUDA(cudaMalloc(&d2, n));
	CHECK_CUDA(cudaMemcpy(d, h.data(), n, cudaMemcpyHostToDevice));
	CHECK_CUDA(cudaMemcpy(d2, d, n, cudaMemcpyDeviceToDevice));
	CHECK_CUDA(cudaMemcpy(back.data(), d2, n, cudaMemcpyDeviceToHost));
	CHECK(memcmp(back.data(), h.data(), n) == 0);
	const size_t lo = 5, len = n - 11;
	CHECK_CUDA(cudaMemset(d2 + lo, 0x5a, len));
	CHECK_CUDA(cudaMemcpy(back.data(), d2, n, cudaMemcpyDeviceToHost));
	size_t bad = 0;
	for (size_t i = 0; i < n; i++)
		bad += back[i] != (i >= lo && i < lo + len ? 0x5a : h[i]);
	CHECK_EQ(bad, (size_t)0);
	CHECK_CUDA(cudaFree(d));
	CHECK_CUDA(cudaFree(d2));
}

int main(void)
{
	test_alloc();
	test_register();
	test_linear();
	test_bounds();
	test_freed();
	test_large();
	test_2d();
	test_3d();
	test_arrays();
	test_symbols();
	CHECK_CUDA(cudaDeviceSynchronize());
	CHECK_EQ(cudaGetLastError(), cudaSuccess);
	printf("PASS test_memory (%s)\n", cuflowDeferred() ? "deferred" : "eager");
	return 0;
}
