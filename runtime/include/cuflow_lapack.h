/* cuflow_lapack.h: the LAPACK routines the runtime's cuSOLVER and cuBLAS's
 * batched getrf/gels call, declared for cuflow from LAPACK's documented
 * Fortran interface (every argument by reference; a character argument's
 * length follows the others, as gfortran passes it). OpenBLAS carries
 * them (configure checks for dgetrf_); no LAPACKE needed. Complex matrices
 * are cuComplex/cuDoubleComplex arrays, laid out as Fortran's COMPLEX.
 * Below them, in cuflow_lapack, the routines by element type (C++
 * overloads) and what LAPACK lacks (LU without pivoting). */
#ifndef CUFLOW_LAPACK_H
#define CUFLOW_LAPACK_H
#include <stddef.h>
#include <complex>
#include <vector>

#include "cuComplex.h"

extern "C" {
#define CUFLOW_LAPACK_TYPED(X, T, R) \
	void X##potrf_(const char *uplo, const int *n, T *A, const int *lda, int *info, size_t); \
	void X##potrs_(const char *uplo, const int *n, const int *nrhs, const T *A, const int *lda, T *B, \
	               const int *ldb, int *info, size_t); \
	void X##getrf_(const int *m, const int *n, T *A, const int *lda, int *ipiv, int *info); \
	void X##getrs_(const char *trans, const int *n, const int *nrhs, const T *A, const int *lda, const int *ipiv, \
	               T *B, const int *ldb, int *info, size_t); \
	void X##gels_(const char *trans, const int *m, const int *n, const int *nrhs, T *A, const int *lda, T *B, \
	              const int *ldb, T *work, const int *lwork, int *info, size_t);
CUFLOW_LAPACK_TYPED(s, float, float)
CUFLOW_LAPACK_TYPED(d, double, double)
CUFLOW_LAPACK_TYPED(c, void, float)
CUFLOW_LAPACK_TYPED(z, void, double)
#undef CUFLOW_LAPACK_TYPED
/* the singular value decomposition: real, and complex with a real workspace */
void sgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, float *A, const int *lda, float *S,
             float *U, const int *ldu, float *VT, const int *ldvt, float *work, const int *lwork, int *info, size_t,
             size_t);
void dgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, double *A, const int *lda, double *S,
             double *U, const int *ldu, double *VT, const int *ldvt, double *work, const int *lwork, int *info, size_t,
             size_t);
void cgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, void *A, const int *lda, float *S,
             void *U, const int *ldu, void *VT, const int *ldvt, void *work, const int *lwork, float *rwork,
             int *info, size_t, size_t);
void zgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, void *A, const int *lda, double *S,
             void *U, const int *ldu, void *VT, const int *ldvt, void *work, const int *lwork, double *rwork,
             int *info, size_t, size_t);
}

