// nvcc declares max and min for host code as well; clang only for device code.
#include <algorithm>
#include <cstdio>
using namespace std;
__global__ void k(unsigned *a) { a[threadIdx.x] = max(threadIdx.x, 3u); }
int main()
{
    int a = 3;
    unsigned u = 2;
    long long q = 5;
    printf("%d %d %u %lld %f\n", max(a, 7), min(a, 2), max(u, a), max(q, 3LL), max(1.0f, 2.0));
    unsigned *d;
    cudaMalloc(&d, 4);
    k<<<1, 1>>>(d);
    cudaDeviceSynchronize();
    return 0;
}
