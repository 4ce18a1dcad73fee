// Reduced from smith seeds 2026113262, 2026119280 and 2026114431: a
// function reached only through a pointer (or only from code another
// configuration compiles, or from no caller here) gets its pointer
// parameters from callers cuflow does not see. They may point anywhere:
// the download into q must not move below the memset of q.
#include <cstdio>
#include <cstring>

__global__ void fill(unsigned *d)
{
    d[threadIdx.x] = threadIdx.x;
}

static unsigned viaptr(unsigned *q, unsigned *d)
{
    fill<<<1, 32>>>(d);
    cudaMemcpy(q, d, 32 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    unsigned r = 0;
    for (int i = 0; i < 100; i++)
        r = r * 3 + i;
    memset(q, 1, 32 * sizeof(unsigned));
    return r + q[0];
}

unsigned nocaller(unsigned *q, unsigned *d)
{
    fill<<<1, 32>>>(d);
    cudaMemcpy(q, d, 32 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    unsigned r = 0;
    for (int i = 0; i < 100; i++)
        r = r * 3 + i;
    memset(q, 1, 32 * sizeof(unsigned));
    return r + q[0];
}

static unsigned other(unsigned *q, unsigned *d)
{
    return q[0] + (d != 0);
}

int main(int argc, char **argv)
{
    (void)argv;
    unsigned *d, h[32];
    cudaMalloc(&d, 32 * sizeof(unsigned));
    unsigned (*fp)(unsigned *, unsigned *) = argc > 5 ? other : viaptr;
    printf("RESULT %u\n", fp(h, d));
    cudaFree(d);
    return 0;
}
