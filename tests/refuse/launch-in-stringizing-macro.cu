// expect 12: a kernel launch in the argument of a macro that turns its arguments into strings
// A launch in a macro's argument is rewritten where the argument is
// written (tests/lower/43), but this macro also prints its argument's text:
// the rewrite would change what the program prints.
#include <cstdio>
#define TIMED(...)                                                                                                      \
	do {                                                                                                             \
		printf("running %s\n", #__VA_ARGS__);                                                                    \
		__VA_ARGS__;                                                                                             \
	} while (0)
__global__ void add(int *d) { d[threadIdx.x] += 1; }
int main() { int *d = 0; TIMED(add<<<1, 32>>>(d)); return 0; }
