/* Empty stub: hybridsort includes <cuda_gl_interop.h> but uses nothing from it
 * (tests/rodinia/compat/stub, on the include path of both the lowered and
 * the GPU build). */
