// case: main's download from the global buf comes right before a call of Eater::eat(), a method whose class has a member named buf
// expect: the download stays in main, the report naming buf
// trap: moved into eat(), buf named the member Eater::buf
#include <cstdio>
#include <cstdlib>
__global__ void scale(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2.0f + 1.0f;
}
static float *buf;
struct Eater {
    static float *buf;
    static double eat(float *res, int n)
    {
        double s = 0;
        for (int i = 0; i < 100000; i++)
            s += i * 0.5;
        for (int i = 0; i < n; i += 512)
            s += res[i];
        return s;
    }
};
float *Eater::buf;
int main()
{
    int n = 1 << 12;
    float *h = (float *)malloc(n * sizeof(float));
    cudaMalloc(&buf, n * sizeof(float));
    cudaMalloc(&Eater::buf, n * sizeof(float));
    cudaMemset(buf, 0, n * sizeof(float));
    cudaMemset(Eater::buf, 0, n * sizeof(float));
    scale<<<(n + 255) / 256, 256>>>(buf, n);
    cudaMemcpy(h, buf, n * sizeof(float), cudaMemcpyDeviceToHost);
    double r = Eater::eat(h, n);
    printf("RESULT %.3f\n", r);
    return 0;
}
