// 92-qualified-kernel: kernels declared in a namespace and defined outside
// it with a qualified name (`__global__ void ns::inner::scale(...)` at file
// scope, as HeCBench tsne writes its broadcast kernels), a template among
// them launched from a host template that explicit instantiations make. The
// lowered launcher and stub must be the ones the namespace declares (an
// unqualified definition at file scope was another function: the program
// did not link). Every field is an integer sum or a mismatch count.
#include <cstdio>

#define CHECK(x) \
	do { \
		if ((x) != cudaSuccess) { \
			printf("CUDA error %s line %d\n", #x, __LINE__); \
			return 1; \
		} \
	} while (0)

namespace ns {
namespace inner {
__global__ void scale(int *v, int n, int f);
template <typename Op, typename T> __global__ void combine(T *a, const T *b, int n, Op op);
template <typename Op, typename T> void apply(T *a, const T *b, int n, Op op);
} // namespace inner
} // namespace ns

struct Add {
	__host__ __device__ int operator()(int x, int y) const { return x + y; }
};
struct Mul {
	__host__ __device__ int operator()(int x, int y) const { return x * y; }
};

__global__ void ns::inner::scale(int *v, int n, int f)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] *= f;
}

template <typename Op, typename T> __global__ void ns::inner::combine(T *a, const T *b, int n, Op op)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = op(a[i], b[i]);
}

template <typename Op, typename T> void ns::inner::apply(T *a, const T *b, int n, Op op)
{
	ns::inner::combine<<<(n + 63) / 64, 64>>>(a, b, n, op);
}

template void ns::inner::apply<Add, int>(int *, const int *, int, Add);
template void ns::inner::apply<Mul, int>(int *, const int *, int, Mul);

int main()
{
	const int n = 300;
	int ha[n], hb[n], *da, *db;
	for (int i = 0; i < n; i++) {
		ha[i] = i % 17;
		hb[i] = i % 5 + 1;
	}
	CHECK(cudaMalloc(&da, sizeof ha));
	CHECK(cudaMalloc(&db, sizeof hb));
	CHECK(cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice));
	ns::inner::scale<<<(n + 127) / 128, 128>>>(da, n, 3);
	ns::inner::apply(da, db, n, Add());
	ns::inner::apply(da, db, n, Mul());
	CHECK(cudaMemcpy(ha, da, sizeof ha, cudaMemcpyDeviceToHost));
	int bad = 0;
	long sum = 0;
	for (int i = 0; i < n; i++) {
		int want = (i % 17 * 3 + hb[i]) * hb[i];
		bad += ha[i] != want;
		sum += ha[i];
	}
	printf("RESULT sum=%ld bad=%d\n", sum, bad);
	return 0;
}
