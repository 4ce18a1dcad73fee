# runtime/: the CUDA runtime API on the CPU that programs lowered by
# `cuflow --lower=openmp` link against (doc/runtime.md). A static library,
# its headers under $(includedir)/cuflow, and a pkg-config file; the
# uninstalled .pc (runtime/cuflow-runtime-uninstalled.pc, made by configure)
# serves the build tree: PKG_CONFIG_PATH=$(builddir)/runtime.
lib_LIBRARIES = runtime/libcuflow-runtime.a
runtime_libcuflow_runtime_a_CPPFLAGS = -I$(top_srcdir)/runtime/include
runtime_libcuflow_runtime_a_CFLAGS = $(AM_CFLAGS) $(OPENMP_CFLAGS) -D_GNU_SOURCE
runtime_libcuflow_runtime_a_SOURCES = \
	runtime/rt_internal.h runtime/state.c runtime/error.c runtime/queue.c \
	runtime/stream.c runtime/launch.c runtime/memory.c runtime/copy.c \
	runtime/device.c runtime/texture.c runtime/graph.c runtime/profile.c \
	runtime/freed.c runtime/racecheck.c runtime/trace.h runtime/trace.c runtime/trace_rt.c

# The same objects built as position-independent code: --lower=coexec
# links a program's CPU side and the runtime into one shared object whose
# only exported symbols are the kernels' entries (doc/coexec.md), so that
# the runtime's CUDA API stays apart from the real one.
lib_LIBRARIES += runtime/libcuflow-runtime-pic.a
runtime_libcuflow_runtime_pic_a_CPPFLAGS = $(runtime_libcuflow_runtime_a_CPPFLAGS)
runtime_libcuflow_runtime_pic_a_CFLAGS = $(runtime_libcuflow_runtime_a_CFLAGS) -fPIC
runtime_libcuflow_runtime_pic_a_SOURCES = $(runtime_libcuflow_runtime_a_SOURCES)

# --lower=coexec's CUDA side: the split launches (header only, for nvcc)
# and the script that builds a program from the two sides
cuflowcoexecdir = $(includedir)/cuflow-coexec
cuflowcoexec_HEADERS = runtime/coexec/cuflow_coexec.h
bin_SCRIPTS = runtime/coexec/cuflow-coexec-cc
EXTRA_DIST += runtime/coexec/cuflow-coexec-cc

cuflowincludedir = $(includedir)/cuflow
cuflowinclude_HEADERS = runtime/include/cuflow_rt.h runtime/include/cuflow_device.h \
	runtime/include/cuflow_cuda_api.h runtime/include/cuflow_lower.h runtime/include/cuflow_thrust.h \
	runtime/include/cuda_runtime.h runtime/include/cuda_runtime_api.h runtime/include/cuda.h \
	runtime/include/device_launch_parameters.h runtime/include/device_functions.h \
	runtime/include/vector_types.h runtime/include/cooperative_groups.h \
	runtime/include/cuda_fp16.h runtime/include/cuda_bf16.h runtime/include/cuda_fp8.h runtime/include/mma.h \
	runtime/include/cublas_v2.h runtime/include/cuflow_cublas_api.h \
	runtime/include/cublasLt.h runtime/include/cuflow_cublaslt_api.h \
	runtime/include/cusolverDn.h runtime/include/cuflow_cusolver_api.h runtime/include/cuflow_lapack.h \
	runtime/include/cusparse.h runtime/include/cuflow_cusparse_api.h \
	runtime/include/cufft.h runtime/include/cuflow_cufft_api.h runtime/include/cuComplex.h \
	runtime/include/curand.h runtime/include/curand_kernel.h runtime/include/cuflow_curand_api.h \
	runtime/include/cuflow_curand_kernel_api.h runtime/include/cuflow_curand_device.h \
	runtime/include/cuflow_cub.h runtime/include/cuflow_cccl_std.h
cuflowcgdir = $(includedir)/cuflow/cooperative_groups
cuflowcg_HEADERS = runtime/include/cooperative_groups/reduce.h runtime/include/cooperative_groups/scan.h \
	runtime/include/cooperative_groups/memcpy_async.h
cuflowcubdir = $(includedir)/cuflow/cub
cuflowcub_HEADERS = runtime/include/cub/cub.cuh runtime/include/cub/util_type.cuh runtime/include/cub/util_debug.cuh \
	runtime/include/cub/util_macro.cuh runtime/include/cub/util_allocator.cuh
