// The host's rates that co-execution's copies live by (issue 36): a parallel
// memcpy into fresh pages (first touch) and into touched ones, with and
// without transparent huge pages, and cudaMemcpy both ways from pageable
// memory (fresh and touched) and from pinned memory. Each rate is the best
// of three, in GB/s.
//   nvcc -O3 -Xcompiler -fopenmp -o coexec-bw coexec-bw.cu && ./coexec-bw [MiB]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <omp.h>

static void pcopy(char *d, const char *s, size_t n)
{
    const size_t chunk = 1 << 22;
    long long m = (long long)((n + chunk - 1) / chunk);
#pragma omp parallel for schedule(static)
    for (long long i = 0; i < m; i++) {
        size_t a = (size_t)i * chunk, e = a + chunk < n ? a + chunk : n;
        memcpy(d + a, s + a, e - a);
    }
}

static char *fresh(size_t n, bool huge)
{
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        abort();
    if (huge)
        madvise(p, n, MADV_HUGEPAGE);
    return (char *)p;
}

static double gbs(size_t n, double t) { return n / t / 1e9; }

int main(int argc, char **argv)
{
    size_t n = (size_t)(argc > 1 ? atoi(argv[1]) : 256) << 20;
    char *src = fresh(n, false);
    memset(src, 1, n);
    void *dev;
    cudaMalloc(&dev, n);
    cudaMemcpy(dev, src, n, cudaMemcpyHostToDevice); // the context and the first use
    const char *what[] = {"memcpy, 16 threads, into fresh pages", "memcpy into fresh pages, MADV_HUGEPAGE",
                          "memcpy into touched pages", "cudaMemcpy up from touched pageable",
                          "cudaMemcpy down into fresh pageable", "cudaMemcpy down into touched pageable",
                          "cudaMemcpy up from pinned", "cudaMemcpy down into pinned", "memset of fresh pages, 16 threads"};
    char *pin;
    cudaMallocHost(&pin, n);
    memset(pin, 2, n);
    for (int k = 0; k < 9; k++) {
        double best = 1e30;
        for (int r = 0; r < 3; r++) {
            char *d = k == 0 || k == 4 || k == 8 ? fresh(n, false) : k == 1 ? fresh(n, true) : NULL;
            char *t = k == 2 || k == 5 ? fresh(n, false) : NULL;
            if (t)
                memset(t, 3, n);
            double t0 = omp_get_wtime();
            switch (k) {
            case 0: case 1: pcopy(d, src, n); break;
            case 2: pcopy(t, src, n); break;
            case 3: cudaMemcpy(dev, src, n, cudaMemcpyHostToDevice); break;
            case 4: cudaMemcpy(d, dev, n, cudaMemcpyDeviceToHost); break;
            case 5: cudaMemcpy(t, dev, n, cudaMemcpyDeviceToHost); break;
            case 6: cudaMemcpy(dev, pin, n, cudaMemcpyHostToDevice); break;
            case 7: cudaMemcpy(pin, dev, n, cudaMemcpyDeviceToHost); break;
            case 8:
#pragma omp parallel for schedule(static)
                for (long long i = 0; i < (long long)(n >> 22); i++)
                    memset(d + ((size_t)i << 22), 0, (size_t)1 << 22);
                break;
            }
            double t1 = omp_get_wtime() - t0;
            best = t1 < best ? t1 : best;
            if (d)
                munmap(d, n);
            if (t)
                munmap(t, n);
        }
        printf("%-45s %6.1f GB/s\n", what[k], gbs(n, best));
    }
    printf("threads %d\n", omp_get_max_threads());
    return 0;
}
