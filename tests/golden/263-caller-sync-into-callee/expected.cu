// case: GSOHC's caller-to-callee motion (Fig. 7, issue 33): a device sync and a blocking download
//       stop right before the call of a helper that does host work first and reads the result
//       after; the helpers below it are the ones the sync must not enter (two callers, an
//       argument that reads what the copy writes, a name the callee declares for itself, a
//       caller's variable the call does not pass)
// expect: the device sync goes into consume() and the download into fetch() (dev for d), each
//         down past the host work to the loop that reads the result; the others stay before
//         their calls, each with its reason
// trap: a sync carried into twice() would not wait at its other call; one carried into first()
//       would run after h3[0] was read as the argument; one carried into shadow() would name
//       shadow's own `scratch`; each would print another RESULT (the deferred oracle run)
#include <cstdio>
#include <cstdlib>

__global__ void scale(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2.0f + 1.0f;
}

static float *scratch;

static double busy(int k)
{
    double s = 0;
    for (int i = 0; i < k; i++)
        s += i * 0.5;
    return s;
}

static double consume(const float *res, int n)
{
    double prep = busy(200000);
    double s = prep;
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i += 1024)
        s += res[i];
    return s;
}

static double fetch(float *res, float *dev, int n)
{
    double prep = busy(100000);
    double s = prep;
    cudaMemcpy(res, dev, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i += 512)
        s += res[i];
    return s;
}

static double twice(const float *res, int n)
{
    double s = busy(1000);
    for (int i = 0; i < n; i += 256)
        s += res[i];
    return s;
}

static double first(float v, const float *res, int n)
{
    double s = busy(1000) + v;
    for (int i = 0; i < n; i += 128)
        s += res[i];
    return s;
}

static double shadow(float *res, int n)
{
    float scratch[4] = {1, 2, 3, 4};
    double s = busy(1000) + scratch[2];
    for (int i = 0; i < n; i += 64)
        s += res[i];
    return s;
}

static double other(float *res, int n)
{
    double s = busy(1000);
    for (int i = 0; i < n; i += 32)
        s += res[i];
    return s;
}

int main()
{
    int n = 1 << 16;
    float *h, *h2 = (float *)malloc(n * sizeof(float)), *h3 = (float *)malloc(n * sizeof(float));
    cudaMallocHost(&h, n * sizeof(float));
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&scratch, n * sizeof(float));
    cudaMemset(d, 0, n * sizeof(float));
    cudaMemset(scratch, 0, n * sizeof(float));
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, 0);
    double r = consume(h, n);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    r += fetch(h2, d, n);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h3, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    r += twice(h3, n);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h3, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    r += twice(h3, n);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h3, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    r += first(h3[0], h3, n);
    scale<<<(n + 255) / 256, 256>>>(scratch, n);
    cudaMemcpy(h3, scratch, n * sizeof(float), cudaMemcpyDeviceToHost);
    r += shadow(h3, n);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h2, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    r += other(h2, n);
    printf("RESULT %.3f\n", r);
    cudaFree(d);
    cudaFree(scratch);
    cudaFreeHost(h);
    free(h2);
    free(h3);
    return 0;
}