cuflowcubblockdir = $(includedir)/cuflow/cub/block
cuflowcubblock_HEADERS = runtime/include/cub/block/block_load.cuh runtime/include/cub/block/block_store.cuh \
	runtime/include/cub/block/block_scan.cuh runtime/include/cub/block/block_reduce.cuh \
	runtime/include/cub/block/block_adjacent_difference.cuh
cuflowcubwarpdir = $(includedir)/cuflow/cub/warp
cuflowcubwarp_HEADERS = runtime/include/cub/warp/warp_reduce.cuh

pkgconfigdir = $(libdir)/pkgconfig
pkgconfig_DATA = runtime/cuflow-runtime.pc

EXTRA_DIST += runtime/cuflow-runtime.pc.in runtime/cuflow-runtime-uninstalled.pc.in \
	runtime/tests/defer.test runtime/tests/profile.test runtime/tests/trace.test runtime/tests/racecheck.test \
	doc/runtime.md doc/trace.md

# Tests: C++ programs written like lowered code. Each runs as it is (eager
# mode); defer.test runs the ones that must also pass in deferred mode under
# CUFLOW_DEFER=1, and checks that a missing sync shows there.
RT_TEST_CPPFLAGS = -I$(top_srcdir)/runtime/include
RT_TEST_CXXFLAGS = -std=c++17 -Wall -Wextra -Werror $(OPENMP_CFLAGS)
RT_TEST_LIBS = runtime/libcuflow-runtime.a $(OPENMP_CFLAGS) -lm
RUNTIME_TESTS = runtime/tests/test_memory runtime/tests/test_streams \
	runtime/tests/test_errors runtime/tests/test_atomics runtime/tests/test_warp \
	runtime/tests/test_device runtime/tests/test_launch runtime/tests/test_intrinsics \
	runtime/tests/test_texture runtime/tests/test_compat runtime/tests/test_c_headers \
	runtime/tests/test_assert runtime/tests/test_curand runtime/tests/test_simd
check_PROGRAMS += $(RUNTIME_TESTS) runtime/tests/defer_prog
check_PROGRAMS += runtime/tests/test_racecheck
TESTS += $(RUNTIME_TESTS) runtime/tests/defer.test runtime/tests/profile.test runtime/tests/trace.test \
	runtime/tests/racecheck.test

runtime_tests_test_racecheck_SOURCES = runtime/tests/test_racecheck.cpp runtime/tests/check.h
runtime_tests_test_racecheck_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_racecheck_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_racecheck_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_memory_SOURCES = runtime/tests/test_memory.cpp runtime/tests/check.h
runtime_tests_test_memory_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_memory_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_memory_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_streams_SOURCES = runtime/tests/test_streams.cpp runtime/tests/check.h
runtime_tests_test_streams_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_streams_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_streams_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_errors_SOURCES = runtime/tests/test_errors.cpp runtime/tests/check.h
runtime_tests_test_errors_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_errors_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_errors_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_atomics_SOURCES = runtime/tests/test_atomics.cpp runtime/tests/check.h
runtime_tests_test_atomics_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_atomics_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_atomics_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_warp_SOURCES = runtime/tests/test_warp.cpp runtime/tests/check.h
runtime_tests_test_warp_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_warp_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_warp_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_device_SOURCES = runtime/tests/test_device.cpp runtime/tests/check.h
runtime_tests_test_device_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_device_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_device_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_launch_SOURCES = runtime/tests/test_launch.cpp runtime/tests/check.h
runtime_tests_test_launch_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_launch_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_launch_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_intrinsics_SOURCES = runtime/tests/test_intrinsics.cpp runtime/tests/check.h
runtime_tests_test_intrinsics_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_intrinsics_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_intrinsics_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_simd_SOURCES = runtime/tests/test_simd.cpp runtime/tests/check.h
runtime_tests_test_simd_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_simd_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_simd_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_texture_SOURCES = runtime/tests/test_texture.cpp runtime/tests/check.h
runtime_tests_test_texture_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_texture_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_texture_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_compat_SOURCES = runtime/tests/test_compat.cpp runtime/tests/check.h
runtime_tests_test_compat_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_compat_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_compat_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_assert_SOURCES = runtime/tests/test_assert.cpp runtime/tests/check.h
runtime_tests_test_assert_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_assert_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_assert_LDADD = $(RT_TEST_LIBS)

runtime_tests_test_curand_SOURCES = runtime/tests/test_curand.cpp runtime/tests/check.h
runtime_tests_test_curand_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_curand_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_test_curand_LDADD = $(RT_TEST_LIBS)

