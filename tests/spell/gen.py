#!/usr/bin/env python3
"""The spelling matrix (issue 32): three programs, each written the ways
people write allocations, copies and frees. Every spelling of a program is
the same program: the same RESULT line and, after `cuflow --passes=all`, the
same transfer counts as its plainest spelling (tests/spell.test checks it on
the CPU runtime's trace; a std::vector is never fused, so its counts are
its own).

  gen.py list                     the programs and their spellings
  gen.py write PROG SPELLING      print the program in that spelling
  gen.py golden DIR [FIRST]       write every case as DIR/NNN-spell-PROG-SPELLING/
                                  {input.cu,args}, numbered from FIRST (300)
"""
import os
import sys

HEAD = """// spelling matrix: %(prog)s, spelled %(spelling)s (%(what)s)
// expect: the same RESULT and, with --passes=all, the same transfers as spelled plain (tests/spell.test)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>
"""

# ---------------------------------------------------------------- host buffers
# Each spelling: (declare and allocate the host buffers, free them). names:
# the variables; T the element type, S the byte size, n the element count.

def h_plain(names, T, S, n):
    return (''.join('\t%s *%s = (%s *)malloc(%s);\n' % (T, x, T, S) for x in names),
            ''.join('\tfree(%s);\n' % x for x in names))

def h_oneline(names, T, S, n):
    return ('\t%s *%s;\n\t%s\n' % (T, ', *'.join(names), ' '.join('%s = (%s *)malloc(%s);' % (x, T, S) for x in names)),
            '\t%s\n' % ' '.join('free(%s);' % x for x in names))

def h_declarators(names, T, S, n):
    return ('\t%s %s;\n' % (T, ', '.join('*%s = (%s *)malloc(%s)' % (x, T, S) for x in names)),
            ''.join('\tfree(%s);\n' % x for x in names))

def h_assign(names, T, S, n):
    return ('\t%s *%s;\n' % (T, ', *'.join(names)) + ''.join('\t%s = (%s *)malloc(%s);\n' % (x, T, S) for x in names),
            ''.join('\tfree(%s);\n' % x for x in names))

def h_new(names, T, S, n):
    return (''.join('\t%s *%s = new %s[%s];\n' % (T, x, T, n) for x in names),
            ''.join('\tdelete[] %s;\n' % x for x in names))

def h_calloc(names, T, S, n):
    return (''.join('\t%s *%s = (%s *)calloc(%s, sizeof(%s));\n' % (T, x, T, n, T) for x in names),
            ''.join('\tfree(%s);\n' % x for x in names))

def h_static_cast(names, T, S, n):
    return (''.join('\t%s *%s = static_cast<%s *>(malloc(%s));\n' % (T, x, T, S) for x in names),
            ''.join('\tstd::free(%s);\n' % x for x in names))

def h_functional(names, T, S, n):
    return ('\ttypedef %s *%s_ptr;\n' % (T, T) +
            ''.join('\t%s_ptr %s = %s_ptr(malloc(%s));\n' % (T, x, T, S) for x in names),
            ''.join('\tfree(%s);\n' % x for x in names))

def h_typedef(names, T, S, n):
    return ('\ttypedef %s real;\n' % T + ''.join('\treal *%s = (real *)malloc(%s);\n' % (x, S) for x in names),
            ''.join('\tfree(%s);\n' % x for x in names))

def h_pinned(names, T, S, n):
    return (''.join('\t%s *%s;\n\tcudaMallocHost((void **)&%s, %s);\n' % (T, x, x, S) for x in names),
            ''.join('\tcudaFreeHost(%s);\n' % x for x in names))

def h_hostalloc(names, T, S, n):
    return (''.join('\t%s *%s = NULL;\n\tcudaHostAlloc((void **)&%s, %s, cudaHostAllocDefault);\n' % (T, x, x, S)
                    for x in names),
            ''.join('\tcudaFreeHost(%s);\n' % x for x in names))

