/* mma.h: warp matrix multiply-accumulate (nvcuda::wmma), written for
 * cuflow (not NVIDIA's header). Fragments hold an x[] array of their element
 * type as in CUDA; the operations are declarations only. */
#ifndef CUFLOW_MMA_H
#define CUFLOW_MMA_H
#pragma clang system_header /* as the toolkit's: no warnings, not user code */

#include "cuflow_cuda.h"
#include "cuflow_bf16.h"

namespace nvcuda {
namespace wmma {

struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };
namespace precision {
struct tf32 {};
struct u4 {};
struct s4 {};
struct b1 {};
}

/* Element type a fragment stores for a given declared type. */
template <class T> struct __cuflow_storage { typedef T type; };
template <> struct __cuflow_storage<precision::tf32> { typedef float type; };
template <> struct __cuflow_storage<precision::u4> { typedef int type; };
template <> struct __cuflow_storage<precision::s4> { typedef int type; };
template <> struct __cuflow_storage<precision::b1> { typedef int type; };

template <class Use, int m, int n, int k, class T, class Layout = void>
class fragment {
public:
	typedef typename __cuflow_storage<T>::type element_type;
	enum { num_elements = 8 }; /* per thread; the real count varies by shape */
	element_type x[num_elements];
};

template <class Use, int m, int n, int k, class T, class Layout>
__device__ void fill_fragment(fragment<Use, m, n, k, T, Layout> &a, const typename fragment<Use, m, n, k, T, Layout>::element_type &v);
template <class Use, int m, int n, int k, class T, class Layout, class P>
__device__ void load_matrix_sync(fragment<Use, m, n, k, T, Layout> &a, const P *p, unsigned ldm);
template <class Use, int m, int n, int k, class T, class Layout, class P>
__device__ void load_matrix_sync(fragment<Use, m, n, k, T, Layout> &a, const P *p, unsigned ldm, layout_t layout);
template <int m, int n, int k, class T, class P>
__device__ void store_matrix_sync(P *p, const fragment<accumulator, m, n, k, T, void> &a, unsigned ldm, layout_t layout);
template <int m, int n, int k, class TA, class LA, class TB, class LB, class TC, class TD>
__device__ void mma_sync(fragment<accumulator, m, n, k, TD, void> &d,
			 const fragment<matrix_a, m, n, k, TA, LA> &a,
			 const fragment<matrix_b, m, n, k, TB, LB> &b,
			 const fragment<accumulator, m, n, k, TC, void> &c);
template <int m, int n, int k, class TA, class LA, class TB, class LB, class TC, class TD>
__device__ void mma_sync(fragment<accumulator, m, n, k, TD, void> &d,
			 const fragment<matrix_a, m, n, k, TA, LA> &a,
			 const fragment<matrix_b, m, n, k, TB, LB> &b,
			 const fragment<accumulator, m, n, k, TC, void> &c, bool satf);
__device__ float __float_to_tf32(float in);

} /* namespace wmma */
} /* namespace nvcuda */

#endif /* CUFLOW_MMA_H */
