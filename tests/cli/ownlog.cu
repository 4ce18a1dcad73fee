// ownlog.cu: the program's own log() prints; libm's rule for log (pure) must
// not stand for it, so the sync stays before it (the kernel prints too).
// note() calls code cuflow cannot see; a `body` rule (ownlog.rules) says it
// touches nothing, and the sync then passes it.
#include <cstdio>
#include <cuda_runtime.h>

void remote_note(int);
static void log(const char *what) { printf("host: %s\n", what); }
static void note(int v) { remote_note(v); }

__global__ void fill(int *a)
{
    a[threadIdx.x] = threadIdx.x;
    if (threadIdx.x == 0)
        printf("kernel: filled\n");
}

int main()
{
    int *d, h[32];
    cudaMalloc(&d, sizeof h);
    fill<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    for (int i = 0; i < 3; i++)
        note(i);
    log("done");
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h[31]);
    return 0;
}
