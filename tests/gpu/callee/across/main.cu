// The caller of step.cu's helpers (tests/gpu/callee/run, a directory).
// usage: main [n [rounds [iters]]]; self-checking: RESULT is the same
// for the program and its rewrite.
#include <cstdio>
#include <cstdlib>

void step(float *h, float *d, int n, int iters);
void launch(float *d, int n, int iters);
double hostwork(const double *w, int m);
double finish(float *h, float *d, const double *w, int n, int m, int r);

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int rounds = argc > 2 ? atoi(argv[2]) : 50;
    int iters = argc > 3 ? atoi(argv[3]) : 2000;
    int m = 1 << 21;
    float *h = (float *)malloc(n * sizeof(float));
    double *w = (double *)malloc(m * sizeof(double));
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 97) * 0.01f;
    for (int i = 0; i < m; i++)
        w[i] = (double)(i % 1013);
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    double acc = 0, chk = 0;
    for (int r = 0; r < rounds; r++) {
        step(h, d, n, iters);
        acc += hostwork(w, m);
        chk += h[(r * 131) % n];
        launch(d, n, iters / 2);
        cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
        acc += finish(h, d, w, n, m, r);
    }
    printf("RESULT %.6e %.6f\n", chk, acc);
    cudaFree(d);
    free(w);
    free(h);
    return 0;
}
