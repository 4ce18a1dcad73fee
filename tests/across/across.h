// The declarations main.cu and step.cu share (tests/across.test).
#define N_ELEMS (1 << 16)

extern float *g_dev; // defined in step.cu

void step(float *h, float *d, int n);
void step_global(float *h, int n);
void step_macro(float *h, float *d);
void step_static(float *h, int n);
void twice(float *h, float *d, int n);
void locals(float *h, int m);
void inner(float *h, float *d, int n);
void launch(float *d, int n);
double consume(float *h, float *d, int n);
