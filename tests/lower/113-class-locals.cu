// Locals of class type and locals reached through pointers, live across a
// barrier (a hunt; each printed a wrong answer on the CPU before): a class
// with a default member initialiser declared without one (its constructor
// never ran), a pointer to a local named only before the barrier (every
// thread's pointer reached one dead slot), a reference member bound by
// braces (Ref rr{u}: u was taken for uniform), a const method changing a
// mutable member (the same), and a struct holding a pointer into its own
// array (each thread loop worked on a copy).
#include <cstdio>
#include <cuda_runtime.h>
struct Acc {
  int s = 1000;
  __device__ void add(int x) { s += x; }
};
struct Ref {
  int &r;
};
struct M {
  mutable int c;
  __device__ void bump(int v) const { c += v; }
};
struct Buf {
  int data[2];
  int *cur;
  __device__ void push(int x) { *cur++ = x; }
};
__global__ void k(int *out) {
  __shared__ int sh[64];
  int t = threadIdx.x, o = blockIdx.x * 64 + t;
  Acc a;
  a.add(t);
  int v = t * 3;
  int *p = &v;
  int u = blockIdx.x;
  Ref rr{u};
  if (t & 1)
    rr.r = t;
  M m{(int)blockIdx.x};
  if (t & 2)
    m.bump(t);
  Buf b;
  b.cur = b.data;
  b.push(t);
  sh[t] = 1;
  __syncthreads();
  a.add(sh[63 - t]);
  *p += 1;
  b.push(7);
  out[5 * o] = a.s;
  out[5 * o + 1] = *p;
  out[5 * o + 2] = u;
  out[5 * o + 3] = m.c;
  out[5 * o + 4] = b.data[0] + 100 * b.data[1];
}
int main() {
  const int n = 2 * 64 * 5;
  int *d, h[n];
  cudaMalloc(&d, sizeof h);
  k<<<2, 64>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad[5] = {0};
  long sum = 0;
  for (int bx = 0; bx < 2; ++bx)
    for (int t = 0; t < 64; ++t) {
      const int *r = h + 5 * (bx * 64 + t);
      bad[0] += r[0] != t + 1001;
      bad[1] += r[1] != 3 * t + 1;
      bad[2] += r[2] != ((t & 1) ? t : bx);
      bad[3] += r[3] != bx + ((t & 2) ? t : 0);
      bad[4] += r[4] != t + 700;
      for (int i = 0; i < 5; ++i)
        sum += r[i];
    }
  printf("RESULT sum=%ld acc=%d ptr=%d ref=%d mutable=%d self=%d\n", sum, bad[0], bad[1], bad[2], bad[3], bad[4]);
  return 0;
}
