// The kernel: its file does not include shuffle.cuh itself.
__global__ void turn(const int *in, int *out)
{
	int v = in[blockIdx.x * SPAN + threadIdx.x];
	rotate(&v);
	rotate(&v);
	out[blockIdx.x * SPAN + threadIdx.x] = v;
}
