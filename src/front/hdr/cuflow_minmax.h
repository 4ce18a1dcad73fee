/* cuflow_minmax.h: CUDA's global max and min (ints, longs, long longs, their
 * unsigned mixes, float and double). nvcc declares them for host code too;
 * clang's CUDA headers for device code only. Parses with the toolkit include
 * this for host twins (CUFLOW_MINMAX_SPACE left to its default), so host
 * calls resolve as under nvcc; the minimal header (cuflow_cuda.h) includes
 * it for both sides. */
#ifndef CUFLOW_MINMAX_H
#define CUFLOW_MINMAX_H
#ifndef CUFLOW_MINMAX_SPACE
#define CUFLOW_MINMAX_SPACE __attribute__((host))
#endif
#define CUFLOW_MINMAX(R, A, B)                                                                                     \
	static inline CUFLOW_MINMAX_SPACE R min(A a, B b) { return (R)a < (R)b ? (R)a : (R)b; }                   \
	static inline CUFLOW_MINMAX_SPACE R max(A a, B b) { return (R)a > (R)b ? (R)a : (R)b; }
CUFLOW_MINMAX(int, int, int)
CUFLOW_MINMAX(unsigned int, unsigned int, unsigned int)
CUFLOW_MINMAX(unsigned int, int, unsigned int)
CUFLOW_MINMAX(unsigned int, unsigned int, int)
CUFLOW_MINMAX(long, long, long)
CUFLOW_MINMAX(unsigned long, unsigned long, unsigned long)
CUFLOW_MINMAX(unsigned long, long, unsigned long)
CUFLOW_MINMAX(unsigned long, unsigned long, long)
CUFLOW_MINMAX(long long, long long, long long)
CUFLOW_MINMAX(unsigned long long, unsigned long long, unsigned long long)
CUFLOW_MINMAX(unsigned long long, long long, unsigned long long)
CUFLOW_MINMAX(unsigned long long, unsigned long long, long long)
CUFLOW_MINMAX(float, float, float)
CUFLOW_MINMAX(double, double, double)
CUFLOW_MINMAX(double, float, double)
CUFLOW_MINMAX(double, double, float)
#undef CUFLOW_MINMAX
#endif
