// A CUDA graph captured from a stream: upload, kernel, download. Each
// replay uploads new input (the host buffer changed between replays).
#include <cstdio>
#include <cstdlib>

__global__ void scale(float *y, const float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 2.0f * x[i];
}

int main()
{
    const int n = 1 << 16;
    float *hx, *hy;
    cudaMallocHost(&hx, n * sizeof(float));
    cudaMallocHost(&hy, n * sizeof(float));
    float *x, *y;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    cudaMemcpyAsync(x, hx, n * sizeof(float), cudaMemcpyHostToDevice, s);
    scale<<<n / 256, 256, 0, s>>>(y, x, n);
    cudaMemcpyAsync(hy, y, n * sizeof(float), cudaMemcpyDeviceToHost, s);
    cudaStreamEndCapture(s, &graph);
    cudaGraphInstantiate(&exec, graph, 0);
    long long bad = 0;
    double sum = 0;
    for (int rep = 1; rep <= 3; rep++) {
        for (int i = 0; i < n; i++) hx[i] = (float)(rep * (i % 100));
        cudaGraphLaunch(exec, s);
        cudaStreamSynchronize(s);
        for (int i = 0; i < n; i++) { bad += hy[i] != 2.0f * hx[i]; sum += hy[i]; }
    }
    printf("RESULT bad=%lld sum=%.1f\n", bad, sum);
    return 0;
}
