// A kernel the runtime could split, launched once plainly and then into a
// stream capture, the graph launched three times: a launch being captured
// is recorded as written (no part runs then, no copy, no wait), and in lazy
// mode every allocation is current on the device before the graph runs.
// The CPU runtime has no stream capture (runtime/graph.c): lowered, the
// capture fails, the launch runs at once and the graph launches return an
// error, so the oracle's four runs agree on bad > 0; the GPU prints bad=0.
#include <cstdio>
#include <cstdlib>

__global__ void axpy(float *y, const float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float *hx = (float *)malloc(n * sizeof(float)), *hy = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) {
        hx[i] = (float)(i % 31);
        hy[i] = 1.0f;
    }
    float *dx, *dy;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dy, n * sizeof(float));
    cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dy, hy, n * sizeof(float), cudaMemcpyHostToDevice);
    axpy<<<(n + 255) / 256, 256>>>(dy, dx, 2.0f, n);
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    axpy<<<(n + 255) / 256, 256, 0, s>>>(dy, dx, 0.5f, n);
    cudaStreamEndCapture(s, &graph);
    cudaGraphInstantiate(&exec, graph, 0);
    for (int r = 0; r < 3; r++)
        cudaGraphLaunch(exec, s);
    cudaStreamSynchronize(s);
    cudaMemcpy(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        bad += hy[i] != 1.0f + 2.0f * (float)(i % 31) + 1.5f * (float)(i % 31);
        sum += hy[i];
    }
    printf("RESULT graph n=%d bad=%d sum=%.1f\n", n, bad, sum);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaStreamDestroy(s);
    cudaFree(dx);
    cudaFree(dy);
    free(hx);
    free(hy);
    return 0;
}
