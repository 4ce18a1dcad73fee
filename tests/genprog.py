#!/usr/bin/env python3
"""genprog.py: a synthetic CUDA program of N small host functions, for
measuring how the analysis scales (doc/results/scaling.md).

usage: genprog.py N > prog.cu

Each function allocates host and device buffers, launches a kernel, copies
back with a blocking cudaMemcpy, does host work and reads the result, and
calls the previous function through a pointer it passes along: locations,
pointers and call edges all grow with N, as in a real program."""
import sys


def main():
    n = int(sys.argv[1])
    out = ["#include <cuda_runtime.h>", "#include <stdlib.h>", "#include <stdio.h>", "",
           "__global__ void scale(float *d, int n, float f)",
           "{", "    int i = blockIdx.x * blockDim.x + threadIdx.x;", "    if (i < n) d[i] *= f;", "}", ""]
    for i in range(n):
        prev = "f%d(h, k)" % (i - 1) if i else "0.0f"
        out += [
            "static float f%d(float *in, int k)" % i,
            "{",
            "    int n = 256 + k;",
            "    float *h = (float *)malloc(n * sizeof(float)), *d, *alias = in;",
            "    cudaMalloc(&d, n * sizeof(float));",
            "    for (int j = 0; j < n; ++j) h[j] = (float)(j + %d);" % i,
            "    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);",
            "    scale<<<(n + 127) / 128, 128>>>(d, n, 2.0f);",
            "    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);",
            "    float w = alias ? alias[0] : 0.0f;",
            "    for (int j = 0; j < 8; ++j) w += (float)(j * k);",
            "    float r = h[0] + w + %s;" % (prev if i % 4 else "0.0f"),
            "    cudaFree(d);",
            "    free(h);",
            "    return r;",
            "}",
            "",
        ]
    out += ["int main()", "{", "    float x = 1.0f;",
            "    printf(\"RESULT %%f\\n\", f%d(&x, 1));" % (n - 1), "    return 0;", "}"]
    print("\n".join(out))


if __name__ == "__main__":
    main()
