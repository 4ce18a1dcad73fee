/* cufft.h for programs lowered by cuflow: cuFFT on FFTW3 (float and double),
 * found by configure; without it the lowering refuses programs that include
 * this header. Device memory is host memory on the CPU, so a transform
 * reads and writes the program's arrays in place. A call first waits for
 * all device work (deferred launches included): cuFFT runs after the work
 * enqueued before it on its stream, and running it after everything before
 * it is one of the orders the GPU allows. FFTW computes what cuFFT does
 * (the same sign, no normalisation, the same layouts); the last bits may
 * differ, as its algorithms are its own. C2R and Z2D may overwrite their
 * input, in cuFFT as in FFTW.
 *
 * FFTW plans are made at the first execution of each kind (direction, in
 * place or not, the arrays' alignment: what FFTW's new-array execution
 * must keep), with FFTW_ESTIMATE, which leaves the arrays alone, and kept
 * with the cuFFT plan. FFTW's planner is not thread-safe: one lock guards
 * it and the plans. */
#ifndef CUFLOW_CUFFT_H
#define CUFLOW_CUFFT_H
#include <fftw3.h>
#include <mutex>
#include <vector>

#include "cuda_runtime.h"

#define CUFLOW_FFTFN inline
#include "cuflow_cufft_api.h"

