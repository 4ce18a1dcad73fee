// case: reduced from smith seed 2026130668 (--passes=all): an upload inside a FOR(i, n) macro
//       loop, under a condition no run meets, then a download of the same pair; the model sees
//       the macro's loop as one statement that holds the copy
// expect: the copies pass neither takes that statement for a copy that always runs (it would
//         make the download redundant) nor deletes it as dead: every copy stays
// trap: with the download removed, h keeps its old values and RESULT changes (the loop never
//       uploads when argc is 1)
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                            \
    do {                                                                       \
        cudaError_t err_ = (call);                                             \
        if (err_ != cudaSuccess) {                                             \
            fprintf(stderr, "CUDA error %d at line %d\n", (int)err_, __LINE__); \
            exit(1);                                                           \
        }                                                                      \
    } while (0)


#define FOR(i, n) for (int i = 0; i < (n); ++i)

__global__ void twist(unsigned *d, int n, unsigned k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2654435761u + k;
}

int main(int argc, char **argv)
{
    int n = 4096;
    unsigned *h = (unsigned *)malloc(n * sizeof(unsigned));
    for (int i = 0; i < n; ++i)
        h[i] = (unsigned)i * 7u;
    unsigned *d;
    cudaMalloc(&d, n * sizeof(unsigned));
    cudaMemcpy(d, h, n * sizeof(unsigned), cudaMemcpyHostToDevice);
    twist<<<(n + 63) / 64, 64>>>(d, n, 5u);
    cudaDeviceSynchronize();
    unsigned acc = 0;
    FOR(it, argc + 3)
    {
        if (argc == 4)
            CHECK(cudaMemcpy(d, h, n * sizeof(unsigned), cudaMemcpyHostToDevice));
        if (it == 2)
            continue;
    }
    cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        acc = acc * 31u + h[i];
    if (argc > 3)
        cudaMemcpy(d, h, n * sizeof(unsigned), cudaMemcpyHostToDevice);
    else
        acc ^= h[1];
    CHECK(cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        acc = acc * 33u + h[i];
    printf("RESULT %u\n", acc);
    cudaFree(d);
    free(h);
    return 0;
}
