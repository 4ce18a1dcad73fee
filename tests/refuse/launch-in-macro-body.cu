// expect 9: a kernel launch written in a macro's definition
// A launch written in a macro's definition: libclang gives the end of its
// text as the macro's use, so cuflow cannot rewrite the definition's text
// (a launch in a macro's argument is lowered: tests/lower/43).
__global__ void add(int *d, int v) { d[threadIdx.x] += v; }
#define LAUNCH_ADD(d, v) add<<<1, 64>>>(d, v)
int main()
{
	LAUNCH_ADD((int *)0, 1);
	return 0;
}
