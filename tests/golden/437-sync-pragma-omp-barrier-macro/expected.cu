// case: in an OpenMP parallel region each thread downloads its half, then a _Pragma("omp barrier") macro, then reads the other half
// expect: the download does not move past the barrier macro
// trap: moving it past let each thread read the other half before that thread copied it
// omp parallel: each thread downloads its half, an omp barrier (from a macro), then each reads the other half
#include <cstdio>
#include <cstdlib>
#include <omp.h>
#include <cuda_runtime.h>
#define BARRIER _Pragma("omp barrier")
__global__ void k(int *a, int n){int i=blockIdx.x*blockDim.x+threadIdx.x; if(i<n) a[i]=i*3+1;}
int main(){
  const int n=1024; int *h=(int*)malloc(n*sizeof(int)); int *d;
  for(int i=0;i<n;i++) h[i]=0;
  cudaMalloc(&d,n*sizeof(int));
  k<<<4,256>>>(d,n);
  long part[2] = {0, 0};
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num();
    int half = n / 2;
    int other = 1 - t;
    cudaMemcpy(h + t*half, d + t*half, half*sizeof(int), cudaMemcpyDeviceToHost);
    BARRIER
    long w = 0;
    for (int i = 0; i < 100000; i++) w += i % 7;
    long acc = 0;
    for (int i = 0; i < half; i++) acc += h[other*half + i];
    part[t] = acc + (w & 0);
  }
  printf("RESULT s=%ld\n", part[0] + part[1]);
  cudaFree(d); free(h);
  return 0;
}