def h_vector(names, T, S, n):
    return (''.join('\tstd::vector<%s> %s(%s);\n' % (T, x, n) for x in names), '')

HOST = {
    'plain': (h_plain, 'one allocation a line, C casts'),
    'oneline': (h_oneline, 'several statements on one line'),
    'declarators': (h_declarators, 'several declarators in one declaration'),
    'assign': (h_assign, 'declaration, then assignment'),
    'new': (h_new, 'new T[n] and delete[]'),
    'calloc': (h_calloc, 'calloc'),
    'static-cast': (h_static_cast, 'static_cast<T *>(malloc(n)), std::free'),
    'functional': (h_functional, 'a functional cast, T_ptr(malloc(n))'),
    'typedef': (h_typedef, 'a typedef for the element type'),
    'pinned': (h_pinned, 'cudaMallocHost by hand'),
    'hostalloc': (h_hostalloc, 'cudaHostAlloc by hand'),
    'vector': (h_vector, 'std::vector<T> and .data()'),
}
PINNED = ('pinned', 'hostalloc')  # written page-locked: the program waits for its async copies itself

# ---------------------------------------------------------------- device buffers

def d_plain(names, T, S):
    return (''.join('\t%s *%s;\n\tcudaMalloc(&%s, %s);\n' % (T, x, x, S) for x in names),
            ''.join('\tcudaFree(%s);\n' % x for x in names))

def d_oneline(names, T, S):
    return ('\t%s *%s;\n\t%s\n' % (T, ', *'.join(names), ' '.join('cudaMalloc(&%s, %s);' % (x, S) for x in names)),
            '\t%s\n' % ' '.join('cudaFree(%s);' % x for x in names))

def d_cast(names, T, S):
    return (''.join('\t%s *%s = NULL;\n\tcudaMalloc((void **)&%s, %s);\n' % (T, x, x, S) for x in names),
            ''.join('\tcudaFree(%s);\n' % x for x in names))

def d_upfront(names, T, S):
    return ('\t%s *%s;\n' % (T, ', *'.join(names)) + ''.join('\tcudaMalloc((void **)&%s, %s);\n' % (x, S) for x in names),
            ''.join('\tcudaFree(%s);\n' % x for x in names))

DEVICE = {'plain': d_plain, 'oneline': d_oneline, 'declarators': d_upfront, 'assign': d_cast, 'new': d_plain,
          'calloc': d_plain, 'static-cast': d_cast, 'functional': d_plain, 'typedef': d_plain, 'pinned': d_plain,
          'hostalloc': d_cast, 'vector': d_plain}


def fill(spelling, template, host, dev, T, S, n):
    """The template with its buffers spelled: @HOST@ and @DEV@ the
    allocations, @FREEHOST@ and @FREEDEV@ the frees, P(x) a host buffer as a
    pointer (x.data() for a vector)."""
    hal, hfree = HOST[spelling][0](host, T, S, n)
    dal, dfree = DEVICE[spelling](dev, T, S)
    t = template.replace('@HOST@', hal).replace('@DEV@', dal).replace('@FREEHOST@', hfree).replace('@FREEDEV@', dfree)
    for x in host:
        t = t.replace('P(%s)' % x, '%s.data()' % x if spelling == 'vector' else x)
    if spelling in PINNED:
        t = t.replace('@WAIT@', '\t\tcudaStreamSynchronize(st); /* the refill must not race the upload */\n')
    return t.replace('@WAIT@', '')

# ---------------------------------------------------------------- programs

TWOUP = """
__global__ void add(const float *a, const float *b, float *c, int n, int r)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + 2 * b[i] + r;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096, rounds = argc > 2 ? atoi(argv[2]) : 3;
	size_t s = n * sizeof(float);
@HOST@@DEV@	double sum = 0;
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < n; i++) {
			a[i] = (float)(i % 7 + r);
			b[i] = (float)(i % 5);
		}
		cudaMemcpy(da, P(a), s, cudaMemcpyHostToDevice);
		cudaMemcpy(db, P(b), s, cudaMemcpyHostToDevice);
		add<<<(n + 255) / 256, 256>>>(da, db, dc, n, r);
		cudaMemcpy(P(c), dc, s, cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i += 97)
			sum += c[i];
	}
	printf("RESULT %.1f\\n", sum);
@FREEDEV@@FREEHOST@	return 0;
}
"""