namespace cuflow_lapack {

/* the routines by element type; complex arrays are passed as Fortran's COMPLEX */
inline void potrf(char u, int n, float *A, int lda, int *info) { spotrf_(&u, &n, A, &lda, info, 1); }
inline void potrf(char u, int n, double *A, int lda, int *info) { dpotrf_(&u, &n, A, &lda, info, 1); }
inline void potrf(char u, int n, cuComplex *A, int lda, int *info) { cpotrf_(&u, &n, A, &lda, info, 1); }
inline void potrf(char u, int n, cuDoubleComplex *A, int lda, int *info) { zpotrf_(&u, &n, A, &lda, info, 1); }
#define CUFLOW_LAPACK_POTRS(X, T) \
	inline void potrs(char u, int n, int nrhs, const T *A, int lda, T *B, int ldb, int *info) \
	{ \
		X##potrs_(&u, &n, &nrhs, A, &lda, B, &ldb, info, 1); \
	}
CUFLOW_LAPACK_POTRS(s, float)
CUFLOW_LAPACK_POTRS(d, double)
CUFLOW_LAPACK_POTRS(c, cuComplex)
CUFLOW_LAPACK_POTRS(z, cuDoubleComplex)
#undef CUFLOW_LAPACK_POTRS
inline void getrf(int m, int n, float *A, int lda, int *ipiv, int *info) { sgetrf_(&m, &n, A, &lda, ipiv, info); }
inline void getrf(int m, int n, double *A, int lda, int *ipiv, int *info) { dgetrf_(&m, &n, A, &lda, ipiv, info); }
inline void getrf(int m, int n, cuComplex *A, int lda, int *ipiv, int *info) { cgetrf_(&m, &n, A, &lda, ipiv, info); }
inline void getrf(int m, int n, cuDoubleComplex *A, int lda, int *ipiv, int *info)
{
	zgetrf_(&m, &n, A, &lda, ipiv, info);
}
#define CUFLOW_LAPACK_GETRS(X, T) \
	inline void getrs(char t, int n, int nrhs, const T *A, int lda, const int *ipiv, T *B, int ldb, int *info) \
	{ \
		X##getrs_(&t, &n, &nrhs, A, &lda, ipiv, B, &ldb, info, 1); \
	}
CUFLOW_LAPACK_GETRS(s, float)
CUFLOW_LAPACK_GETRS(d, double)
CUFLOW_LAPACK_GETRS(c, cuComplex)
CUFLOW_LAPACK_GETRS(z, cuDoubleComplex)
#undef CUFLOW_LAPACK_GETRS

/* LAPACK's SVD with the workspace it asks for (a query first) */
inline void gesvd(char ju, char jv, int m, int n, float *A, int lda, float *S, float *U, int ldu, float *VT, int ldvt,
                  int *info)
{
	float q;
	int lw = -1;
	sgesvd_(&ju, &jv, &m, &n, A, &lda, S, U, &ldu, VT, &ldvt, &q, &lw, info, 1, 1);
	std::vector<float> w((size_t)q + 1);
	lw = (int)w.size();
	sgesvd_(&ju, &jv, &m, &n, A, &lda, S, U, &ldu, VT, &ldvt, w.data(), &lw, info, 1, 1);
}
inline void gesvd(char ju, char jv, int m, int n, double *A, int lda, double *S, double *U, int ldu, double *VT,
                  int ldvt, int *info)
{
	double q;
	int lw = -1;
	dgesvd_(&ju, &jv, &m, &n, A, &lda, S, U, &ldu, VT, &ldvt, &q, &lw, info, 1, 1);
	std::vector<double> w((size_t)q + 1);
	lw = (int)w.size();
	dgesvd_(&ju, &jv, &m, &n, A, &lda, S, U, &ldu, VT, &ldvt, w.data(), &lw, info, 1, 1);
}
inline void gesvd(char ju, char jv, int m, int n, cuComplex *A, int lda, float *S, cuComplex *U, int ldu,
                  cuComplex *VT, int ldvt, int *info)
{
	cuComplex q;
	int lw = -1;
	std::vector<float> rw((size_t)5 * (m < n ? m : n) + 1);
	cgesvd_(&ju, &jv, &m, &n, A, &lda, S, U, &ldu, VT, &ldvt, &q, &lw, rw.data(), info, 1, 1);
	std::vector<cuComplex> w((size_t)q.x + 1);
	lw = (int)w.size();
	cgesvd_(&ju, &jv, &m, &n, A, &lda, S, U, &ldu, VT, &ldvt, w.data(), &lw, rw.data(), info, 1, 1);
}
inline void gesvd(char ju, char jv, int m, int n, cuDoubleComplex *A, int lda, double *S, cuDoubleComplex *U, int ldu,
                  cuDoubleComplex *VT, int ldvt, int *info)
{
	cuDoubleComplex q;
	int lw = -1;
	std::vector<double> rw((size_t)5 * (m < n ? m : n) + 1);
	zgesvd_(&ju, &jv, &m, &n, A, &lda, S, U, &ldu, VT, &ldvt, &q, &lw, rw.data(), info, 1, 1);
	std::vector<cuDoubleComplex> w((size_t)q.x + 1);
	lw = (int)w.size();
	zgesvd_(&ju, &jv, &m, &n, A, &lda, S, U, &ldu, VT, &ldvt, w.data(), &lw, rw.data(), info, 1, 1);
}

/* the element type to compute in: complex numbers as std::complex, which
 * has cuComplex's layout */
template <class T> struct elem { typedef T type; typedef T real; };
template <> struct elem<cuComplex> { typedef std::complex<float> type; typedef float real; };
template <> struct elem<cuDoubleComplex> { typedef std::complex<double> type; typedef double real; };
template <class T> bool iszero(const T &v) { return *reinterpret_cast<const typename elem<T>::type *>(&v) == typename elem<T>::type(0); }
template <class T> void set(T &v, double x)
{
	*reinterpret_cast<typename elem<T>::type *>(&v) = typename elem<T>::type((typename elem<T>::real)x);
}

/* least squares (gels) with the workspace LAPACK asks for; R is T's real
 * type, in which a complex workspace size comes back */
#define CUFLOW_LAPACK_GELS(X, T) \
	inline void gels(char t, int m, int n, int nrhs, T *A, int lda, T *B, int ldb, int *info) \
	{ \
		T q; \
		int lw = -1; \
		X##gels_(&t, &m, &n, &nrhs, A, &lda, B, &ldb, &q, &lw, info, 1); \
		std::vector<T> w((size_t)*reinterpret_cast<const typename elem<T>::real *>(&q) + 1); \
		lw = (int)w.size(); \
		X##gels_(&t, &m, &n, &nrhs, A, &lda, B, &ldb, w.data(), &lw, info, 1); \
	}
CUFLOW_LAPACK_GELS(s, float)
CUFLOW_LAPACK_GELS(d, double)
CUFLOW_LAPACK_GELS(c, cuComplex)
CUFLOW_LAPACK_GELS(z, cuDoubleComplex)
#undef CUFLOW_LAPACK_GELS

/* LU without pivoting (cuSOLVER's and cuBLAS's getrf with a NULL pivot
 * array), right-looking as LAPACK's unblocked getf2; info as LAPACK's:
 * the first zero pivot, from 1 (the elimination goes on past it, without
 * dividing by it) */
template <class T> void lunopivot(int m, int n, T *A0, int lda, int *info)
{
	typedef typename elem<T>::type E;
	E *A = reinterpret_cast<E *>(A0);
	*info = 0;
	for (int j = 0; j < (m < n ? m : n); j++) {
		E p = A[(size_t)j * lda + j];
		if (p == E(0)) {
			if (!*info)
				*info = j + 1;
			continue;
		}
		for (int i = j + 1; i < m; i++)
			A[(size_t)j * lda + i] /= p;
		for (int c = j + 1; c < n; c++)
			for (int i = j + 1; i < m; i++)
				A[(size_t)c * lda + i] -= A[(size_t)j * lda + i] * A[(size_t)c * lda + j];
	}
}


} // namespace cuflow_lapack

#endif
