/* mma.h for programs lowered by cuflow: warp matrix multiply-accumulate
 * (nvcuda::wmma) on the CPU, written for cuflow from CUDA's programming
 * guide (not NVIDIA's header).
 *
 * On the GPU a fragment is spread over the 32 lanes of a warp, each holding
 * num_elements of the tile's elements in an order CUDA leaves unspecified,
 * and fill_fragment, load_matrix_sync, store_matrix_sync and mma_sync are
 * collective: every lane of the warp calls them with the same arguments.
 * Here each lane's fragment holds the whole tile (x[r * cols + c] is the
 * element of row r, column c) and every lane computes it in full,
 * redundantly. Since the lanes pass the same arguments, every lane ends
 * with the same tile, and a program that uses fragments only collectively
 * and applies one elementwise operation to all x[i] (the only uses that do
 * not depend on the unspecified mapping of elements to lanes) gets the
 * GPU's results: its tile, whichever lane holds each element. num_elements
 * is the tile's size, so `for (i < num_elements) x[i] = f(x[i])` covers it.
 *
 * Every lane storing the whole tile writes what the warp writes (the same
 * values, once per lane); a lane loading the whole tile reads elements
 * other lanes own on the GPU, so the lowering runs each load and store as
 * a statement of its own for all lanes at once (a step, like a shuffle's):
 * every lane's load comes after all lanes' earlier stores and before their
 * later ones, as the warp's collective call orders them (src/lower/kernel.c,
 * wmmastep).
 *
 * Shapes: m16n16k16, m32n8k16, m8n32k16 (half, bfloat16, signed and unsigned
 * char inputs), m16n16k8 (precision::tf32), m8n8k4 (double). Products are
 * summed in float (int for char inputs, double for double), in k order, and
 * rounded once to the accumulator's type: as accurate as the tensor cores'
 * fp32 accumulation or more, not bitwise the same (their order of
 * summation is unspecified). tf32 inputs are used at full float precision. */
#ifndef CUFLOW_MMA_H
#define CUFLOW_MMA_H
#ifdef __cplusplus
#include "cuda_fp16.h"
#include "cuda_bf16.h"

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
} /* namespace precision */

namespace cuflow_wmma {
/* the tile a use of a shape holds: A is m x k, B k x n, C and D m x n */
template <class Use, int M, int N, int K> struct tile;
template <int M, int N, int K> struct tile<matrix_a, M, N, K> { enum { rows = M, cols = K }; };
template <int M, int N, int K> struct tile<matrix_b, M, N, K> { enum { rows = K, cols = N }; };
template <int M, int N, int K> struct tile<accumulator, M, N, K> { enum { rows = M, cols = N }; };

/* what a fragment of declared type T stores, and what its products sum in */
template <class T> struct storage { typedef T type; };
template <> struct storage<precision::tf32> { typedef float type; };
template <class T> struct sum { typedef float type; };
template <> struct sum<signed char> { typedef int type; };
template <> struct sum<unsigned char> { typedef int type; };
template <> struct sum<int> { typedef int type; };
template <> struct sum<double> { typedef double type; };

constexpr bool shape(int m, int n, int k)
{
	return (k == 16 && ((m == 16 && n == 16) || (m == 32 && n == 8) || (m == 8 && n == 32))) ||
	       (m == 16 && n == 16 && k == 8) || (m == 8 && n == 8 && k == 4);
}

/* the offset of element (r, c) of a tile in memory with leading dimension ldm */
inline unsigned at(unsigned r, unsigned c, unsigned ldm, bool rowmajor) { return rowmajor ? r * ldm + c : c * ldm + r; }
} /* namespace cuflow_wmma */

