// pinbench.cu: the constants of the pin pass's cost model (issue 19), measured
// on the machine that runs it.  For each size: the time of a blocking upload
// and download from pageable (malloc) and pinned (cudaMallocHost) memory, and
// what getting the buffer costs either way, first touch included: malloc +
// memset against cudaMallocHost + memset, cudaHostRegister of a touched
// malloc buffer, and the frees.  Medians of RUNS (default 5).
//
//   nvcc -O2 -o pinbench tests/gpu/pinbench.cu && ./pinbench [RUNS]
//
// Output: one line per size, times in microseconds (doc/pin.md reads them).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

static double now()
{
	return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static double median(std::vector<double> v)
{
	std::sort(v.begin(), v.end());
	return v[v.size() / 2];
}

static void check(cudaError_t e, const char *what)
{
	if (e != cudaSuccess) {
		fprintf(stderr, "pinbench: %s: %s\n", what, cudaGetErrorString(e));
		exit(1);
	}
}

int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 5;
	const size_t sizes[] = {4 << 10, 64 << 10, 1 << 20, 16 << 20, 64 << 20, 256 << 20, 1024u << 20};
	void *dev;
	check(cudaMalloc(&dev, sizes[6]), "cudaMalloc");
	check(cudaFree(0), "init");
	printf("%10s %9s %9s %9s %9s %11s %11s %11s %9s %9s %9s\n", "bytes", "up_page", "up_pin", "down_page",
	       "down_pin", "malloc+set", "pinned+set", "register", "unreg", "free", "freehost");
	for (size_t s : sizes) {
		std::vector<double> upp, upn, dnp, dnn, ma, pa, rg, ur, fr, fh;
		for (int r = 0; r < runs; r++) {
			double t = now();
			char *h = (char *)malloc(s);
			memset(h, r + 1, s);
			ma.push_back(now() - t);
			t = now();
			check(cudaMemcpy(dev, h, s, cudaMemcpyHostToDevice), "upload");
			upp.push_back(now() - t);
			t = now();
			check(cudaMemcpy(h, dev, s, cudaMemcpyDeviceToHost), "download");
			dnp.push_back(now() - t);
			t = now();
			check(cudaHostRegister(h, s, 0), "cudaHostRegister");
			rg.push_back(now() - t);
			t = now();
			check(cudaHostUnregister(h), "cudaHostUnregister");
			ur.push_back(now() - t);
			t = now();
			free(h);
			fr.push_back(now() - t);

			t = now();
			char *p;
			check(cudaMallocHost((void **)&p, s), "cudaMallocHost");
			memset(p, r + 1, s);
			pa.push_back(now() - t);
			t = now();
			check(cudaMemcpy(dev, p, s, cudaMemcpyHostToDevice), "upload");
			upn.push_back(now() - t);
			t = now();
			check(cudaMemcpy(p, dev, s, cudaMemcpyDeviceToHost), "download");
			dnn.push_back(now() - t);
			t = now();
			check(cudaFreeHost(p), "cudaFreeHost");
			fh.push_back(now() - t);
		}
		printf("%10zu %9.1f %9.1f %9.1f %9.1f %11.1f %11.1f %11.1f %9.1f %9.1f %9.1f\n", s, median(upp), median(upn),
		       median(dnp), median(dnn), median(ma), median(pa), median(rg), median(ur), median(fr), median(fh));
	}
	cudaFree(dev);
	return 0;
}
