// case: must never: streaming input; each iteration fread()s the next record from a temporary file into the same host buffer h_rec and uploads it (the copy's arguments never change)
// expect: "cudaMemcpy(d_rec, h_rec, bytes, cudaMemcpyHostToDevice);" (line 43) stays in the loop: "fread(h_rec, sizeof(int), n, f)" (line 42) writes h_rec in every iteration (rules/: libc I/O)
// trap: hoisting the upload accumulates the first record (or, before the first fread, garbage) six times
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void acc(int *x, const int *r, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + r[i]) % 100003;
}

int main()
{
    const int n = 1 << 12;
    const int records = 6;
    const size_t bytes = n * sizeof(int);
    int *h_rec = (int *)malloc(bytes);
    int *h_x = (int *)malloc(bytes);
    FILE *f = tmpfile();
    if (!f) {
        printf("RESULT no-tmpfile\n");
        return 0;
    }
    for (int r = 0; r < records; ++r) {
        for (int i = 0; i < n; ++i)
            h_rec[i] = (i * (r + 3)) % 211;
        fwrite(h_rec, sizeof(int), n, f);
    }
    rewind(f);
    for (int i = 0; i < n; ++i)
        h_rec[i] = 0;
    int *d_rec, *d_x;
    cudaMalloc(&d_rec, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);

    size_t got = 0;
    for (int r = 0; r < records; ++r) {
        got += fread(h_rec, sizeof(int), n, f);
        cudaMemcpy(d_rec, h_rec, bytes, cudaMemcpyHostToDevice);
        acc<<<(n + 255) / 256, 256>>>(d_x, d_rec, n);
    }
    fclose(f);

    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 7 + 1);
    printf("RESULT %lld %zu\n", s, got);
    cudaFree(d_rec);
    cudaFree(d_x);
    free(h_rec);
    free(h_x);
    return 0;
}
