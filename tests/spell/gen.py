#!/usr/bin/env python3
"""The spelling matrix (issue 32): one program, written the ways people write
allocations, copies and frees. Each spelling is the same program: the same
RESULT line and, after `cuflow --passes=all`, the same transfer counts as
the plainest spelling.

  gen.py list                    the programs and their spellings
  gen.py write PROG SPELLING     print the program in that spelling
  gen.py golden DIR              write every case as DIR/NNN-spell-PROG-SPELLING/input.cu
"""
import os
import sys

HEAD = """// %(prog)s, spelled %(spelling)s: %(what)s
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>
"""

# ---------------------------------------------------------------- host buffers
# Each spelling: (declare and allocate h buffers, free them). Names are a
# list; T the element type, S the byte-size expression, n the count.

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

def h_pinned(names, T, S, n):
    return (''.join('\t%s *%s;\n\tcudaMallocHost((void **)&%s, %s);\n' % (T, x, x, S) for x in names),
            ''.join('\tcudaFreeHost(%s);\n' % x for x in names))

HOST = {
    'plain': (h_plain, 'one allocation a line, C casts'),
    'oneline': (h_oneline, 'several statements on one line'),
    'declarators': (h_declarators, 'several declarators in one declaration'),
    'assign': (h_assign, 'declaration, then assignment'),
    'new': (h_new, 'new T[n] and delete[]'),
    'calloc': (h_calloc, 'calloc'),
    'static-cast': (h_static_cast, 'static_cast<T *>(malloc(n)), std::free'),
    'pinned': (h_pinned, 'cudaMallocHost already'),
}

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

DEVICE = {'plain': d_plain, 'oneline': d_oneline, 'declarators': d_plain, 'assign': d_cast, 'new': d_plain,
          'calloc': d_plain, 'static-cast': d_cast, 'pinned': d_plain}

# ---------------------------------------------------------------- programs

def twoup(spelling):
    """Two uploads and one download a round."""
    hal, hfree = HOST[spelling][0](['a', 'b', 'c'], 'float', 's', 'n')
    dal, dfree = DEVICE[spelling](['da', 'db', 'dc'], 'float', 's')
    return HEAD % dict(prog='twoup', spelling=spelling, what=HOST[spelling][1]) + """
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
""" + hal + dal + """	double sum = 0;
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < n; i++) {
			a[i] = (float)(i % 7 + r);
			b[i] = (float)(i % 5);
		}
		cudaMemcpy(da, a, s, cudaMemcpyHostToDevice);
		cudaMemcpy(db, b, s, cudaMemcpyHostToDevice);
		add<<<(n + 255) / 256, 256>>>(da, db, dc, n, r);
		cudaMemcpy(c, dc, s, cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i += 97)
			sum += c[i];
	}
	printf("RESULT %.1f\\n", sum);
""" + dfree + hfree + """	return 0;
}
"""

PROGS = {'twoup': twoup}


def main(argv):
    if len(argv) >= 2 and argv[1] == 'list':
        for p in PROGS:
            print(p, ' '.join(HOST))
        return 0
    if len(argv) == 4 and argv[1] == 'write':
        sys.stdout.write(PROGS[argv[2]](argv[3]))
        return 0
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