namespace cuflow_fft {

/* an FFTW plan, for calls of one kind */
struct Made {
	int sign;
	bool inplace;
	int ialign, oalign;
	void *fftw; /* fftwf_plan or fftw_plan, as the type says */
};

/* a cuFFT plan: the problem cufftMakePlan* gave it (made), and the FFTW
 * plans made for it; with NULL embeddings (basic) its layout is cuFFT's
 * basic one, which depends on whether a real transform runs in place */
struct Plan {
	bool made, basic;
	cufftType type;
	int rank, batch;
	int n[3], inembed[3], onembed[3];
	int istride, idist, ostride, odist;
	std::vector<Made> fftw;
};

inline std::mutex &lock()
{
	static std::mutex m;
	return m;
}

/* the plans by handle (a handle is its index); destroyed ones are NULL */
inline std::vector<Plan *> &plans()
{
	static std::vector<Plan *> v;
	return v;
}

inline Plan *find(cufftHandle h)
{
	std::lock_guard<std::mutex> g(lock());
	return h >= 0 && (size_t)h < plans().size() ? plans()[h] : nullptr;
}

inline bool is_double(cufftType t) { return t == CUFFT_D2Z || t == CUFFT_Z2D || t == CUFFT_Z2Z; }

/* drops a plan's FFTW plans (the lock held) */
inline void forget(Plan &p)
{
	for (const Made &m : p.fftw)
		if (is_double(p.type))
			fftw_destroy_plan((fftw_plan)m.fftw);
		else
			fftwf_destroy_plan((fftwf_plan)m.fftw);
	p.fftw.clear();
}

inline bool real_in(cufftType t) { return t == CUFFT_R2C || t == CUFFT_D2Z; }
inline bool real_out(cufftType t) { return t == CUFFT_C2R || t == CUFFT_Z2D; }
inline bool known(cufftType t) { return real_in(t) || real_out(t) || t == CUFFT_C2C || t == CUFFT_Z2Z; }

/* the problem of cufftMakePlanMany, checked */
inline cufftResult make(cufftHandle h, int rank, const int *n, const int *inembed, int istride, int idist,
                        const int *onembed, int ostride, int odist, cufftType type, int batch, size_t *work)
{
	Plan *p = find(h);
	if (!p)
		return CUFFT_INVALID_PLAN;
	if (!known(type))
		return CUFFT_INVALID_TYPE;
	if (rank < 1 || rank > 3 || batch < 1 || !n)
		return CUFFT_INVALID_SIZE;
	for (int i = 0; i < rank; i++)
		if (n[i] < 1)
			return CUFFT_INVALID_SIZE;
	{
		std::lock_guard<std::mutex> g(lock());
		forget(*p); /* made again: its old problem's */
	}
	p->type = type, p->rank = rank, p->batch = batch;
	p->basic = !inembed || !onembed; /* strides and distances unread then */
	for (int i = 0; i < rank; i++) {
		p->n[i] = n[i];
		p->inembed[i] = p->basic ? 0 : inembed[i];
		p->onembed[i] = p->basic ? 0 : onembed[i];
	}
	p->istride = istride, p->idist = idist, p->ostride = ostride, p->odist = odist;
	p->made = true;
	if (work)
		*work = 0;
	return CUFFT_SUCCESS;
}

/* the elements of one transform's side in the basic layout: a complex side
 * of a real transform keeps n/2+1 in the last dimension, a real side in
 * place pads it to 2(n/2+1) (cuFFT's rule and FFTW's) */
inline int basicdims(const Plan &p, bool realside, bool inplace, int *dims)
{
	int count = 1, last = p.n[p.rank - 1];
	bool halved = real_in(p.type) || real_out(p.type);
	for (int i = 0; i < p.rank; i++) {
		dims[i] = p.n[i];
		if (i == p.rank - 1 && halved)
			dims[i] = realside ? (inplace ? 2 * (last / 2 + 1) : last) : last / 2 + 1;
		count *= dims[i];
	}
	return count;
}

/* the layout FFTW is given: the plan's own, or the basic one */
struct Layout {
	int ie[3], oe[3];
	int is, id, os, od;
};
inline Layout layout(const Plan &p, bool inplace)
{
	Layout l;
	if (!p.basic) {
		for (int i = 0; i < p.rank; i++)
			l.ie[i] = p.inembed[i], l.oe[i] = p.onembed[i];
		l.is = p.istride, l.id = p.idist, l.os = p.ostride, l.od = p.odist;
		return l;
	}
	l.is = l.os = 1;
	l.id = basicdims(p, real_in(p.type), inplace, l.ie);
	l.od = basicdims(p, real_out(p.type), inplace, l.oe);
	return l;
}

/* FFTW's calls by precision and kind; its signs are cuFFT's (forward -1, inverse +1) */
inline void *plan(const Plan &p, const Layout &l, float2 *in, float2 *out, int sign)
{
	return fftwf_plan_many_dft(p.rank, p.n, p.batch, (fftwf_complex *)in, l.ie, l.is, l.id, (fftwf_complex *)out,
	                           l.oe, l.os, l.od, sign, FFTW_ESTIMATE);
}
inline void *plan(const Plan &p, const Layout &l, double2 *in, double2 *out, int sign)
{
	return fftw_plan_many_dft(p.rank, p.n, p.batch, (fftw_complex *)in, l.ie, l.is, l.id, (fftw_complex *)out, l.oe,
	                          l.os, l.od, sign, FFTW_ESTIMATE);
}
inline void *plan(const Plan &p, const Layout &l, float *in, float2 *out, int)
{
	return fftwf_plan_many_dft_r2c(p.rank, p.n, p.batch, in, l.ie, l.is, l.id, (fftwf_complex *)out, l.oe, l.os,
	                               l.od, FFTW_ESTIMATE);
}
inline void *plan(const Plan &p, const Layout &l, double *in, double2 *out, int)
{
	return fftw_plan_many_dft_r2c(p.rank, p.n, p.batch, in, l.ie, l.is, l.id, (fftw_complex *)out, l.oe, l.os, l.od,
	                              FFTW_ESTIMATE);
}
inline void *plan(const Plan &p, const Layout &l, float2 *in, float *out, int)
{
	return fftwf_plan_many_dft_c2r(p.rank, p.n, p.batch, (fftwf_complex *)in, l.ie, l.is, l.id, out, l.oe, l.os,
	                               l.od, FFTW_ESTIMATE);
}
inline void *plan(const Plan &p, const Layout &l, double2 *in, double *out, int)
{
	return fftw_plan_many_dft_c2r(p.rank, p.n, p.batch, (fftw_complex *)in, l.ie, l.is, l.id, out, l.oe, l.os, l.od,
	                              FFTW_ESTIMATE);
}
inline void run(void *f, float2 *in, float2 *out)
{
	fftwf_execute_dft((fftwf_plan)f, (fftwf_complex *)in, (fftwf_complex *)out);
}
inline void run(void *f, double2 *in, double2 *out)
{
	fftw_execute_dft((fftw_plan)f, (fftw_complex *)in, (fftw_complex *)out);
}
inline void run(void *f, float *in, float2 *out) { fftwf_execute_dft_r2c((fftwf_plan)f, in, (fftwf_complex *)out); }
inline void run(void *f, double *in, double2 *out) { fftw_execute_dft_r2c((fftw_plan)f, in, (fftw_complex *)out); }
inline void run(void *f, float2 *in, float *out) { fftwf_execute_dft_c2r((fftwf_plan)f, (fftwf_complex *)in, out); }
inline void run(void *f, double2 *in, double *out) { fftw_execute_dft_c2r((fftw_plan)f, (fftw_complex *)in, out); }
inline int align(const void *a, bool dbl)
{
	return dbl ? fftw_alignment_of((double *)a) : fftwf_alignment_of((float *)a);
}

/* the FFTW plan for this call, made at its kind's first call; NULL when
 * FFTW takes no such problem (a layout it cannot do) */
template <class In, class Out> void *fftwplan(Plan &p, In *in, Out *out, int sign)
{
	bool dbl = is_double(p.type), inplace = (void *)in == (void *)out;
	Made want = {sign, inplace, align(in, dbl), align(out, dbl), nullptr};
	std::lock_guard<std::mutex> g(lock());
	for (const Made &m : p.fftw)
		if (m.sign == want.sign && m.inplace == want.inplace && m.ialign == want.ialign &&
		    m.oalign == want.oalign)
			return m.fftw;
	want.fftw = plan(p, layout(p, inplace), in, out, sign);
	if (want.fftw)
		p.fftw.push_back(want);
	return want.fftw;
}

template <class In, class Out> cufftResult exec(cufftHandle h, cufftType type, In *in, Out *out, int sign)
{
	Plan *p = find(h);
	if (!p || !p->made)
		return CUFFT_INVALID_PLAN;
	if (p->type != type)
		return CUFFT_INVALID_TYPE;
	if (sign != CUFFT_FORWARD && sign != CUFFT_INVERSE)
		return CUFFT_INVALID_VALUE;
	cudaDeviceSynchronize();
	void *f = fftwplan(*p, in, out, sign);
	if (!f)
		return CUFFT_INVALID_VALUE;
	run(f, in, out);
	return CUFFT_SUCCESS;
}

} // namespace cuflow_fft

