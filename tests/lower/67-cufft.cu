// 67-cufft: cuFFT calls of a program lowered to the CPU run on FFTW3, and
// cuComplex.h's helpers run in kernels. Kernels fill the inputs with small
// integers; each transform is compared with a host DFT in double (bad
// counts outputs off by more than 1e-3 relative): a 1-D C2C forward out of
// place and its inverse in place (scaled by 1/n in a kernel: the round trip
// gives the integers back), R2C and C2R batched (n = 48) out of place, R2C
// in place in the padded basic layout, cufftPlanMany with strides (batches
// interleaved) and with a 2-D embedding wider than the transform, a 2-D C2C
// made by cufftCreate/cufftMakePlan2d on a stream its input was filled on,
// a 3-D Z2Z and a 2-D D2Z/Z2D in double. The exact fields are outputs whose
// true values are integers (DC terms, round trips), rounded. A wrong
// mapping (a sign, the layout's order, an unpadded in-place R2C, strides
// and distances swapped, a deferred fill not finished before the call)
// prints bad>0.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuComplex.h>
#include <cufft.h>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); exit(1); } } while (0)

__global__ void fillc(cufftComplex *a, int n, int mod, int shift)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = make_cuFloatComplex((float)((i * 7 + shift) % mod - mod / 2),
		                           (float)((i * 3 + shift) % mod - mod / 2));
}

__global__ void fillz(cufftDoubleComplex *a, int n, int mod, int shift)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = cuComplexFloatToDouble(make_cuFloatComplex((float)((i * 5 + shift) % mod - mod / 2),
		                                                  (float)((i * 11 + shift) % mod - mod / 2)));
}

/* real rows of width w in a pitch p (p > w: the padding is left as it is) */
template <class T> __global__ void fillr(T *a, int rows, int w, int p, int mod, int shift)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < rows * w)
		a[(i / w) * p + i % w] = (T)((i * 7 + shift) % mod - mod / 2);
}

__global__ void scale(cufftComplex *a, int n, float s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = cuCmulf(a[i], make_cuFloatComplex(s, 0.0f));
}

/* the helpers on operands whose results are exact: divisors (2, 2) and
 * (0, 2), magnitudes of (3k, 4k) */
__global__ void complexops(const cuFloatComplex *a, cuFloatComplex *out, float *mag, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	cuFloatComplex z = a[i], w = make_cuFloatComplex(2.0f, i % 2 ? 2.0f : 0.0f);
	cuFloatComplex v = make_cuFloatComplex(0.0f, 2.0f);
	cuFloatComplex s = cuCaddf(cuCmulf(z, cuConjf(w)), cuCsubf(z, w));
	s = cuCfmaf(s, w, cuCdivf(z, i % 2 ? w : v));
	cuDoubleComplex d = cuCmul(cuComplexFloatToDouble(s), make_cuDoubleComplex(1.0, -1.0));
	d = cuCadd(d, cuCsub(cuConj(d), cuCdiv(d, make_cuDoubleComplex(0.0, 2.0))));
	out[i] = cuComplexDoubleToFloat(d);
	float k = (float)(i % 5 + 1);
	mag[i] = cuCabsf(make_cuFloatComplex(3.0f * k, -4.0f * k)) +
	         (float)cuCabs(make_cuDoubleComplex(-6.0 * k, 8.0 * k)) + cuCrealf(z) * cuCimagf(z);
}

/* the DFT of one row-major transform of rank r and sizes n, in double */
static void dft(int r, const int *n, const double *x, double *y, int sign)
{
	int total = 1;
	for (int d = 0; d < r; d++)
		total *= n[d];
	for (int k = 0; k < total; k++) {
		double re = 0, im = 0;
		for (int j = 0; j < total; j++) {
			double ph = 0;
			for (int d = r - 1, kk = k, jj = j; d >= 0; kk /= n[d], jj /= n[d], d--)
				ph += (double)(kk % n[d]) * (jj % n[d]) / n[d];
			double c = cos(2 * M_PI * ph), s = sign * sin(2 * M_PI * ph);
			re += x[2 * j] * c - x[2 * j + 1] * s;
			im += x[2 * j] * s + x[2 * j + 1] * c;
		}
		y[2 * k] = re, y[2 * k + 1] = im;
	}
}

