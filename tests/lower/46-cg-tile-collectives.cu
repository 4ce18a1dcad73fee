// 46-cg-tile-collectives.cu: a static tile's collectives (issue 35):
// shfl_down, shfl_xor, shfl and shfl_up on tiles of 32 and 8 threads,
// ballot, any and all on a tile of 8, and cg::reduce with cg::plus,
// cg::less, cg::greater and cg::bit_xor, in a softmax-like row reduction
// (softmax, groupnorm) and a per-tile vote. Each result is checked against
// the host's.
// Expected: RESULT sum=<S> max=<M> vote=<V> bad=0. A lowering that ran a
// tile's lanes one after another would read partners' values not computed
// yet (bad > 0); one that took the tile for a whole warp would mix tiles.
#include <cstdio>
#include <cstdlib>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

#define N 2048
#define T 128

__global__ void rows(const int *in, int *sum, int *mx, int *mn, int *xr, int *bad)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int s = cg::reduce(warp, v, cg::plus<int>());
    int m = cg::reduce(warp, v, cg::greater<int>{});
    int lo = cg::reduce(warp, v, cg::less<int>());
    int x = cg::reduce(warp, v, cg::bit_xor<int>());
    int t = v; /* the same sum through the shuffles */
    for (int o = 16; o > 0; o /= 2)
        t += warp.shfl_down(t, o);
    t = warp.shfl(t, 0);
    int b = v;
    for (int o = 1; o < 32; o *= 2)
        b = max(b, warp.shfl_xor(b, o));
    if (t != s || b != m)
        atomicAdd(bad, 1);
    if (warp.thread_rank() == 0) {
        int w = i / 32;
        sum[w] = s;
        mx[w] = m;
        mn[w] = lo;
        xr[w] = x;
    }
}

__global__ void eights(const int *in, int *scan, unsigned *votes, int *bad)
{
    auto tile = cg::tiled_partition<8>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int p = v; /* an inclusive scan within each tile of 8 */
    for (int o = 1; o < 8; o *= 2) {
        int u = tile.shfl_up(p, o);
        if ((int)tile.thread_rank() >= o)
            p += u;
    }
    scan[i] = p;
    unsigned odd = tile.ballot(v & 1);
    int any7 = tile.any(v % 7 == 0), all = tile.all(v >= 0);
    int s8 = cg::reduce(tile, v, cg::plus<int>());
    if (tile.thread_rank() == 7 && s8 != p)
        atomicAdd(bad, 1);
    if (tile.thread_rank() == 0)
        votes[i / 8] = odd | (any7 << 8) | (all << 9);
}

int main()
{
    int *in, *sum, *mx, *mn, *xr, *scan, *bad;
    unsigned *votes;
    cudaMallocManaged(&in, N * sizeof(int));
    cudaMallocManaged(&sum, N / 32 * sizeof(int));
    cudaMallocManaged(&mx, N / 32 * sizeof(int));
    cudaMallocManaged(&mn, N / 32 * sizeof(int));
    cudaMallocManaged(&xr, N / 32 * sizeof(int));
    cudaMallocManaged(&scan, N * sizeof(int));
    cudaMallocManaged(&votes, N / 8 * sizeof(unsigned));
    cudaMallocManaged(&bad, sizeof(int));
    for (int i = 0; i < N; i++)
        in[i] = (i * 7919) % 1009;
    *bad = 0;
    rows<<<N / T, T>>>(in, sum, mx, mn, xr, bad);
    eights<<<N / T, T>>>(in, scan, votes, bad);
    cudaDeviceSynchronize();
    int wrong = *bad;
    long long total = 0, top = 0, vs = 0;
    for (int w = 0; w < N / 32; w++) {
        int s = 0, m = -1, lo = 1 << 30, x = 0;
        for (int l = 0; l < 32; l++) {
            int v = in[w * 32 + l];
            s += v;
            m = v > m ? v : m;
            lo = v < lo ? v : lo;
            x ^= v;
        }
        wrong += s != sum[w] || m != mx[w] || lo != mn[w] || x != xr[w];
        total += s;
        top += m - lo;
    }
    for (int t = 0; t < N / 8; t++) {
        unsigned odd = 0;
        int any7 = 0, p = 0;
        for (int l = 0; l < 8; l++) {
            int v = in[t * 8 + l];
            p += v;
            wrong += scan[t * 8 + l] != p;
            odd |= (unsigned)(v & 1) << l;
            any7 |= v % 7 == 0;
        }
        wrong += votes[t] != (odd | (any7 << 8) | (1u << 9));
        vs += votes[t];
    }
    printf("RESULT sum=%lld max=%lld vote=%lld bad=%d\n", total, top, vs, wrong);
    return 0;
}
