/* cuflow_nvatomic.h: nvcc's memory-order atomics (CUDA 12.8 and later:
 * __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED) and friends), builtins of
 * nvcc that clang's host-side parse does not know, with their orders and
 * scopes; and the cache-hint loads and stores (__ldca, __stcs) that
 * clang's CUDA wrappers leave out. Declared from their documented signatures so device code that
 * uses them parses, with the toolkit (parse.c includes this) and with the
 * minimal header (cuflow_cuda.h); rules/device.rules says what each reads
 * and writes. */
#ifndef CUFLOW_NVATOMIC_H
#define CUFLOW_NVATOMIC_H
#ifdef __cplusplus
enum {
	__NV_ATOMIC_RELAXED, __NV_ATOMIC_CONSUME, __NV_ATOMIC_ACQUIRE,
	__NV_ATOMIC_RELEASE, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_SEQ_CST
};
enum {
	__NV_THREAD_SCOPE_THREAD, __NV_THREAD_SCOPE_BLOCK, __NV_THREAD_SCOPE_CLUSTER,
	__NV_THREAD_SCOPE_DEVICE, __NV_THREAD_SCOPE_SYSTEM
};
#define CUFLOW_NVA __attribute__((device))
#define CUFLOW_NVA_SCOPE int scope = __NV_THREAD_SCOPE_SYSTEM
#define CUFLOW_NVA_FETCH(OP) \
	template <class T, class U> CUFLOW_NVA T __nv_atomic_fetch_##OP(T *p, U v, int order, CUFLOW_NVA_SCOPE);
CUFLOW_NVA_FETCH(add)
CUFLOW_NVA_FETCH(sub)
CUFLOW_NVA_FETCH(min)
CUFLOW_NVA_FETCH(max)
CUFLOW_NVA_FETCH(and)
CUFLOW_NVA_FETCH(or)
CUFLOW_NVA_FETCH(xor)
#undef CUFLOW_NVA_FETCH
template <class T> CUFLOW_NVA T __nv_atomic_load_n(T *p, int order, CUFLOW_NVA_SCOPE);
template <class T> CUFLOW_NVA void __nv_atomic_load(T *p, T *ret, int order, CUFLOW_NVA_SCOPE);
template <class T, class U> CUFLOW_NVA void __nv_atomic_store_n(T *p, U v, int order, CUFLOW_NVA_SCOPE);
template <class T> CUFLOW_NVA void __nv_atomic_store(T *p, T *v, int order, CUFLOW_NVA_SCOPE);
template <class T, class U> CUFLOW_NVA T __nv_atomic_exchange_n(T *p, U v, int order, CUFLOW_NVA_SCOPE);
template <class T> CUFLOW_NVA void __nv_atomic_exchange(T *p, T *v, T *ret, int order, CUFLOW_NVA_SCOPE);
template <class T, class U>
CUFLOW_NVA bool __nv_atomic_compare_exchange_n(T *p, T *expected, U desired, bool weak, int success, int failure,
                                               CUFLOW_NVA_SCOPE);
template <class T>
CUFLOW_NVA bool __nv_atomic_compare_exchange(T *p, T *expected, T *desired, bool weak, int success, int failure,
                                             CUFLOW_NVA_SCOPE);
CUFLOW_NVA void __nv_atomic_thread_fence(int order, CUFLOW_NVA_SCOPE);
template <class T> CUFLOW_NVA T __ldca(const T *ptr);
template <class T> CUFLOW_NVA T __ldlu(const T *ptr);
template <class T> CUFLOW_NVA void __stwb(T *ptr, T value);
template <class T> CUFLOW_NVA void __stcg(T *ptr, T value);
template <class T> CUFLOW_NVA void __stcs(T *ptr, T value);
#undef CUFLOW_NVA_SCOPE
#undef CUFLOW_NVA
#endif
#endif
