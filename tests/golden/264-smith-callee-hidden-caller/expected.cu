// case: reduced from smith seeds 2026140324, 2026142367 (into a callee) and 2026141392: a helper
//       whose only visible call follows a blocking download is called again inside an #if group
//       the parse leaves out; a helper ending with its download is called the same way; a
//       download from g_buf, declared after the helper late() it would go into
// expect: nothing crosses a call: fetch() and step() have callers cuflow does not see (the
//         group names them), and g_buf is declared after late(), so that download stays in
//         main; the stream sync only moves down past mix() in main
// trap: in late() the download would not compile; with -DEXTRA the group's call of fetch()
//       would copy the device buffer over h2 (a sync carried into fetch writes its host
//       buffer), and its call of step() would not download (a sync carried out of step):
//       RESULT would change (configs lists EXTRA)
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

static unsigned mix(unsigned r, int n)
{
    for (int i = 0; i < n; ++i)
        r = r * 7u + (unsigned)i;
    return r;
}

static unsigned fetch(unsigned *q0, unsigned *q1, int n)
{
    unsigned r = work(1u, 5000);
    for (int i = 0; i < n; ++i)
        r = r * 33u + q0[i];
    return r;
}

static unsigned step(unsigned *q0, unsigned *q1, int n)
{
    twist<<<(n + 63) / 64, 64>>>(q1, n, 7u);
    cudaMemcpy(q0, q1, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    return 3u;
}

static unsigned late(unsigned *q0, int n)
{
    unsigned r = work(2u, 5000);
    for (int i = 0; i < n; ++i)
        r = r * 37u + q0[i];
    return r;
}

cudaStream_t g_s;
unsigned *g_buf;

int main()
{
    int n = 1024;
    unsigned *h = (unsigned *)calloc(n, sizeof(unsigned));
    unsigned *h2 = (unsigned *)calloc(n, sizeof(unsigned));
    unsigned *d;
    cudaMalloc(&d, n * sizeof(unsigned));
    cudaMemset(d, 0, n * sizeof(unsigned));
    cudaStreamCreate(&g_s);
    unsigned acc = 0;
    twist<<<(n + 63) / 64, 64>>>(d, n, 5u);
    cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    acc = acc * 3u + fetch(h, d, n);
    acc += step(h, d, n);
    acc = work(acc, 20000);
    acc ^= h[17];
    twist<<<(n + 63) / 64, 64, 0, g_s>>>(d, n, 9u);
    acc = mix(acc, 3000);
    cudaStreamSynchronize(g_s);
    cudaMalloc(&g_buf, n * sizeof(unsigned));
    cudaMemcpy(g_buf, d, n * sizeof(unsigned), cudaMemcpyDeviceToDevice);
    twist<<<(n + 63) / 64, 64>>>(g_buf, n, 11u);
    cudaMemcpy(h2, g_buf, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    acc = acc * 3u + late(h2, n);
#ifdef EXTRA
    h2[0] = 1u;
    acc = acc * 5u + fetch(h2, d, n);
    acc += step(h2, d, n) + h2[5];
#endif
    cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    acc = acc * 7u + h[3];
    printf("RESULT %u\n", acc);
    cudaStreamDestroy(g_s);
    cudaFree(d);
    cudaFree(g_buf);
    free(h);
    free(h2);
    return 0;
}
