// case: HeCBench's minkowski, reduced: a download whose only reader is an indented `#ifdef VERIFY`
//       group (the configuration cuflow parses leaves it out), into a buffer from `new float[M][K]`
// expect: the download stays (another configuration reads the buffer: an indented directive is a
//         directive); the buffer stays pageable (a new of an array of arrays is not rewritten)
// trap: found on the H200: the download was removed as unread, and the pinned replacement was
//       allocated with M * sizeof(float) bytes for M * K floats; built with -DVERIFY the check
//       failed on every element
#include <cstdio>

constexpr int M = 64;
constexpr int K = 128;

__global__ void fill(float *c, float p)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < M * K)
        c[i] = p * (float)(i % 7);
}

static int verify(float (*c)[K], float p)
{
    int bad = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < K; j++)
            bad += c[i][j] != p * (float)((i * K + j) % 7);
    return bad;
}

int main()
{
    float(*c_back)[K] = new float[M][K];
    int bad = 0;
    float *c_device;
    cudaMalloc((void **)&c_device, sizeof(float) * M * K);
    for (int k = 1; k <= 4; k++) {
        fill<<<(M * K + 255) / 256, 256>>>(c_device, (float)k);
        cudaDeviceSynchronize();
        cudaMemcpy(c_back, c_device, sizeof(float) * M * K, cudaMemcpyDeviceToHost);

    #ifdef VERIFY
        bad += verify(c_back, (float)k);
    #endif
    }
    printf("RESULT %d\n", bad);
    delete[] c_back;
    cudaFree(c_device);
    return 0;
}
