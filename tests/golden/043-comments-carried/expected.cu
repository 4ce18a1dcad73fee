// case: positive: the copy has a comment line directly above it and a trailing comment on its line; both travel with it
// expect: "cudaMemcpy(h_part, d_part, pbytes, cudaMemcpyDeviceToHost); // blocking D2H of the partial sums" moves, together with the comment line "// Bring the partial sums back; the host needs them for the final scan." directly above it, past the commented host-work loop ("hw += h_w[i] * 0.5;", whose own comment stays with it) to just before the loop "for (int b = 0; b < nparts; ++b) {"
// trap: a copy moved below the scan loop would scan -1 sentinels; leaving the comments behind or taking the host loop's comment along is wrong even though RESULT matches
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void partial_sums(float *part, int n, int per)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b * per < n) {
        float s = 0.0f;
        for (int k = 0; k < per; ++k)
            s += (float)((b * per + k) % 9);
        part[b] = s;
    }
}

int main()
{
    const int n = 1 << 20;
    const int per = 256;
    const int nparts = n / per;
    const size_t pbytes = nparts * sizeof(float);

    float *h_part = (float *)malloc(pbytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int b = 0; b < nparts; ++b)
        h_part[b] = -1.0f;
    for (int i = 0; i < n; ++i)
        h_w[i] = (i % 197) * 1.0;
    float *d_part;
    cudaMalloc(&d_part, pbytes);

    long long scan = 0;
    long long last = 0;
    double hw = 0.0;

    partial_sums<<<(nparts + 127) / 128, 128>>>(d_part, n, per);

    // Independent host work: weights for the report.
    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    // Bring the partial sums back; the host needs them for the final scan.
    cudaMemcpy(h_part, d_part, pbytes, cudaMemcpyDeviceToHost); // blocking D2H of the partial sums
    for (int b = 0; b < nparts; ++b) {
        scan += (long long)h_part[b];
        last = scan;
    }

    printf("RESULT %lld %.1f\n", last, hw);
    free(h_part);
    free(h_w);
    cudaFree(d_part);
    return 0;
}