def twoup(spelling):
    """Two uploads and one download a round."""
    return HEAD % dict(prog='twoup', spelling=spelling, what=HOST[spelling][1]) + fill(
        spelling, TWOUP, ['a', 'b', 'c'], ['da', 'db', 'dc'], 'float', 's', 'n')


KESSLER = """
__global__ void kernel0(const float *b, const float *a, float *d, float *e, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		d[idx] = 0.5f * b[idx] + 0.25f * a[idx] + 1.0f;
		e[idx] = 0.25f * b[idx] - 0.5f * a[idx] + 0.5f;
	}
}

static void kernel1(const float *e, const float *b, float *f, float *g, int n)
{
	for (int idx = 0; idx < n; idx++) {
		f[idx] = 0.5f * e[idx] + 0.25f * b[idx] + 0.125f;
		g[idx] = 0.25f * e[idx] - 0.5f * b[idx] + 1.0f;
	}
}

__global__ void kernel2(const float *c, const float *f, float *h, float *i, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		h[idx] = 0.5f * c[idx] + 0.25f * f[idx] + 0.25f;
		i[idx] = 0.5f * f[idx] - 0.25f * c[idx] + 0.75f;
	}
}

__global__ void kernel3(const float *f, const float *h, float *j, float *k, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		j[idx] = 0.5f * f[idx] + 0.25f * h[idx] + 0.5f;
		k[idx] = 0.25f * f[idx] - 0.5f * h[idx] + 0.25f;
	}
}

__global__ void kernel4(const float *h, const float *e, float *l, float *m, int n)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < n) {
		l[idx] = 0.5f * h[idx] + 0.25f * e[idx] + 1.0f;
		m[idx] = 0.25f * h[idx] - 0.5f * e[idx] + 0.125f;
	}
}

static double sum(const float *v, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096;
	int reps = argc > 2 ? atoi(argv[2]) : 3;
	size_t s = n * sizeof(float);
@HOST@@DEV@	for (int r = 0; r < reps; r++) {
		for (int i = 0; i < n; i++) { /* new inputs every round */
			h_A[i] = (float)((i + r) % 7) * 0.125f;
			h_B[i] = (float)((i + 2 * r) % 5) * 0.25f - 0.5f;
			h_C[i] = (float)((i + r) % 3) * 0.5f - 0.25f;
		}
		cudaMemcpy(d_B, P(h_B), s, cudaMemcpyHostToDevice);
		cudaMemcpy(d_A, P(h_A), s, cudaMemcpyHostToDevice);
		kernel0<<<(n + 255) / 256, 256>>>(d_B, d_A, d_D, d_E, n);
		cudaMemcpy(P(h_D), d_D, s, cudaMemcpyDeviceToHost);
		cudaMemcpy(P(h_E), d_E, s, cudaMemcpyDeviceToHost);
		kernel1(P(h_E), P(h_B), P(h_F), P(h_G), n);
		cudaMemcpy(d_C, P(h_C), s, cudaMemcpyHostToDevice);
		cudaMemcpy(d_F, P(h_F), s, cudaMemcpyHostToDevice);
		kernel2<<<(n + 255) / 256, 256>>>(d_C, d_F, d_H, d_I, n);
		cudaMemcpy(P(h_I), d_I, s, cudaMemcpyDeviceToHost);
		kernel3<<<(n + 255) / 256, 256>>>(d_F, d_H, d_J, d_K, n);
		cudaMemcpy(P(h_J), d_J, s, cudaMemcpyDeviceToHost);
		cudaMemcpy(P(h_K), d_K, s, cudaMemcpyDeviceToHost);
		kernel4<<<(n + 255) / 256, 256>>>(d_H, d_E, d_L, d_M, n);
		cudaMemcpy(P(h_L), d_L, s, cudaMemcpyDeviceToHost);
		cudaMemcpy(P(h_M), d_M, s, cudaMemcpyDeviceToHost);
		printf("round %d: D=%.6e G=%.6e I=%.6e J=%.6e K=%.6e L=%.6e M=%.6e\\n", r, sum(P(h_D), n), sum(P(h_G), n),
		       sum(P(h_I), n), sum(P(h_J), n), sum(P(h_K), n), sum(P(h_L), n), sum(P(h_M), n));
	}
	printf("RESULT D=%.8e M=%.8e\\n", sum(P(h_D), n), sum(P(h_M), n));
@FREEDEV@@FREEHOST@	return 0;
}
"""


