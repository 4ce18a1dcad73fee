/* cufft.h: written for cuflow (not NVIDIA's header): the cuFFT calls the
 * lowering runs on FFTW3 (runtime/include/cuflow_cufft_api.h). */
#ifdef CUFLOW_LOWER_NO_FFTW
#error "cuFFT: cuflow was built without FFTW3 (install libfftw3-dev and run configure again)"
#endif
#include "cuda_runtime.h"
#include "cuflow_cufft_api.h"