inline cufftResult cufftCreate(cufftHandle *plan)
{
	std::lock_guard<std::mutex> g(cuflow_fft::lock());
	*plan = (cufftHandle)cuflow_fft::plans().size();
	cuflow_fft::plans().push_back(new cuflow_fft::Plan());
	return CUFFT_SUCCESS;
}
inline cufftResult cufftDestroy(cufftHandle plan)
{
	cuflow_fft::Plan *p = cuflow_fft::find(plan);
	if (!p)
		return CUFFT_INVALID_PLAN;
	std::lock_guard<std::mutex> g(cuflow_fft::lock());
	cuflow_fft::forget(*p);
	cuflow_fft::plans()[plan] = nullptr;
	delete p;
	return CUFFT_SUCCESS;
}

inline cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride, int idist,
                                     int *onembed, int ostride, int odist, cufftType type, int batch, size_t *workSize)
{
	return cuflow_fft::make(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch, workSize);
}
inline cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *workSize)
{
	return cufftMakePlanMany(plan, 1, &nx, NULL, 1, 0, NULL, 1, 0, type, batch, workSize);
}
inline cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize)
{
	int n[2] = {nx, ny};
	return cufftMakePlanMany(plan, 2, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}
inline cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type, size_t *workSize)
{
	int n[3] = {nx, ny, nz};
	return cufftMakePlanMany(plan, 3, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

/* cufftPlan*: a handle and its plan at once; no handle is left on failure */
inline cufftResult cuflow_fft_planned(cufftHandle *plan, cufftResult made)
{
	if (made != CUFFT_SUCCESS)
		cufftDestroy(*plan);
	return made;
}
inline cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist,
                                 int *onembed, int ostride, int odist, cufftType type, int batch)
{
	cufftCreate(plan);
	cufftResult made =
	    cufftMakePlanMany(*plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch, NULL);
	return cuflow_fft_planned(plan, made);
}
inline cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch)
{
	cufftCreate(plan);
	return cuflow_fft_planned(plan, cufftMakePlan1d(*plan, nx, type, batch, NULL));
}
inline cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type)
{
	cufftCreate(plan);
	return cuflow_fft_planned(plan, cufftMakePlan2d(*plan, nx, ny, type, NULL));
}
inline cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type)
{
	cufftCreate(plan);
	return cuflow_fft_planned(plan, cufftMakePlan3d(*plan, nx, ny, nz, type, NULL));
}

