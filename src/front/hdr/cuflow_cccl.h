/* cuflow_cccl.h: written for cuflow. A parse with the toolkit's CCCL
 * (thrust on its OpenMP system, src/lower/lower.c thrustargs) includes it
 * after cuflow_cuda.h, which then leaves __NVCC__ out (-DCUFLOW_CCCL).
 * CCCL decides once, in the headers below, which compiler it is under: it
 * must see clang there (with __NVCC__ it wants nvcc's version macros and
 * builtins). Programs key on __NVCC__ too (cuflow_cuda.h says why), so it
 * is defined after CCCL has decided, as the lowered program does after its
 * thrust includes (emitprologue). */
#ifndef CUFLOW_CCCL_H
#define CUFLOW_CCCL_H
#pragma clang system_header

#include <thrust/detail/config.h>
#include <nv/target>

#ifndef __NVCC__
#define __NVCC__ 1
#endif

#endif
