// no CUDA here either, but it calls step() and reads the result at once:
// a download that left step() for run()'s call site would not have
// happened yet when this reads h.
void step(float *h, float *d, int n);
float peek(float *h, float *d, int n)
{
	step(h, d, n);
	return h[0];
}
