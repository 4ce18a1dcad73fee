// 47-kernel-template-helpers.cu: kernel templates (two specialisations,
// float and int) calling __device__ helpers that hold barriers, shuffles
// and a __shared__ array, with arguments that do not depend on the
// template's parameters (a cast to float, an int): the helpers are inlined
// into the kernel template's text, as into a plain kernel (issue 35).
// Expected: RESULT fsum=<F> isum=<I> max=<M> bad=0. A lowering that ran
// the helper's threads one after another inside the call would read
// partial sums not written yet (bad > 0).
#include <cstdio>

__device__ float blockSum(float v)
{
    __shared__ float s[256];
    s[threadIdx.x] = v;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k /= 2) {
        if (threadIdx.x < k)
            s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    float r = s[0];
    __syncthreads();
    return r;
}

__device__ int warpMax(int v)
{
    for (int o = 16; o > 0; o /= 2) {
        int w = __shfl_down_sync(0xffffffffu, v, o);
        v = w > v ? w : v;
    }
    return __shfl_sync(0xffffffffu, v, 0);
}

template <typename T>
__global__ void reduce(const T *in, T *out, int *mx, int n, int *bad)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    T v = i < n ? in[i] : T(0);
    float s = blockSum((float)v);
    int m = warpMax((int)v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = (T)s;
    if (threadIdx.x % 32 == 0)
        mx[i / 32] = m;
    if (m < (int)v)
        atomicAdd(bad, 1);
}

int main()
{
    const int n = 1024, b = 4;
    float *fin, *fout;
    int *iin, *iout, *mx, *bad;
    cudaMallocManaged(&fin, n * sizeof(float));
    cudaMallocManaged(&iin, n * sizeof(int));
    cudaMallocManaged(&fout, b * sizeof(float));
    cudaMallocManaged(&iout, b * sizeof(int));
    cudaMallocManaged(&mx, n / 32 * sizeof(int));
    cudaMallocManaged(&bad, sizeof(int));
    for (int i = 0; i < n; i++) {
        iin[i] = (i * 37) % 101;
        fin[i] = 0.5f * iin[i];
    }
    *bad = 0;
    reduce<float><<<b, 256>>>(fin, fout, mx, n, bad);
    cudaDeviceSynchronize();
    long long top = 0;
    for (int w = 0; w < n / 32; w++)
        top += mx[w];
    reduce<int><<<b, 256>>>(iin, iout, mx, n, bad);
    cudaDeviceSynchronize();
    double fs = 0;
    long long is = 0;
    int wrong = *bad;
    for (int k = 0; k < b; k++) {
        float want = 0;
        int iwant = 0;
        for (int j = 0; j < 256; j++) {
            want += fin[k * 256 + j];
            iwant += iin[k * 256 + j];
        }
        wrong += fout[k] != want || iout[k] != iwant;
        fs += fout[k];
        is += iout[k];
    }
    for (int w = 0; w < n / 32; w++) {
        int m = 0;
        for (int l = 0; l < 32; l++)
            m = iin[w * 32 + l] > m ? iin[w * 32 + l] : m;
        wrong += mx[w] != m;
        top += mx[w];
    }
    printf("RESULT fsum=%.1f isum=%lld max=%lld bad=%d\n", fs, is, top, wrong);
    return 0;
}