def kessler(spelling):
    """Kessler's five kernels (Fig. 2): 11 copies a round, inputs that change every round."""
    return HEAD % dict(prog='kessler', spelling=spelling, what=HOST[spelling][1]) + fill(
        spelling, KESSLER, ['h_A', 'h_B', 'h_C', 'h_D', 'h_E', 'h_F', 'h_G', 'h_I', 'h_J', 'h_K', 'h_L', 'h_M'],
        ['d_A', 'd_B', 'd_C', 'd_D', 'd_E', 'd_F', 'd_H', 'd_I', 'd_J', 'd_K', 'd_L', 'd_M'], 'float', 's', 'n')


REFILL = """
__global__ void acc(const float *a, float *t, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		t[i] += a[i];
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1 << 16, rounds = argc > 2 ? atoi(argv[2]) : 6;
	size_t s = n * sizeof(float);
@HOST@@DEV@	cudaMemset(dt, 0, s);
	cudaStream_t st;
	cudaStreamCreate(&st);
	for (int r = 0; r < rounds; r++) {
@WAIT@		for (int i = 0; i < n; i++)
			a[i] = (float)((i + r) % 13);
		cudaMemcpyAsync(da, P(a), s, cudaMemcpyHostToDevice, st);
		acc<<<(n + 255) / 256, 256, 0, st>>>(da, dt, n);
	}
	cudaMemcpyAsync(P(out), dt, s, cudaMemcpyDeviceToHost, st);
	cudaStreamSynchronize(st);
	double sum = 0;
	for (int i = 0; i < n; i += 7)
		sum += out[i];
	printf("RESULT %.1f\\n", sum);
	cudaStreamDestroy(st);
@FREEDEV@@FREEHOST@	return 0;
}
"""


def refill(spelling):
    """An asynchronous upload from a buffer the host refills every round, and a download."""
    return HEAD % dict(prog='refill', spelling=spelling, what=HOST[spelling][1]) + fill(
        spelling, REFILL, ['a', 'out'], ['da', 'dt'], 'float', 's', 'n')


PROGS = {'twoup': twoup, 'kessler': kessler, 'refill': refill}


def main(argv):
    if len(argv) >= 2 and argv[1] == 'list':
        for p in PROGS:
            print(p, ' '.join(HOST))
        return 0
    if len(argv) == 4 and argv[1] == 'write':
        sys.stdout.write(PROGS[argv[2]](argv[3]))
        return 0
    if len(argv) in (3, 4) and argv[1] == 'golden':
        k = int(argv[3]) if len(argv) == 4 else 300
        for p in PROGS:
            for sp in HOST:
                d = os.path.join(argv[2], '%03d-spell-%s-%s' % (k, p, sp))
                os.makedirs(d, exist_ok=True)
                with open(os.path.join(d, 'input.cu'), 'w') as f:
                    f.write(PROGS[p](sp))
                with open(os.path.join(d, 'args'), 'w') as f:
                    f.write('--passes=all\n')
                k += 1
        return 0
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
