// kernel.cu: the kernel launch.cu launches; linked by their shared symbol.
__global__ void scale(float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 2.0f * i;
}
