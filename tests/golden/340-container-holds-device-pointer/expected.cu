// case: the axpby shape: a device pointer stored in a struct, pushed into a vector of vectors, and a helper that launches through the container
// expect: no copy removed: the kernel reads and writes the uploaded buffer through the container, and the download reads it back
// trap: push_back stored nothing in the container's model, so the upload looked unread and went, with the download (the build before printed the input's sum, not the doubled one)
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

struct Ten { float *data_ptr; long numel; };

__global__ void twice(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2.0f;
}

static void apply(const std::vector<std::vector<Ten>> &lists)
{
    for (size_t t = 0; t < lists[0].size(); t++)
        twice<<<lists[0][t].numel / 256, 256>>>(lists[0][t].data_ptr, lists[0][t].numel);
}

int main()
{
    const int n = 1 << 20;
    std::vector<std::vector<Ten>> lists(1);
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = i % 7;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    Ten t;
    t.data_ptr = d;
    t.numel = n;
    lists[0].push_back(t);
    apply(lists);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT %.1f\n", s);
    cudaFree(d);
    free(h);
    return 0;
}
