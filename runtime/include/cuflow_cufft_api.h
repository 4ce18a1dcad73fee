/* cuflow_cufft_api.h: the part of cuFFT's API (cufft.h) that cuflow lowers,
 * written for cuflow from cuFFT's documentation (not NVIDIA's header).
 * cuflow's parser reads it for <cufft.h>; the runtime's cufft.h defines
 * these functions on FFTW3. A call outside this list is an undeclared name:
 * the lowering refuses the program with it. Arrays are row-major, the last
 * dimension contiguous, as in cuFFT; an inverse transform is unnormalised. */
#ifndef CUFLOW_CUFFT_API_H
#define CUFLOW_CUFFT_API_H

#include "cuComplex.h"

#ifndef CUFLOW_FFTFN
#define CUFLOW_FFTFN /* the runtime makes them inline definitions */
#endif

typedef int cufftHandle;
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;

typedef enum {
	CUFFT_SUCCESS = 0,
	CUFFT_INVALID_PLAN = 1,
	CUFFT_ALLOC_FAILED = 2,
	CUFFT_INVALID_TYPE = 3,
	CUFFT_INVALID_VALUE = 4,
	CUFFT_INTERNAL_ERROR = 5,
	CUFFT_EXEC_FAILED = 6,
	CUFFT_SETUP_FAILED = 7,
	CUFFT_INVALID_SIZE = 8,
	CUFFT_UNALIGNED_DATA = 9,
	CUFFT_INCOMPLETE_PARAMETER_LIST = 10,
	CUFFT_INVALID_DEVICE = 11,
	CUFFT_PARSE_ERROR = 12,
	CUFFT_NO_WORKSPACE = 13,
	CUFFT_NOT_IMPLEMENTED = 14,
	CUFFT_LICENSE_ERROR = 15,
	CUFFT_NOT_SUPPORTED = 16
} cufftResult;
typedef enum {
	CUFFT_R2C = 0x2a, /* real to complex, float */
	CUFFT_C2R = 0x2c,
	CUFFT_C2C = 0x29,
	CUFFT_D2Z = 0x6a, /* the same in double */
	CUFFT_Z2D = 0x6c,
	CUFFT_Z2Z = 0x69
} cufftType;
#define CUFFT_FORWARD (-1)
#define CUFFT_INVERSE 1

/* plans: the basic layout (Plan1d/2d/3d), the advanced one (PlanMany:
 * element (b, i) of the input at b * idist + offset(i, inembed) * istride;
 * NULL embeddings ask for the basic layout, strides and distances unread) */
CUFLOW_FFTFN cufftResult cufftCreate(cufftHandle *plan);
CUFLOW_FFTFN cufftResult cufftDestroy(cufftHandle plan);
CUFLOW_FFTFN cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch);
CUFLOW_FFTFN cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type);
CUFLOW_FFTFN cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type);
CUFLOW_FFTFN cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist,
                                       int *onembed, int ostride, int odist, cufftType type, int batch);
CUFLOW_FFTFN cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *workSize);
CUFLOW_FFTFN cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize);
CUFLOW_FFTFN cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type,
                                         size_t *workSize);
CUFLOW_FFTFN cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride, int idist,
                                           int *onembed, int ostride, int odist, cufftType type, int batch,
                                           size_t *workSize);

/* work areas: FFTW keeps its own, so every size is 0 */
CUFLOW_FFTFN cufftResult cufftEstimate1d(int nx, cufftType type, int batch, size_t *workSize);
CUFLOW_FFTFN cufftResult cufftEstimate2d(int nx, int ny, cufftType type, size_t *workSize);
CUFLOW_FFTFN cufftResult cufftEstimate3d(int nx, int ny, int nz, cufftType type, size_t *workSize);
CUFLOW_FFTFN cufftResult cufftEstimateMany(int rank, int *n, int *inembed, int istride, int idist, int *onembed,
                                           int ostride, int odist, cufftType type, int batch, size_t *workSize);
CUFLOW_FFTFN cufftResult cufftGetSize1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *workSize);
CUFLOW_FFTFN cufftResult cufftGetSize2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize);
CUFLOW_FFTFN cufftResult cufftGetSize3d(cufftHandle plan, int nx, int ny, int nz, cufftType type,
                                        size_t *workSize);
CUFLOW_FFTFN cufftResult cufftGetSizeMany(cufftHandle plan, int rank, int *n, int *inembed, int istride, int idist,
                                          int *onembed, int ostride, int odist, cufftType type, int batch,
                                          size_t *workSize);
CUFLOW_FFTFN cufftResult cufftGetSize(cufftHandle plan, size_t *workSize);
CUFLOW_FFTFN cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate);
CUFLOW_FFTFN cufftResult cufftSetWorkArea(cufftHandle plan, void *workArea);

CUFLOW_FFTFN cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream);
CUFLOW_FFTFN cufftResult cufftGetVersion(int *version);

/* transforms, in place (idata == odata) or not */
CUFLOW_FFTFN cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata, int direction);
CUFLOW_FFTFN cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata);
CUFLOW_FFTFN cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata);
CUFLOW_FFTFN cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata,
                                      int direction);
CUFLOW_FFTFN cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata);
CUFLOW_FFTFN cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata);

#endif
