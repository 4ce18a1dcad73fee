// case: smith seed 2026320373 (tests/smith/gen.py, --passes=all): in main's loop an
//       asynchronous download into pinned p6 on the default stream; in the
//       configuration the parse sees (#else) blocking copies after it wait for it, in
//       the other (#if SMITH_CFG_1) a launch stands there instead; after the loop a
//       device sync, then fold() reads p6
// expect: the device sync stays before fold(): a wait inside an #if group may be
//         left out by another configuration, so the work it waits for stays in
//         flight past it (analysis/pending.c)
// trap: with -DSMITH_CFG_1 the sync moved past fold() read p6 before the copy
//       landed: RESULT 2697619616 for 3850919153 in deferred mode (configs lists
//       SMITH_CFG_1)
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <chrono>
#include <ctime>
#include <sys/time.h>
#include <cuda_runtime.h>

#define CHECK(call)                                                            \
    do {                                                                       \
        cudaError_t err_ = (call);                                             \
        if (err_ != cudaSuccess) {                                             \
            fprintf(stderr, "CUDA error %d at line %d\n", (int)err_, __LINE__); \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

static void bail(cudaError_t e, int line)
{
    fprintf(stderr, "CUDA error %d at line %d\n", (int)e, line);
    exit(1);
}

static void check(cudaError_t e, int line)
{
    if (e != cudaSuccess)
        bail(e, line);
}

template <typename T> static void checkT(T result, const char *what)
{
    if (result) {
        fprintf(stderr, "%s failed\n", what);
        exit(1);
    }
}

static unsigned mixn(unsigned a, int k)
{
    for (int i = 0; i < k; ++i)
        a = a * 1103515245u + 12345u;
    return a;
}

#define CHECK_RET(call)                                                        \
    do {                                                                       \
        if ((call) != cudaSuccess)                                             \
            return 0u;                                                         \
    } while (0)

#define RET_IF(cond)                                                           \
    do {                                                                       \
        if (cond)                                                              \
            return 0u;                                                         \
    } while (0)

#define SYNC_TWICE(s) cudaStreamSynchronize(s); cudaStreamSynchronize(s)

#define FOR(i, n) for (int i = 0; i < (n); ++i)

#define FREE_HOST(p) free(p)

static void drop(unsigned *p)
{
    free(p);
}

static void at_end(void)
{
    fflush(stdout);
}

static unsigned fold(unsigned r, const unsigned *p, int n)
{
    for (int i = 0; i < n; ++i)
        r = (r ^ p[i]) * 16777619u;
    return r;
}

struct Bufs {
    unsigned *a;
    unsigned *b;
};

__global__ void k_copy(unsigned *a, const unsigned *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = b[i] ^ 0x9e3779b9u;
}

__global__ void k_fill(unsigned *a, int n, unsigned v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = v + (unsigned)i * 2654435761u;
}

__device__ unsigned twist(unsigned x, unsigned v)
{
    return (x << 3 | x >> 29) + v;
}

__global__ void k_twist(unsigned *a, int n, unsigned v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = twist(a[i], v);
}

cudaStream_t g_s1;
cudaEvent_t g_e0;
cudaEvent_t g_e1;

static unsigned step14(unsigned *q0, int k);
static unsigned step26(unsigned *q0, unsigned *q1, int k);
static unsigned rec32(unsigned *q0, int k, int depth);
static unsigned step31(unsigned *q0, int k);
static unsigned step30(unsigned *q0, int k);
static unsigned step41(unsigned *q0, unsigned *q1, int k);
static unsigned step42(unsigned *q0, unsigned *q1, int k);

static unsigned step14(unsigned *q0, int k)
{
    unsigned r = (unsigned)k * 2654435761u;
    auto t15 = std::chrono::steady_clock::now();
    r = mixn(r, 46);
    double t15_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t15).count();
    if (t15_s < 0.0)
    {
        printf("the clock went back\n");
    }
    k_copy<<<(256 + 127) / 128, 128, 0, 0>>>(q0, q0, 256);
    cudaError_t err16 = cudaEventRecord(g_e0, 0);
    if (err16 != cudaSuccess)
        bail(err16, __LINE__);
    return r;
}

static unsigned step26(unsigned *q0, unsigned *q1, int k)
{
    unsigned r = (unsigned)k * 2654435761u;
    for (int bytes25 = 0; bytes25 < 99; ++bytes25)
        r = r * 7u + (unsigned)bytes25;
    for (int i27 = 0; i27 < 252; ++i27)
        r = r * 33u + (unsigned)i27;
    r ^= q0[0];
    return r;
}

static unsigned rec32(unsigned *q0, int k, int depth)
{
    unsigned r = (unsigned)k * 2654435761u;
    if (depth <= 0)
        return r;
    r = mixn(r, 14);
    CHECK(cudaStreamSynchronize(g_s1));
    q0[801] += 7u;
    return r * 3u + rec32(q0, k, depth - 1);
}

static unsigned step31(unsigned *q0, int k)
{
    unsigned r = (unsigned)k * 2654435761u;
    for (int bytes25 = 0; bytes25 < 80; ++bytes25)
        r = r * 7u + (unsigned)bytes25;
    unsigned v34 = rec32(q0, 0, 3);
    r ^= v34;
    for (int i35 = 0; i35 < 42; ++i35)
        r = r * 7u + (unsigned)i35;
    for (int i36 = 0; i36 < 119; ++i36)
        r = r * 31u + (unsigned)i36;
    return r;
}

static unsigned step30(unsigned *q0, int k)
{
    unsigned r = (unsigned)k * 2654435761u;
    r = r * 3u + step31(q0, 1);
    for (int i37 = 0; i37 < 4096; ++i37)
        r = r * 31u + q0[i37 + 0];
    r = mixn(r, 47);
    q0[0] += 9u;
    r = mixn(r, 23);
    return r;
}

static unsigned step41(unsigned *q0, unsigned *q1, int k)
{
    unsigned r = (unsigned)k * 2654435761u;
    k_twist<<<(256 + 63) / 64, 64>>>(q1, 256, 846u);
    cudaMemcpy(q0, q1, 64 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    return r;
}

static unsigned step42(unsigned *q0, unsigned *q1, int k)
{
    unsigned r = (unsigned)k * 2654435761u;
    for (int i43 = 0; i43 < 85; ++i43)
        r = r * 7u + (unsigned)i43;
    step41(q0, q1, k);
    return r;
}

int main(int argc, char **argv)
{
    (void)argv;
    unsigned acc = 1u;
    CHECK(cudaStreamCreateWithFlags(&g_s1, cudaStreamNonBlocking));
    CHECK(cudaEventCreate(&g_e0));
    CHECK(cudaEventCreateWithFlags(&g_e1, cudaEventDisableTiming));
    unsigned *h1 = (unsigned *)malloc(32768 * sizeof(unsigned));
    for (int i2 = 0; i2 < 32768; ++i2)
        h1[i2] = (unsigned)i2 * 99u + acc;
    unsigned *d3;
    cudaMalloc(&d3, 256 * sizeof(unsigned));
    check(cudaMemset(d3, 0, sizeof(unsigned) * 256), __LINE__); acc += 1u;
    unsigned *h4 = (unsigned *)malloc(4096 * sizeof(unsigned));
    for (int i5 = 0; i5 < 4096; ++i5)
        h4[i5] = (unsigned)i5 * 77u + acc;
    unsigned *p6;
    cudaError_t err7 = cudaHostAlloc(&p6, 4096 * sizeof(unsigned), cudaHostAllocDefault);
    if (err7 != cudaSuccess)
        bail(err7, __LINE__);
    for (int i8 = 0; i8 < 4096; ++i8)
        p6[i8] = (unsigned)i8 * 11u + acc;
    unsigned *h9 = (unsigned *)malloc(64 * sizeof(unsigned));
    for (int i10 = 0; i10 < 64; ++i10)
        h9[i10] = (unsigned)i10 * 60u + acc;
    size_t bytes11 = (size_t)39 * 4;
    if (cudaMemcpy(p6 + 3572, d3 + 69, bytes11, cudaMemcpyDeviceToHost) != cudaSuccess)
        bail(cudaGetLastError(), __LINE__);
    acc = mixn(acc, 100);
    for (int i12 = 0; i12 < 4096; ++i12)
        p6[i12] = (unsigned)i12 * 71u + acc;
    for (int it13 = 0; it13 < argc + 2; ++it13)
    {
        acc = acc * 7u + step14(d3, argc + 1);
        for (int it17 = 0; it17 < 3; ++it17)
        {
            k_twist<<<8, 32, 0, 0>>>(d3, 256, 720u);
            cudaError_t err18 = cudaMemcpyAsync(p6, d3, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost, 0);
            if (err18 != cudaSuccess)
                bail(err18, __LINE__);
#if SMITH_CFG_1
            k_fill<<<1, 256>>>(d3, 256, 660u);
#else
            unsigned *d19;
            CHECK(cudaMalloc((void **)&d19, 256 * sizeof(unsigned)));
            check(cudaMemset(d19, 0, 256 * sizeof(unsigned)), __LINE__);
            size_t bytes20 = sizeof(unsigned) * 11;
            checkT(cudaMemcpy(d3 + 209, d19 + 190, bytes20, cudaMemcpyDeviceToDevice), "cudaMemcpy");
            cudaMemcpy(d19, d3,
#if SMITH_CFG_1
                    sizeof(unsigned) * 256,
#else
                    sizeof(unsigned) * 256,
#endif
                    cudaMemcpyDeviceToDevice);
            acc = mixn(acc, 82);
            checkT(cudaMemcpy(h9, d19, (size_t)64 * 4, cudaMemcpyDeviceToHost), "cudaMemcpy");
            cudaFree(d19);
            CHECK(cudaMemcpy(d3, h9, 64 * sizeof(unsigned), cudaMemcpyHostToDevice));
            checkT(cudaMemcpy(d3, h9, 64 * sizeof(unsigned), cudaMemcpyHostToDevice), "cudaMemcpy");
#endif
            for (int i21 = 0; i21 < 4096; ++i21)
                acc = acc * 31u + h4[i21 + 0];
        }
        CHECK(cudaDeviceSynchronize());
        acc = fold(acc, p6, 4096);
        unsigned *d22;
        check(cudaMalloc((void **)&d22, 4096 * sizeof(unsigned)), __LINE__);
        cudaError_t err23 = cudaMemset(d22, 0, 4096 * sizeof(unsigned));
        if (err23 != cudaSuccess)
            bail(err23, __LINE__);
        Bufs bs24 = {d22, h4};
        size_t bytes25 = 4096 * sizeof(unsigned);
        if (cudaMemcpy(p6, d22, bytes25, cudaMemcpyDeviceToHost) != cudaSuccess)
            bail(cudaGetLastError(), __LINE__);
        for (int bytes25 = 0; bytes25 < 133; ++bytes25)
            acc = acc * 131u + (unsigned)bytes25;
        cudaFree(d22);
    }
    k_twist<<<(30 + 63) / 64, 64, 0, 0>>>(d3 + 5, 30, 362u);
    CHECK(cudaStreamSynchronize(0));
    cudaMemcpy(h4, d3, sizeof(unsigned) * 256, cudaMemcpyDeviceToHost);
    acc = acc * 13u + step26(h4, d3, argc + 4);
    k_fill<<<(256 + 31) / 32, 32>>>(d3, 256, 69u);
    CHECK(cudaEventRecord(g_e1, 0));
    for (int i28 = 0; i28 < 64; ++i28)
        acc = acc * 31u + h9[i28 + 0];
    acc = mixn(acc, 178);
    CHECK(cudaMemcpy(p6, d3, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (int i29 = 0; i29 < 4096; ++i29)
        p6[i29] = (unsigned)i29 * 51u + acc;
    unsigned v39 = step30(h4, argc + 3);
    acc ^= v39;
    memcpy(h9, h1, sizeof(unsigned) * 64);
    step42(h9, d3, argc - 1);
    acc = mixn(acc, 48);
    acc ^= h9[2];
    check(cudaDeviceSynchronize(), __LINE__);
    unsigned result = acc;
    unsigned *h44 = new unsigned[256];
    result = fold(result, h1, 32768);
    check(cudaMemcpy(h44, d3, sizeof(unsigned) * 256, cudaMemcpyDeviceToHost), __LINE__);
    result = fold(result, h44, 256);
    result = fold(result, h4, 4096);
    result = fold(result, p6, 4096);
    result = fold(result, h9, 64);
    printf("RESULT %u\n", result);
    drop(h1);
    CHECK(cudaFree(d3));
    free(h4);
    cudaFreeHost(p6);
    free(h9);
    delete[] h44;
    cudaStreamDestroy(g_s1);
    cudaEventDestroy(g_e0);
    cudaEventDestroy(g_e1);
    return 0;
}
