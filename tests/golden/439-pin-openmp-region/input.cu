// case: each OpenMP thread copies its half with cudaMemcpyAsync on its own stream, then a barrier, then reads the other half
// expect: the buffer stays pageable: one event cannot mark each thread's copy
// trap: pinning it shared one event between the threads' copies: a thread's wait did not cover the half it read
// --passes=pin: in an omp parallel region each thread downloads its half on its own stream (cudaMemcpyAsync
// from pageable memory: complete on return), an omp barrier, then each reads the other half
#include <cstdio>
#include <cstdlib>
#include <omp.h>
#include <cuda_runtime.h>
__global__ void k(int *a, int n, int it){int i=blockIdx.x*blockDim.x+threadIdx.x; if(i<n) a[i]=(i%1000)*3+it;}
int main(){
  const int n=1<<20; int *h=(int*)malloc(n*sizeof(int)); int *d;
  for(int i=0;i<n;i++) h[i]=0;
  cudaMalloc(&d,n*sizeof(int));
  cudaStream_t st[2];
  cudaStreamCreateWithFlags(&st[0], cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&st[1], cudaStreamNonBlocking);
  long s = 0;
  for (int it = 0; it < 20; it++) {
    k<<<n/256,256>>>(d,n,it);
    cudaDeviceSynchronize();
    long part[2] = {0, 0};
#pragma omp parallel num_threads(2)
    {
      int t = omp_get_thread_num();
      int half = n / 2;
      cudaMemcpyAsync(h + t*half, d + t*half, half*sizeof(int), cudaMemcpyDeviceToHost, st[t]);
#pragma omp barrier
      long acc = 0;
      for (int i = 0; i < half; i++) acc += h[(1-t)*half + i];
      part[t] = acc;
    }
    s += part[0] + part[1];
  }
  printf("RESULT s=%ld\n", s);
  cudaStreamDestroy(st[0]); cudaStreamDestroy(st[1]);
  cudaFree(d); free(h);
  return 0;
}
