/* Empty stub: hybridsort includes <GL/glut.h> but uses nothing from it
 * (tests/rodinia/compat/stub, on the include path of both the lowered and
 * the GPU build). */
