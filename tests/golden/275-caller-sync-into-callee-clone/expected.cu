// case: GSOHC's caller-to-callee motion (Fig. 7, issue 33) into a helper
//       with two callers: the download right before consume()'s first call
//       could pass its host work; its second call runs when nothing is in
//       flight, after the host wrote h
// expect: a static clone, consume_sync(), right after consume(), holds the
//         download before the loop that reads h, and the first call calls
//         it; consume() and its second call stay as they are
// trap: a download in consume() itself would overwrite the host's h[i] = i
//       before the second call reads it (another RESULT)
#include <cstdio>
#include <cstdlib>

__global__ void scale(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2.0f + 1.0f;
}

static double consume(float *h, float *d, int n)
{
    double s = 0;
    for (int i = 0; i < 400000; i++)
        s += i * 0.25;
    for (int i = 0; i < 8; i++)
        s += h[i] + (n > 0 && d ? 0 : 1);
    return s;
}

static double consume_sync(float *h, float *d, int n)
{
    double s = 0;
    for (int i = 0; i < 400000; i++)
        s += i * 0.25;
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; i++)
        s += h[i] + (n > 0 && d ? 0 : 1);
    return s;
}

int main()
{
    int n = 1 << 16;
    float *h = (float *)malloc(n * sizeof(float));
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemset(d, 0, n * sizeof(float));
    scale<<<(n + 255) / 256, 256>>>(d, n);
    double r = consume_sync(h, d, n);
    for (int i = 0; i < 8; i++)
        h[i] = (float)i;
    r += consume(h, d, n);
    printf("RESULT %.2f\n", r);
    free(h);
    cudaFree(d);
    return 0;
}
