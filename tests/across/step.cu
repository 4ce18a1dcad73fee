// A helper in its own file (issue 33: a callee in another file of the
// program): step() launches and ends with the blocking download, which
// main() in main.cu reads only after host work. tests/across.test
#include "across.h"

float *g_dev;
static float *s_dev;

__global__ void scale(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2.0f + 1.0f;
}

// leaves for main.cu: its names are parameters and the toolkit's
void step(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

// leaves too: g_dev has external linkage and main.cu declares it
void step_global(float *h, int n)
{
    scale<<<(n + 255) / 256, 256>>>(g_dev, n);
    cudaMemcpy(h, g_dev, n * sizeof(float), cudaMemcpyDeviceToHost);
}

// stays: N_ELEMS is a macro, which main.cu could define otherwise
void step_macro(float *h, float *d)
{
    scale<<<(N_ELEMS + 255) / 256, 256>>>(d, N_ELEMS);
    cudaMemcpy(h, d, N_ELEMS * sizeof(float), cudaMemcpyDeviceToHost);
}

// stays: s_dev is static here; main.cu cannot name it
void step_static(float *h, int n)
{
    if (!s_dev)
        cudaMalloc(&s_dev, n * sizeof(float));
    cudaMemset(s_dev, 0, n * sizeof(float));
    scale<<<(n + 255) / 256, 256>>>(s_dev, n);
    cudaMemcpy(h, s_dev, n * sizeof(float), cudaMemcpyDeviceToHost);
}

// called here as an if's body, where it has no place of its own, and from
// main.cu after host work: a clone would be static in this file, so it stays
void twice(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

// stays: main.cu's caller declares a local named g_dev, which the sync's
// g_dev would mean there
void locals(float *h, int m)
{
    scale<<<(m + 255) / 256, 256>>>(g_dev, m);
    cudaMemcpy(h, g_dev, m * sizeof(float), cudaMemcpyDeviceToHost);
}

float peek(float *h, float *d, int n)
{
    if (n > 0)
        twice(h, d, n);
    return h[1];
}

// leaves for middle() in main.cu, whose last statement calls it, and in
// the next round on to main()
void inner(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

// launches only: main.cu downloads after it
void launch(float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
}

// main.cu's download right before its only call goes in, past the host
// work, to the loop that reads h (GSOHC's caller-to-callee motion)
double consume(float *h, float *d, int n)
{
    double s = 0;
    for (int i = 0; i < 800000; i++)
        s += i * 0.25;
    for (int i = 0; i < 8; i++)
        s += h[i] + d[0] * 0 + n * 0;
    return s;
}
