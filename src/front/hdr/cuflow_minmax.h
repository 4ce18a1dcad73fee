/* cuflow_minmax.h: nvcc declares max and min for host code too (ints,
 * longs, long longs, their unsigned mixes, float and double); clang's CUDA
 * headers declare them for device code only. Host twins, so host calls
 * resolve as they do under nvcc. Parses with the toolkit include it; the
 * minimal header (cuflow_cuda.h) declares its own. */
#ifndef CUFLOW_MINMAX_H
#define CUFLOW_MINMAX_H
#define CUFLOW_MINMAX(R, A, B)                                                         \
	static inline __attribute__((host)) R max(const A a, const B b) { return (R)a > (R)b ? (R)a : (R)b; } \
	static inline __attribute__((host)) R min(const A a, const B b) { return (R)a < (R)b ? (R)a : (R)b; }
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