static int off(double got, double want)
{
	return fabs(got - want) > 1e-3 * (1 + fabs(want));
}

/* compares one transform: y the reference (complex, contiguous), got(k)
 * the output's element k of the reference's order, rows of w of width last */
template <class T> static int compare(const double *y, int total, int last, int w, const T *out, long long at0,
                                      long long stride, int pitch)
{
	int bad = 0;
	for (int k = 0; k < total; k++) {
		if (k % last >= w)
			continue;
		long long at = at0 + ((long long)(k / last) * pitch + k % last) * stride;
		bad += off(out[at].x, y[2 * k]) + off(out[at].y, y[2 * k + 1]);
	}
	return bad;
}

int main()
{
	double *x = (double *)malloc(2 * 4096 * sizeof(double)), *y = (double *)malloc(2 * 4096 * sizeof(double));
	long long dc = 0, trip = 0;

	/* 1-D C2C: forward out of place, inverse in place, scaled back */
	const int n1 = 64;
	cufftComplex *c1, *c2, h1[n1], h2[n1];
	CHECK(cudaMalloc(&c1, n1 * sizeof(cufftComplex)));
	CHECK(cudaMalloc(&c2, n1 * sizeof(cufftComplex)));
	fillc<<<1, 64>>>(c1, n1, 9, 1);
	cufftHandle p1;
	CHECK(cufftPlan1d(&p1, n1, CUFFT_C2C, 1));
	CHECK(cufftExecC2C(p1, c1, c2, CUFFT_FORWARD));
	CHECK(cudaMemcpy(h1, c1, sizeof h1, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h2, c2, sizeof h2, cudaMemcpyDeviceToHost));
	for (int i = 0; i < n1; i++)
		x[2 * i] = h1[i].x, x[2 * i + 1] = h1[i].y;
	dft(1, &n1, x, y, -1);
	int c2cbad = compare(y, n1, n1, n1, h2, 0, 1, n1);
	dc += lround(h2[0].x) + lround(h2[0].y);
	CHECK(cufftExecC2C(p1, c2, c2, CUFFT_INVERSE));
	scale<<<1, 64>>>(c2, n1, 1.0f / n1);
	CHECK(cudaMemcpy(h2, c2, sizeof h2, cudaMemcpyDeviceToHost));
	for (int i = 0; i < n1; i++) {
		c2cbad += off(h2[i].x, h1[i].x) + off(h2[i].y, h1[i].y);
		trip += lround(h2[i].x) * (i + 1) + lround(h2[i].y);
	}
	CHECK(cufftDestroy(p1));

	/* R2C and C2R, three batches of 48, out of place: C2R gives 48 x back */
	const int n2 = 48, b2 = 3, h = n2 / 2 + 1;
	float *r1, *r2, hr[b2 * n2], hb[b2 * n2];
	cufftComplex *c3, hc[b2 * h];
	CHECK(cudaMalloc(&r1, b2 * n2 * sizeof(float)));
	CHECK(cudaMalloc(&r2, b2 * n2 * sizeof(float)));
	CHECK(cudaMalloc(&c3, b2 * h * sizeof(cufftComplex)));
	fillr<<<2, 128>>>(r1, b2, n2, n2, 7, 2);
	cufftHandle pf, pb;
	CHECK(cufftPlan1d(&pf, n2, CUFFT_R2C, b2));
	CHECK(cufftPlan1d(&pb, n2, CUFFT_C2R, b2));
	CHECK(cufftExecR2C(pf, r1, c3));
	CHECK(cudaMemcpy(hc, c3, sizeof hc, cudaMemcpyDeviceToHost));
	CHECK(cufftExecC2R(pb, c3, r2));
	CHECK(cudaMemcpy(hr, r1, sizeof hr, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hb, r2, sizeof hb, cudaMemcpyDeviceToHost));
	int r2cbad = 0;
	for (int b = 0; b < b2; b++) {
		for (int i = 0; i < n2; i++)
			x[2 * i] = hr[b * n2 + i], x[2 * i + 1] = 0;
		dft(1, &n2, x, y, -1);
		r2cbad += compare(y, n2, n2, h, hc, (long long)b * h, 1, h);
		dc += lround(hc[b * h].x) + lround(hc[b * h + n2 / 2].x); /* DC and Nyquist: real integers */
		for (int i = 0; i < n2; i++) {
			r2cbad += off(hb[b * n2 + i], n2 * hr[b * n2 + i]);
			trip += lround(hb[b * n2 + i]) * (i % 5 + 1);
		}
	}
	CHECK(cufftDestroy(pf));
	CHECK(cufftDestroy(pb));

	/* R2C in place, two batches of 32 in rows padded to 2 (32/2 + 1) floats */
	const int n3 = 32, b3 = 2, p3 = 2 * (n3 / 2 + 1);
	float *r3, hp[b3 * p3];
	CHECK(cudaMalloc(&r3, b3 * p3 * sizeof(float)));
	CHECK(cudaMemset(r3, 0, b3 * p3 * sizeof(float)));
	fillr<<<1, 64>>>(r3, b3, n3, p3, 11, 3);
	CHECK(cudaMemcpy(hp, r3, sizeof hp, cudaMemcpyDeviceToHost));
	cufftHandle pi;
	CHECK(cufftPlan1d(&pi, n3, CUFFT_R2C, b3));
	CHECK(cufftExecR2C(pi, r3, (cufftComplex *)r3));
	cufftComplex hi[b3 * p3 / 2];
	CHECK(cudaMemcpy(hi, r3, sizeof hi, cudaMemcpyDeviceToHost));
	int inplacebad = 0;
	for (int b = 0; b < b3; b++) {
		for (int i = 0; i < n3; i++)
			x[2 * i] = hp[b * p3 + i], x[2 * i + 1] = 0;
		dft(1, &n3, x, y, -1);
		inplacebad += compare(y, n3, n3, n3 / 2 + 1, hi, (long long)b * (p3 / 2), 1, p3 / 2);
		dc += lround(hi[b * p3 / 2].x);
	}
	CHECK(cufftDestroy(pi));

	/* cufftPlanMany: four 1-D batches of 16 interleaved (stride 4, distance 1)
	 * into contiguous rows, and two 4 x 6 transforms in rows of pitch 8 */
	const int n4 = 16, b4 = 4;
	int nn4[1] = {n4}, e4[1] = {n4};
	cufftComplex *c4, *c5, h4[b4 * n4], h5[b4 * n4];
	CHECK(cudaMalloc(&c4, b4 * n4 * sizeof(cufftComplex)));
	CHECK(cudaMalloc(&c5, b4 * n4 * sizeof(cufftComplex)));
	fillc<<<1, 64>>>(c4, b4 * n4, 5, 4);
	cufftHandle pm;
	CHECK(cufftPlanMany(&pm, 1, nn4, e4, b4, 1, e4, 1, n4, CUFFT_C2C, b4));
	CHECK(cufftExecC2C(pm, c4, c5, CUFFT_INVERSE));
	CHECK(cudaMemcpy(h4, c4, sizeof h4, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h5, c5, sizeof h5, cudaMemcpyDeviceToHost));
	int manybad = 0;
	for (int b = 0; b < b4; b++) {
		for (int i = 0; i < n4; i++)
			x[2 * i] = h4[i * b4 + b].x, x[2 * i + 1] = h4[i * b4 + b].y;
		dft(1, &n4, x, y, 1);
		manybad += compare(y, n4, n4, n4, h5, (long long)b * n4, 1, n4);
		dc += lround(h5[b * n4].x) + lround(h5[b * n4].y);
	}
	CHECK(cufftDestroy(pm));
	int nn5[2] = {4, 6}, ie5[2] = {4, 8}, oe5[2] = {4, 6};
	fillc<<<1, 64>>>(c4, 2 * 4 * 8, 7, 5);
	CHECK(cufftPlanMany(&pm, 2, nn5, ie5, 1, 4 * 8, oe5, 1, 4 * 6, CUFFT_C2C, 2));
	CHECK(cufftExecC2C(pm, c4, c5, CUFFT_FORWARD));
	CHECK(cudaMemcpy(h4, c4, sizeof h4, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h5, c5, sizeof h5, cudaMemcpyDeviceToHost));
	for (int b = 0; b < 2; b++) {
		for (int i = 0; i < 24; i++)
			x[2 * i] = h4[b * 32 + i / 6 * 8 + i % 6].x, x[2 * i + 1] = h4[b * 32 + i / 6 * 8 + i % 6].y;
		dft(2, nn5, x, y, -1);
		manybad += compare(y, 24, 6, 6, h5, (long long)b * 24, 1, 6);
		dc += lround(h5[b * 24].x) + lround(h5[b * 24].y);
	}
	CHECK(cufftDestroy(pm));

	/* 2-D C2C 8 x 12 from cufftCreate and cufftMakePlan2d, its input filled
	 * on the plan's stream */
	const int nx = 8, ny = 12;
	int n6[2] = {nx, ny};
	cufftComplex *c6, h6[nx * ny], h7[nx * ny];
	CHECK(cudaMalloc(&c6, nx * ny * sizeof(cufftComplex)));
	cudaStream_t st;
	CHECK(cudaStreamCreate(&st));
	cufftHandle p2;
	size_t work = 1;
	CHECK(cufftCreate(&p2));
	CHECK(cufftMakePlan2d(p2, nx, ny, CUFFT_C2C, &work));
	CHECK(cufftSetStream(p2, st));
	fillc<<<1, 128, 0, st>>>(c6, nx * ny, 9, 6);
	CHECK(cufftExecC2C(p2, c6, c6, CUFFT_FORWARD));
	CHECK(cudaStreamSynchronize(st));
	CHECK(cudaMemcpy(h7, c6, sizeof h7, cudaMemcpyDeviceToHost));
	fillc<<<1, 128>>>(c6, nx * ny, 9, 6); /* the input again, to read it */
	CHECK(cudaMemcpy(h6, c6, sizeof h6, cudaMemcpyDeviceToHost));
	for (int i = 0; i < nx * ny; i++)
		x[2 * i] = h6[i].x, x[2 * i + 1] = h6[i].y;
	dft(2, n6, x, y, -1);
	int c2c2dbad = compare(y, nx * ny, ny, ny, h7, 0, 1, ny);
	dc += lround(h7[0].x) + lround(h7[0].y);
	CHECK(cufftDestroy(p2));
	CHECK(cudaStreamDestroy(st));

	/* double: a 3-D Z2Z 4 x 4 x 6 out of place, a 2-D D2Z 6 x 10 and its Z2D */
	int n7[3] = {4, 4, 6};
	cufftDoubleComplex *z1, *z2, hz1[96], hz2[96];
	CHECK(cudaMalloc(&z1, 96 * sizeof(cufftDoubleComplex)));
	CHECK(cudaMalloc(&z2, 96 * sizeof(cufftDoubleComplex)));
	fillz<<<1, 96>>>(z1, 96, 13, 7);
	cufftHandle p3d;
	CHECK(cufftPlan3d(&p3d, n7[0], n7[1], n7[2], CUFFT_Z2Z));
	CHECK(cufftExecZ2Z(p3d, z1, z2, CUFFT_FORWARD));
	CHECK(cudaMemcpy(hz1, z1, sizeof hz1, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hz2, z2, sizeof hz2, cudaMemcpyDeviceToHost));
	for (int i = 0; i < 96; i++)
		x[2 * i] = hz1[i].x, x[2 * i + 1] = hz1[i].y;
	dft(3, n7, x, y, -1);
	int doublebad = compare(y, 96, 6, 6, hz2, 0, 1, 6);
	dc += lround(hz2[0].x) + lround(hz2[0].y);
	CHECK(cufftDestroy(p3d));
	const int dx = 6, dy = 10, dh = dy / 2 + 1;
	int n8[2] = {dx, dy};
	double *d1, *d2, hd1[dx * dy], hd2[dx * dy];
	cufftDoubleComplex *z3, hz3[dx * dh];
	CHECK(cudaMalloc(&d1, dx * dy * sizeof(double)));
	CHECK(cudaMalloc(&d2, dx * dy * sizeof(double)));
	CHECK(cudaMalloc(&z3, dx * dh * sizeof(cufftDoubleComplex)));
	fillr<<<1, 64>>>(d1, dx, dy, dy, 13, 8);
	cufftHandle pdf, pdb;
	CHECK(cufftPlan2d(&pdf, dx, dy, CUFFT_D2Z));
	CHECK(cufftPlan2d(&pdb, dx, dy, CUFFT_Z2D));
	CHECK(cufftExecD2Z(pdf, d1, z3));
	CHECK(cudaMemcpy(hz3, z3, sizeof hz3, cudaMemcpyDeviceToHost));
	CHECK(cufftExecZ2D(pdb, z3, d2));
	CHECK(cudaMemcpy(hd1, d1, sizeof hd1, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hd2, d2, sizeof hd2, cudaMemcpyDeviceToHost));
	for (int i = 0; i < dx * dy; i++)
		x[2 * i] = hd1[i], x[2 * i + 1] = 0;
	dft(2, n8, x, y, -1);
	doublebad += compare(y, dx * dy, dy, dh, hz3, 0, 1, dh);
	dc += lround(hz3[0].x);
	for (int i = 0; i < dx * dy; i++) {
		doublebad += off(hd2[i], dx * dy * hd1[i]);
		trip += lround(hd2[i]) * (i % 3 + 1);
	}
	CHECK(cufftDestroy(pdf));
	CHECK(cufftDestroy(pdb));

	/* cuComplex.h in a kernel, against the same operations on the host */
	const int nc = 100;
	cuFloatComplex *ca, *co, ha[nc], ho[nc];
	float *cm, hm[nc];
	CHECK(cudaMalloc(&ca, nc * sizeof(cuFloatComplex)));
	CHECK(cudaMalloc(&co, nc * sizeof(cuFloatComplex)));
	CHECK(cudaMalloc(&cm, nc * sizeof(float)));
	fillc<<<1, 128>>>(ca, nc, 9, 2);
	complexops<<<1, 128>>>(ca, co, cm, nc);
	CHECK(cudaMemcpy(ha, ca, sizeof ha, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(ho, co, sizeof ho, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hm, cm, sizeof hm, cudaMemcpyDeviceToHost));
	int complexbad = 0;
	long long mags = 0;
	for (int i = 0; i < nc; i++) {
		double zr = ha[i].x, zi = ha[i].y, wr = 2, wi = i % 2 ? 2 : 0;
		/* s = z conj(w) + (z - w); s = s w + z / (w or 2i) */
		double sr = zr * wr + zi * wi + zr - wr, si = zi * wr - zr * wi + zi - wi;
		double qr = i % 2 ? (zr * wr + zi * wi) / 8 : zi / 2, qi = i % 2 ? (zi * wr - zr * wi) / 8 : -zr / 2;
		double tr = sr * wr - si * wi + qr, ti = sr * wi + si * wr + qi;
		/* d = t (1 - i); d + conj(d) - d / 2i */
		double er = tr + ti, ei = ti - tr;
		double fr = er + er - ei / 2, fi = ei - ei + er / 2;
		complexbad += ho[i].x != (float)fr || ho[i].y != (float)fi;
		double k = i % 5 + 1;
		complexbad += fabs(hm[i] - (15 * k + zr * zi)) > 1e-4 * 15 * k;
		mags += lround(hm[i]);
	}

	printf("RESULT c2c_bad=%d r2c_bad=%d inplace_bad=%d many_bad=%d c2c2d_bad=%d double_bad=%d complex_bad=%d "
	       "dc=%lld trip=%lld mags=%lld work=%s\n",
	       c2cbad, r2cbad, inplacebad, manybad, c2c2dbad, doublebad, complexbad, dc, trip, mags,
	       work != 1 ? "ok" : "unset");
	cudaFree(c1), cudaFree(c2), cudaFree(c3), cudaFree(c4), cudaFree(c5), cudaFree(c6);
	cudaFree(r1), cudaFree(r2), cudaFree(r3), cudaFree(z1), cudaFree(z2), cudaFree(z3);
	cudaFree(d1), cudaFree(d2), cudaFree(ca), cudaFree(co), cudaFree(cm);
	free(x), free(y);
	return 0;
}
