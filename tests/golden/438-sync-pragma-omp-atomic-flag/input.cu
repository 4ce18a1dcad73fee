// case: a download, then an omp atomic write of a flag (a _Pragma macro) that another section waits on before reading the buffer
// expect: the download does not move past the flag's write
// trap: moving it past the flag let the other section read the buffer before the download (s=0)
// omp sections: one section downloads, sets a flag (omp atomic write via _Pragma) and waits for an ack; the other waits for the flag, reads, acks
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define ATOMIC_WRITE _Pragma("omp atomic write")
#define ATOMIC_READ _Pragma("omp atomic read")
__global__ void k(int *a, int n){int i=blockIdx.x*blockDim.x+threadIdx.x; if(i<n) a[i]=i*3+1;}
int main(){
  const int n=1024; int *h=(int*)malloc(n*sizeof(int)); int *d;
  for(int i=0;i<n;i++) h[i]=0;
  cudaMalloc(&d,n*sizeof(int));
  k<<<4,256>>>(d,n);
  int flag = 0, ack = 0;
  long s = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    {
      cudaMemcpy(h,d,n*sizeof(int),cudaMemcpyDeviceToHost);
      ATOMIC_WRITE
      flag = 1;
      for (int a = 0; !a; ) {
        ATOMIC_READ
        a = ack;
      }
    }
#pragma omp section
    {
      int f = 0;
      while (!f) {
        ATOMIC_READ
        f = flag;
      }
      long t = 0;
      for(int i=0;i<n;i++) t+=h[i];
      s = t;
      ATOMIC_WRITE
      ack = 1;
    }
  }
  printf("RESULT s=%ld\n", s);
  cudaFree(d); free(h);
  return 0;
}
