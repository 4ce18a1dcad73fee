// case: found by tests/verify-all (golden 264 with -DEXTRA): a helper's trailing download whose
//       call shares its statement with a read of the result (acc += step(h) + h[5]); and a
//       blocking download before a helper whose statement reads the buffer beside the call
//       (acc = h[0] + fetch(h))
// expect: step()'s download stays (the rest of the statement reads the buffer after the call);
//         the download before fetch() stays out of it (the statement reads h[0] beside the call)
// trap: moved, h[5] would be read before the download, h[0] before the wait: RESULT changes
#include <cstdio>
#include <cstdlib>

__global__ void twist(unsigned *d, int n, unsigned k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2654435761u + k;
}

static unsigned work(unsigned r, int n)
{
    for (int i = 0; i < n; ++i)
        r = r * 31u + (unsigned)i;
    return r;
}

static unsigned step(unsigned *q0, unsigned *q1, int n)
{
    twist<<<(n + 63) / 64, 64>>>(q1, n, 7u);
    cudaMemcpy(q0, q1, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    return 3u;
}

static unsigned fetch(unsigned *q0, unsigned *q1, int n)
{
    unsigned r = work(1u, 5000);
    for (int i = 0; i < n; ++i)
        r = r * 33u + q0[i];
    return r;
}

int main()
{
    int n = 1024;
    unsigned *h = (unsigned *)calloc(n, sizeof(unsigned));
    unsigned *d;
    cudaMalloc(&d, n * sizeof(unsigned));
    cudaMemset(d, 0, n * sizeof(unsigned));
    unsigned acc = 0;
    acc += step(h, d, n) + h[5];
    acc = work(acc, 20000);
    acc ^= h[17];
    twist<<<(n + 63) / 64, 64>>>(d, n, 5u);
    cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    acc = h[0] + fetch(h, d, n);
    printf("RESULT %u\n", acc);
    cudaFree(d);
    free(h);
    return 0;
}
