// case: helpers start with the device work their call sites hold (issue 33): setup() is called
//       only before any launch, drain() only after one, step() from a site with work in flight and
//       one without, spin() recursively, pick() through a pointer
// expect: setup's upload stays (nothing in flight at its only call: moving it overlaps nothing);
//         drain's download moves (work in flight at its call); step's moves (one site has work in
//         flight: the join); spin (recursive) and pick (called through a pointer) keep the old
//         assumption, anything in flight
// trap: none here; 253 holds the pointer-parameter trap
#include <cstdio>
#include <cstdlib>

__global__ void twice(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] *= 2.0f;
}

static float busy(int k)
{
    float s = 0;
    for (int i = 0; i < k; i++)
        s += i * 0.5f;
    return s;
}

static void setup(float *d, const float *h, int n)
{
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    float s = busy(1000);
    printf("setup %.1f\n", s);
}

static float drain(float *h, const float *d, int n)
{
    float s = busy(2000);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    return s + h[1];
}

static float step(float *h, const float *d, int n)
{
    float s = busy(3000);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    return s + h[2];
}

static float spin(float *h, const float *d, int n, int depth)
{
    float s = busy(100);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    return depth ? spin(h, d, n, depth - 1) + s : s + h[3];
}

static float pick(float *h, const float *d, int n)
{
    float s = busy(100);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    return s + h[4];
}

int main()
{
    const int n = 1 << 16;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 13);
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    setup(d, h, n);
    float r = step(h, d, n);
    twice<<<n / 256, 256>>>(d, n);
    r += drain(h, d, n);
    twice<<<n / 256, 256>>>(d, n);
    r += step(h, d, n);
    r += spin(h, d, n, 2);
    float (*fp)(float *, const float *, int) = pick;
    r += fp(h, d, n);
    printf("RESULT %.1f\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
