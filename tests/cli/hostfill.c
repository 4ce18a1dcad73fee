/* Old C, as Rodinia's backprop has it: a K&R definition and implicit int. */
#include <stdlib.h>

float *
fill(n)
int n;
{
	float *p = (float *)malloc(n * sizeof(float));
	for (int i = 0; i < n; i++)
		p[i] = i * 0.5f;
	return p;
}

count() { return 4; }
