// expect 16: a per-thread array whose size names a local of the kernel (constexpr int n = R * R; double a[n]: the buffers are made before the locals are set)
// A kernel template's local array kept per thread across a barrier, sized
// by a const (not constexpr) local whose initialiser calls a function: the
// per-thread buffers are made at the block function's top, before the local
// holds its value, and only locals built from literals, template parameters
// and such locals, or constexpr ones (whose calls are constant expressions:
// HeCBench kalman's constexpr form, tests/lower/88), are declared again
// there (R * R is: tests/lower/63); a const local's call may be a run-time
// one. Lowered, double (*a)[R2] took an unset R2 as its size (threads' rows
// overlapped).
constexpr __host__ __device__ int square(int r) { return r * r; }
template <int R>
__global__ void k(double *o)
{
	const int R2 = square(R);
	double a[R2];
	for (int i = 0; i < R2; i++)
		a[i] = o[threadIdx.x + i];
	__syncthreads();
	for (int i = 0; i < R2; i++)
		o[threadIdx.x] += a[i] * R2;
}
int main()
{
	double *o;
	cudaMalloc(&o, 4096);
	k<2><<<1, 64>>>(o);
	return 0;
}
