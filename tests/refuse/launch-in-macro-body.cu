// expect 12: a kernel launch written in a macro's definition in a form cuflow cannot edit
// A launch written in a macro's definition through an expression that is
// not a kernel's name (an element of a table of kernels): cuflow edits a
// definition's launch only where a name, maybe with template arguments,
// stands before <<< (tests/lower/61; one in a macro's argument:
// tests/lower/43).
__global__ void add(int *d, int v) { d[threadIdx.x] += v; }
#define LAUNCH_ADD(t, d, v) t[0]<<<1, 64>>>(d, v)
int main()
{
	void (*table[1])(int *, int) = {add};
	LAUNCH_ADD(table, (int *)0, 1);
	return 0;
}
