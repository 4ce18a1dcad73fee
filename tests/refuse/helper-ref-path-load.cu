// expect 19: a call of a __device__ function holding a barrier or warp operation that cuflow does not inline: a reference parameter passed an expression that is not one of the kernel's variables
// A reference parameter bound to grid[0][t]: the binding follows grid[0]
// once, at the call, but the helper then changes it (rows[0] = other). Put
// in place of x, the path would be evaluated again after that store and
// name another row's element (cuflow did so in session 21's first build);
// only paths whose bases and indices read no memory go in place
// (tests/lower/96), and this call is refused.
__device__ void bump(int &x, int **rows, int *other)
{
	if (threadIdx.x == 0)
		rows[0] = other;
	__syncthreads();
	x += 1;
}

__global__ void k(int **grid, int *spare)
{
	int t = threadIdx.x;
	bump(grid[0][t], grid, spare);
}

int main()
{
	return 0;
}