/* work areas: FFTW's are its own */
inline cufftResult cuflow_fft_nowork(size_t *workSize)
{
	if (workSize)
		*workSize = 0;
	return CUFFT_SUCCESS;
}
inline cufftResult cufftEstimate1d(int, cufftType, int, size_t *workSize) { return cuflow_fft_nowork(workSize); }
inline cufftResult cufftEstimate2d(int, int, cufftType, size_t *workSize) { return cuflow_fft_nowork(workSize); }
inline cufftResult cufftEstimate3d(int, int, int, cufftType, size_t *workSize) { return cuflow_fft_nowork(workSize); }
inline cufftResult cufftEstimateMany(int, int *, int *, int, int, int *, int, int, cufftType, int, size_t *workSize)
{
	return cuflow_fft_nowork(workSize);
}
inline cufftResult cufftGetSize(cufftHandle plan, size_t *workSize)
{
	return cuflow_fft::find(plan) ? cuflow_fft_nowork(workSize) : CUFFT_INVALID_PLAN;
}
inline cufftResult cufftGetSize1d(cufftHandle plan, int, cufftType, int, size_t *workSize)
{
	return cufftGetSize(plan, workSize);
}
inline cufftResult cufftGetSize2d(cufftHandle plan, int, int, cufftType, size_t *workSize)
{
	return cufftGetSize(plan, workSize);
}
inline cufftResult cufftGetSize3d(cufftHandle plan, int, int, int, cufftType, size_t *workSize)
{
	return cufftGetSize(plan, workSize);
}
inline cufftResult cufftGetSizeMany(cufftHandle plan, int, int *, int *, int, int, int *, int, int, cufftType, int,
                                    size_t *workSize)
{
	return cufftGetSize(plan, workSize);
}
inline cufftResult cufftSetAutoAllocation(cufftHandle plan, int)
{
	return cuflow_fft::find(plan) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}
inline cufftResult cufftSetWorkArea(cufftHandle plan, void *)
{
	return cuflow_fft::find(plan) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}

/* a transform runs after all device work, every stream's: the stream is not kept */
inline cufftResult cufftSetStream(cufftHandle plan, cudaStream_t)
{
	return cuflow_fft::find(plan) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}
inline cufftResult cufftGetVersion(int *version)
{
	*version = 11303; /* cuFFT 11.3.3, CUDA 12.8's: the API level cuflow_cuda_api.h describes */
	return CUFFT_SUCCESS;
}

inline cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata, int direction)
{
	return cuflow_fft::exec(plan, CUFFT_C2C, idata, odata, direction);
}
inline cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata, int direction)
{
	return cuflow_fft::exec(plan, CUFFT_Z2Z, idata, odata, direction);
}
inline cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata)
{
	return cuflow_fft::exec(plan, CUFFT_R2C, idata, odata, CUFFT_FORWARD);
}
inline cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata)
{
	return cuflow_fft::exec(plan, CUFFT_D2Z, idata, odata, CUFFT_FORWARD);
}
inline cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata)
{
	return cuflow_fft::exec(plan, CUFFT_C2R, idata, odata, CUFFT_INVERSE);
}
inline cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata)
{
	return cuflow_fft::exec(plan, CUFFT_Z2D, idata, odata, CUFFT_INVERSE);
}

#endif
