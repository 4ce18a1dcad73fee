// case: Solver::run() calls step(cur, dd, m) on its members named bare, then swaps cur and nxt before host work
// expect: the download stays in step(): the argument cur is a member the method names bare, which has no location of its own to check
// trap: moved out below the swap as cudaMemcpy((cur), ...), the download would fill the other buffer (RESULT -65535700005)
#include <cstdio>
#include <cstdlib>

__global__ void fill(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = (float)(i % 13);
}

static long long busy(int k)
{
    long long s = 0;
    for (int i = 0; i < k; i++) s += i % 7;
    return s;
}

static void step(float *h, float *d, int n)
{
    fill<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

struct Solver {
    float *cur, *nxt, *dd;
    int m;
    long long run()
    {
        step(cur, dd, m);
        float *t = cur;
        cur = nxt;
        nxt = t;
        long long w = busy(100000);
        long long s = 0;
        for (int i = 0; i < m; i++) s += (long long)nxt[i];
        return s * 1000000 + w;
    }
};

int main()
{
    Solver sv;
    sv.m = 1 << 16;
    sv.cur = (float *)malloc(sv.m * sizeof(float));
    sv.nxt = (float *)malloc(sv.m * sizeof(float));
    for (int i = 0; i < sv.m; i++) { sv.cur[i] = -1.0f; sv.nxt[i] = -2.0f; }
    cudaMalloc(&sv.dd, sv.m * sizeof(float));
    long long r = sv.run();
    printf("RESULT %lld\n", r);
    cudaFree(sv.dd);
    free(sv.cur);
    free(sv.nxt);
    return 0;
}
