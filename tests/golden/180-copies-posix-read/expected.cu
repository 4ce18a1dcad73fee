// case: a program that reads its input with POSIX open/read/close; in run(), a function other than main, an upload repeats one made just before, and later read() refills the host buffer between two uploads
// expect: the second "cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);" (line 39) goes: open/read/close follow rules/libc.rules, so they start no device work and the program has no stream but the default one; the upload after read() (line 45) stays: read writes h_a
// trap: removing line 45 makes the second kernel read the old h_a and print another RESULT
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>
#include <cuda_runtime.h>

__global__ void twice(const unsigned char *a, int *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i] = 2 * a[i] + i % 7;
}

static void load(unsigned char *h, int n)
{
    int fd = open("/dev/zero", O_RDONLY);
    if (fd < 0 || read(fd, h, n) != n) {
        printf("RESULT cannot read /dev/zero\n");
        exit(1);
    }
    close(fd);
}

static long long run(unsigned char *h_a, int *h_b, int n)
{
    const size_t bytes = n * sizeof(unsigned char);
    unsigned char *d_a;
    int *d_b;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, n * sizeof(int));
    long long s = 0;
    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    twice<<<(n + 255) / 256, 256>>>(d_a, d_b, n);
    cudaMemcpy(h_b, d_b, n * sizeof(int), cudaMemcpyDeviceToHost);
    s += h_b[n / 2];
    twice<<<(n + 255) / 256, 256>>>(d_a, d_b, n);
    cudaMemcpy(h_b, d_b, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        s += (long long)h_b[i] * (i % 3 + 1);
    load(h_a, n);
    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    twice<<<(n + 255) / 256, 256>>>(d_a, d_b, n);
    cudaMemcpy(h_b, d_b, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        s += (long long)h_b[i] * (i % 5 + 1);
    cudaFree(d_a);
    cudaFree(d_b);
    return s;
}

int main()
{
    const int n = 1 << 12;
    unsigned char *h_a = (unsigned char *)malloc(n);
    int *h_b = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i)
        h_a[i] = (unsigned char)(i % 13 + 1);
    printf("RESULT %lld\n", run(h_a, h_b, n));
    free(h_a);
    free(h_b);
    return 0;
}
