// expect 28: a barrier inside a statement cuflow cannot split
// A switch holding barriers, in a kernel whose other statements (helpers
// storing __shared__ float4 members, inlined) run in step: the switch is one
// statement to the lowering, which must refuse it rather than run it for
// each thread in turn with its barriers inside (builds before 1a88a8f did
// that to a loop under `#pragma unroll`, which now splits as any loop).
__device__ float4 seed(int i)
{
	return make_float4(i, i + 1, i + 2, i + 3);
}

__device__ void store(float4 *s, int at, float4 v)
{
	s[at].x = v.x;
	s[at].y = v.y;
	s[at].z = v.z;
	s[at].w = v.w;
}

__global__ void k(float4 *o)
{
	__shared__ float4 s[64 * 3];
	int t = threadIdx.x;
	store(s, t, seed(t));
	store(s, t + blockDim.x, seed(t + 5));
	store(s, t + 2 * blockDim.x, seed(t + 9));
	__syncthreads();
	switch (blockIdx.x % 2) {
	case 0: {
		s[t].x += 1.0f;
		__syncthreads();
		s[t + blockDim.x].y += s[t].x;
		__syncthreads();
		break;
	}
	default:
		break;
	}
	o[t] = s[t];
}

int main()
{
	return 0;
}