template <class Use, int M, int N, int K, class T, class Layout = void> class fragment {
	static_assert(cuflow_wmma::shape(M, N, K), "a wmma shape cuflow does not provide");

public:
	typedef typename cuflow_wmma::storage<T>::type element_type;
	enum {
		rows = cuflow_wmma::tile<Use, M, N, K>::rows,
		cols = cuflow_wmma::tile<Use, M, N, K>::cols,
		num_elements = rows * cols /* the whole tile: see above */
	};
	element_type x[num_elements];
};

template <class Use, int M, int N, int K, class T, class L>
inline void fill_fragment(fragment<Use, M, N, K, T, L> &f, const typename fragment<Use, M, N, K, T, L>::element_type &v)
{
	for (int i = 0; i < f.num_elements; i++)
		f.x[i] = v;
}

namespace cuflow_wmma {
template <class F, class P> inline void load(F &f, const P *p, unsigned ldm, bool rowmajor)
{
	for (int r = 0; r < F::rows; r++)
		for (int c = 0; c < F::cols; c++)
			f.x[r * F::cols + c] = p[at((unsigned)r, (unsigned)c, ldm, rowmajor)];
}
} /* namespace cuflow_wmma */

/* A and B: the layout is the fragment's */
template <class Use, int M, int N, int K, class T>
inline void load_matrix_sync(fragment<Use, M, N, K, T, row_major> &f,
                             const typename fragment<Use, M, N, K, T, row_major>::element_type *p, unsigned ldm)
{
	cuflow_wmma::load(f, p, ldm, true);
}
template <class Use, int M, int N, int K, class T>
inline void load_matrix_sync(fragment<Use, M, N, K, T, col_major> &f,
                             const typename fragment<Use, M, N, K, T, col_major>::element_type *p, unsigned ldm)
{
	cuflow_wmma::load(f, p, ldm, false);
}
/* the accumulator: the layout is the call's */
template <int M, int N, int K, class T>
inline void load_matrix_sync(fragment<accumulator, M, N, K, T> &f, const T *p, unsigned ldm, layout_t l)
{
	cuflow_wmma::load(f, p, ldm, l == mem_row_major);
}
template <int M, int N, int K, class T>
inline void store_matrix_sync(T *p, const fragment<accumulator, M, N, K, T> &f, unsigned ldm, layout_t l)
{
	for (int r = 0; r < M; r++)
		for (int c = 0; c < N; c++)
			p[cuflow_wmma::at((unsigned)r, (unsigned)c, ldm, l == mem_row_major)] = f.x[r * N + c];
}

/* d = a b + c; d may be c (or share nothing with it): each element is
 * summed before it is written, and c's element is read first */
template <int M, int N, int K, class TA, class LA, class TB, class LB, class TC, class TD>
inline void mma_sync(fragment<accumulator, M, N, K, TD> &d, const fragment<matrix_a, M, N, K, TA, LA> &a,
                     const fragment<matrix_b, M, N, K, TB, LB> &b, const fragment<accumulator, M, N, K, TC> &c)
{
	typedef typename cuflow_wmma::sum<typename fragment<matrix_a, M, N, K, TA, LA>::element_type>::type S;
	for (int r = 0; r < M; r++)
		for (int col = 0; col < N; col++) {
			S s = (S)c.x[r * N + col];
			for (int i = 0; i < K; i++)
				s += (S)a.x[r * K + i] * (S)b.x[i * N + col];
			d.x[r * N + col] = (TD)s;
		}
}

/* tf32: 10 of float's 23 fraction bits, rounded to nearest, ties away from
 * zero (cvt.rna.tf32.f32); infinities and NaN stay */
inline float __float_to_tf32(float in)
{
	uint32_t u = cuflow_detail::bits<uint32_t>(in);
	if ((u & 0x7f800000u) != 0x7f800000u)
		u = (u + 0x1000u) & ~0x1fffu;
	return cuflow_detail::bits<float>(u);
}

} /* namespace wmma */
} /* namespace nvcuda */

#endif /* __cplusplus */
#endif /* CUFLOW_MMA_H */
