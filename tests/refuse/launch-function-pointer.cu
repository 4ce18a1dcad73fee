// expect 10: a launch through a function pointer (kernel)
// A launch through a variable holding one of two kernels: the name is the
// variable's, not a kernel's (the lowering wrote cuflow_launch_kernel(...),
// which did not build; HeCBench matrixT).
__global__ void a(float *o) { o[threadIdx.x] = 1; }
__global__ void b(float *o) { o[threadIdx.x] = 2; }
int main(int argc, char **argv) {
	float *o; cudaMalloc(&o, 64);
	void (*kernel)(float *) = argc > 1 ? &a : &b;
	kernel<<<1, 16>>>(o);
	return 0;
}
