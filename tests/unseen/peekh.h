// tests/unseen.test: a caller of step() in a header that only a file
// without CUDA includes (the pre-scan read that file's own text only).
void step(float *h, float *d, int n);
inline float peekh(float *h, float *d, int n)
{
	step(h, d, n);
	return h[0];
}
