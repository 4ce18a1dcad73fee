// expect 25: a call of a __device__ function holding a barrier or warp operation that cuflow does not inline: a return in a loop or a switch, in an else whose then does not return, or before more code
// A helper holding a barrier returns from inside its loop: inlined, the
// text must run to its end (the thread loops split it at the barrier, so no
// jump may leave it), and a return in a loop has no else to take the rest
// of the body (tests/lower/95 inlines the early returns of ifs). Refused
// with the call's line and the reason.
__device__ int firstBig(int *s, const int *a, int n)
{
	for (int i = 0; i < n; i++) {
		s[threadIdx.x] = a[i * blockDim.x + threadIdx.x];
		__syncthreads();
		if (s[0] > 100)
			return i;
		__syncthreads();
	}
	return -1;
}

__global__ void k(const int *a, int *o, int n)
{
	__shared__ int s[64];
	int r;
	r = 0;
	if (n > 0)
		r = firstBig(s, a, n);
	o[threadIdx.x] = r;
}

int main()
{
	return 0;
}
