// case: must never: the host writes the upload's source in callees: perturb(h_w, ...) writes through its parameter, retune(&m, t) through a struct parameter's field, and perturb is defined after main (only its prototype is seen first)
// expect: "cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);" (line 44) stays in the loop: "perturb(h_w, n, t);" (line 46) and "retune(&m, t);" (line 47) write h_w each iteration (their summaries: perturb writes *w, retune writes *m->w)
// trap: hoisting the upload makes every iteration use the unperturbed h_w
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

struct Model {
    int *w;
    int n;
};

static void perturb(int *w, int n, int t);

static void retune(Model *m, int t)
{
    m->w[(t * 131) % m->n] += 7;
}

__global__ void acc(int *x, const int *w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + w[i]) % 100003;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_w = (int *)malloc(bytes);
    int *h_x = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_w[i] = (i * 17) % 43;
    Model m;
    m.w = h_w;
    m.n = n;
    int *d_w, *d_x;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);

    for (int t = 0; t < 6; ++t) {
        cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
        acc<<<(n + 255) / 256, 256>>>(d_x, d_w, n);
        perturb(h_w, n, t);
        retune(&m, t);
    }

    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 7 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_w);
    cudaFree(d_x);
    free(h_w);
    free(h_x);
    return 0;
}

static void perturb(int *w, int n, int t)
{
    for (int i = t; i < n; i += 61)
        w[i] = (w[i] + t + 1) % 97;
}
