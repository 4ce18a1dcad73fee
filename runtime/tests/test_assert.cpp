/* test_assert.cpp: a device-side assert that fails, as lowered code calls
 * it (glibc's assert in a block function), stops its kernel: the failing
 * block runs no further, the process lives on, and the calls that report
 * kernels' errors return cudaErrorAssert from then on, as on a GPU, until
 * cudaDeviceReset. A failing assert in host code still aborts. */
#include <assert.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static int done[64]; /* threads of each block that got past the assert */

static void check_block(const cuflow_block *b, void *)
{
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		assert(!(b->blockIdx.x == 5 && t == 3));
		__atomic_fetch_add(&done[b->blockIdx.x], 1, __ATOMIC_RELAXED);
	}
}

static void host_assert_aborts(void)
{
	fflush(NULL);
	pid_t p = fork();
	CHECK(p >= 0);
	if (p == 0) {
		assert(done[0] < 0 && "host code");
		_exit(0);
	}
	int st;
	CHECK(waitpid(p, &st, 0) == p);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT);
}

int main()
{
	int *d, h = 0;
	CHECK_CUDA(cudaMalloc(&d, sizeof h));
	CHECK_CUDA(cuflowLaunch(check_block, NULL, 0, dim3(4), dim3(32), 0, 0)); /* blocks 0-3 pass */
	CHECK_CUDA(cudaDeviceSynchronize());
	CHECK_EQ(done[3], 32);
	host_assert_aborts();

	/* launches are asynchronous: the launch itself succeeds */
	CHECK_EQ(cuflowLaunch(check_block, NULL, 0, dim3(64), dim3(32), 0, 0), cudaSuccess);
	CHECK_EQ(cudaDeviceSynchronize(), cudaErrorAssert);
	CHECK_EQ(done[5], 3); /* block 5 stopped at its thread 3 */
	CHECK_EQ(cudaPeekAtLastError(), cudaErrorAssert);
	CHECK_EQ(cudaGetLastError(), cudaErrorAssert);
	CHECK_EQ(cudaGetLastError(), cudaSuccess); /* read and cleared, as on an H100 */
	CHECK_EQ(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost), cudaErrorAssert);
	CHECK_EQ(cudaMemset(d, 0, sizeof h), cudaErrorAssert);
	CHECK_EQ(cudaStreamSynchronize(0), cudaErrorAssert);
	int before = done[0];
	CHECK_EQ(cuflowLaunch(check_block, NULL, 0, dim3(1), dim3(32), 0, 0), cudaErrorAssert);
	CHECK_EQ(cudaDeviceSynchronize(), cudaErrorAssert);
	CHECK_EQ(done[0], before); /* nothing ran */
	host_assert_aborts();

	CHECK_CUDA(cudaDeviceReset()); /* a new context */
	CHECK_EQ(cudaGetLastError(), cudaSuccess);
	CHECK_CUDA(cudaMalloc(&d, sizeof h));
	before = done[1];
	CHECK_CUDA(cuflowLaunch(check_block, NULL, 0, dim3(2), dim3(32), 0, 0));
	CHECK_CUDA(cudaDeviceSynchronize());
	CHECK_EQ(done[1], before + 32);
	CHECK_CUDA(cudaFree(d));
	printf("PASS test_assert\n");
	return 0;
}
