// kernels.h-style header: a helper macro defined for its kernels and
// #undef'd at the end, as many HeCBench headers do.
#define TILE 256
#define AT(p, i) (p)[(i)]

__global__ void scale(float *out, const float *in, float s)
{
    int i = blockIdx.x * TILE + threadIdx.x;
    AT(out, i) = AT(in, i) * s;
}

#undef AT
#undef TILE
