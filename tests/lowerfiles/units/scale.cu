// The second unit: the same names as main.cu's, other meanings.
#define WIDTH 32
static const int tag = 5;

static __host__ __device__ int twice(int x) { return x + x + tag; }

__global__ void scalek(int *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] = twice(d[i]) * tag;
}

void scale(int *d, int n)
{
	scalek<<<(n + WIDTH - 1) / WIDTH, WIDTH>>>(d, n);
}