# the public headers from C (gcc -std=c11): a program's C files include them
runtime_tests_test_c_headers_SOURCES = runtime/tests/test_c_headers.c
runtime_tests_test_c_headers_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_test_c_headers_CFLAGS = -std=c11 -pedantic -Wall -Wextra -Werror $(OPENMP_CFLAGS)
runtime_tests_test_c_headers_LDADD = $(RT_TEST_LIBS)

runtime_tests_defer_prog_SOURCES = runtime/tests/defer_prog.cpp
runtime_tests_defer_prog_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_defer_prog_CXXFLAGS = $(RT_TEST_CXXFLAGS)
runtime_tests_defer_prog_LDADD = $(RT_TEST_LIBS)

# The grain and split benchmarks (doc/runtime.md), built on demand only:
#   make runtime/tests/bench_grain && runtime/tests/bench_grain (bench_split alike)
EXTRA_PROGRAMS = runtime/tests/bench_grain runtime/tests/bench_split
runtime_tests_bench_grain_SOURCES = runtime/tests/bench_grain.cpp
runtime_tests_bench_grain_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_bench_grain_CXXFLAGS = -std=c++17 -O2 -Wall -Wextra -Werror $(OPENMP_CFLAGS)
runtime_tests_bench_grain_LDADD = $(RT_TEST_LIBS)
runtime_tests_bench_split_SOURCES = runtime/tests/bench_split.cpp
runtime_tests_bench_split_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_bench_split_CXXFLAGS = -std=c++17 -O2 -Wall -Wextra -Werror $(OPENMP_CFLAGS)
runtime_tests_bench_split_LDADD = $(RT_TEST_LIBS)
CLEANFILES += runtime/tests/bench_grain runtime/tests/bench_split

# libcuflow-trace.so (doc/trace.md): CUFLOW_TRACE for programs on a real GPU,
# preloaded into a program built with `nvcc -cudart shared`. A plain shared
# object built as a program (no libtool): position-independent objects, -shared.
# automake refuses lib_PROGRAMS, hence a directory of our own naming $(libdir)
tracelibdir = $(libdir)
tracelib_PROGRAMS = runtime/libcuflow-trace.so
runtime_libcuflow_trace_so_SOURCES = runtime/trace_preload.c runtime/trace.c runtime/trace.h
runtime_libcuflow_trace_so_CFLAGS = $(AM_CFLAGS) -fPIC
runtime_libcuflow_trace_so_LDFLAGS = -shared -Wl,-soname,libcuflow-trace.so -Wl,-z,defs \
	-Wl,--version-script=$(top_srcdir)/runtime/trace_preload.map
EXTRA_runtime_libcuflow_trace_so_DEPENDENCIES = runtime/trace_preload.map
EXTRA_DIST += runtime/trace_preload.map
runtime_libcuflow_trace_so_LDADD = -ldl -lpthread

# trace.test: trace_prog.c against the CPU runtime, and against a stand-in
# for libcudart (fakecudart.c) under libcuflow-trace.so, found beside the
# program through its rpath.
check_PROGRAMS += runtime/tests/trace_prog_cpu runtime/tests/trace_prog_fake runtime/tests/libfakecudart.so
RT_TEST_C_CFLAGS = -std=c11 -Wall -Wextra -Werror
runtime_tests_trace_prog_cpu_SOURCES = runtime/tests/trace_prog.c
runtime_tests_trace_prog_cpu_CPPFLAGS = $(RT_TEST_CPPFLAGS) -DTRACE_CPU_RUNTIME
runtime_tests_trace_prog_cpu_CFLAGS = $(RT_TEST_C_CFLAGS) $(OPENMP_CFLAGS)
runtime_tests_trace_prog_cpu_LDADD = $(RT_TEST_LIBS)
runtime_tests_trace_prog_fake_SOURCES = runtime/tests/trace_prog.c
runtime_tests_trace_prog_fake_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_trace_prog_fake_CFLAGS = $(RT_TEST_C_CFLAGS)
runtime_tests_trace_prog_fake_LDFLAGS = -Wl,-rpath,'$$ORIGIN'
runtime_tests_trace_prog_fake_LDADD = runtime/tests/libfakecudart.so
runtime_tests_libfakecudart_so_SOURCES = runtime/tests/fakecudart.c
runtime_tests_libfakecudart_so_CPPFLAGS = $(RT_TEST_CPPFLAGS)
runtime_tests_libfakecudart_so_CFLAGS = $(RT_TEST_C_CFLAGS) -fPIC
runtime_tests_libfakecudart_so_LDFLAGS = -shared -Wl,-soname,libfakecudart.so
