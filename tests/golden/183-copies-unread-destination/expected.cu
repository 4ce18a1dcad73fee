// case: run() uploads a scratch buffer the kernel only writes, then downloads the result (read), the scratch buffer into a host mirror nothing reads again, the result again into h_chk (read only in an #ifdef CHECK block) and the result into a buffer a global points to; flags() downloads into a buffer nothing reads, which was also the only wait before the host reads managed memory
// expect: the download into h_tmp (line 34) goes: only run()'s variables point to it and nothing reads it before it is freed; then the upload of d_tmp (line 31) goes: once that download is gone nothing reads d_tmp (the kernel only writes it); the download into h_chk (line 35) stays: the #ifdef CHECK block reads h_chk; the download into g_keep (line 36) stays: a global points to that buffer; in flags() the download into h_x (line 69) becomes cudaStreamSynchronize(0): nothing reads h_x, but the host reads m next
// trap: removing line 35 makes a -DCHECK build add 1000000 to RESULT (wrong.cu: that rewrite with CHECK defined, RESULT 4098025604856 against 2025604856, which the rewrite with CHECK defined prints); removing line 36 loses what main reads through g_keep; removing line 69 without a sync lets the host read m while mark() may still run (RESULT 2025580286 in the oracle's deferred mode)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void step(int *out, int *tmp, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        tmp[i] = in[i] * 3;
        out[i] = in[i] + 7;
    }
}

static int *g_keep;

static long long run(const int *h_in, int n)
{
    size_t bytes = n * sizeof(int);
    int *d_in, *d_out, *d_tmp;
    int *h_out = (int *)malloc(bytes);
    int *h_tmp = (int *)calloc(n, sizeof(int));
    int *h_chk = (int *)calloc(n, sizeof(int));
    cudaMalloc(&d_in, bytes);
    cudaMalloc(&d_out, bytes);
    cudaMalloc(&d_tmp, bytes);
    cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice);

    step<<<(n + 255) / 256, 256>>>(d_out, d_tmp, d_in, n);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_chk, d_out, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(g_keep, d_out, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += h_out[i] % 1000;
#ifdef CHECK
    for (int i = 0; i < n; ++i)
        if (h_chk[i] != h_in[i] + 7)
            s += 1000000;
#endif
    free(h_out);
    free(h_tmp);
    free(h_chk);
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_tmp);
    return s;
}

__global__ void mark(int *m, int *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        m[i] = i % 13;
        x[i] = i;
    }
}

static long long flags(int n)
{
    int *m, *d_x, *h_x = (int *)calloc(n, sizeof(int));
    cudaMallocManaged(&m, n * sizeof(int));
    cudaMalloc(&d_x, n * sizeof(int));
    mark<<<(n + 255) / 256, 256>>>(m, d_x, n);
    cudaStreamSynchronize(0);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += m[i];
    free(h_x);
    cudaFree(m);
    cudaFree(d_x);
    return s;
}

int main()
{
    const int n = 4096;
    int *h_in = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i)
        h_in[i] = i * 5 + 1;
    g_keep = (int *)malloc(n * sizeof(int));
    long long s = run(h_in, n) * 1000;
    for (int i = 0; i < n; ++i)
        s += g_keep[i] % 7;
    s += flags(n);
    printf("RESULT %lld\n", s);
    free(h_in);
    free(g_keep);
    return 0;
}
