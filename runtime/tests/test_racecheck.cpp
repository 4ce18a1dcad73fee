/* test_racecheck.cpp: the race check's verdicts (racecheck.c), driven as a
 * lowered kernel's race-checked form drives it: block, thread loops, syncs
 * and accesses. racecheck.test runs it with CUFLOW_RACECHECK=1 and reads
 * the reports; each kernel here is named after the verdict it must get. */
#include "check.h"

static int sh[64];

/* Thread t reads sh[t - 1] (statement at 10), then writes sh[t] (at 20), in
 * one thread loop: thread 1 reads what thread 0 wrote, where a warp reads
 * before any lane writes. Out of the warp's order. */
static void order(const cuflow_block *b, void *)
{
	cuflowRcBlock("order", "test_racecheck.cpp", b->blockIdx, b->blockDim);
	cuflowRcLoop();
	for (int t = 0; t < 32; t++) {
		if (t)
			cuflowRcAccess(&sh[t - 1], 'r', 1, 10, t);
		cuflowRcAccess(&sh[t], 'w', 2, 20, t);
	}
}

/* The same statements as two thread loops: run in step. */
static void step(const cuflow_block *b, void *)
{
	cuflowRcBlock("step", "test_racecheck.cpp", b->blockIdx, b->blockDim);
	cuflowRcLoop();
	for (int t = 1; t < 32; t++)
		cuflowRcAccess(&sh[t - 1], 'r', 3, 10, t);
	cuflowRcLoop();
	for (int t = 0; t < 32; t++)
		cuflowRcAccess(&sh[t], 'w', 4, 20, t);
}

/* One statement reading the element above and writing its own, in one
 * thread loop: every read before the write of its element, as in the warp. */
static void forward(const cuflow_block *b, void *)
{
	cuflowRcBlock("forward", "test_racecheck.cpp", b->blockIdx, b->blockDim);
	cuflowRcLoop();
	for (int t = 0; t < 31; t++) {
		cuflowRcAccess(&sh[t + 1], 'r', 5, 30, t);
		cuflowRcAccess(&sh[t], 'w', 5, 30, t);
	}
}

/* A write read by the other warp: a race. */
static void race(const cuflow_block *b, void *)
{
	cuflowRcBlock("race", "test_racecheck.cpp", b->blockIdx, b->blockDim);
	cuflowRcLoop();
	for (int t = 0; t < 64; t++)
		cuflowRcAccess(&sh[t], 'w', 6, 40, t);
	cuflowRcLoop();
	for (int t = 0; t < 64; t++)
		cuflowRcAccess(&sh[(t + 32) % 64], 'r', 7, 50, t);
}

/* The same ordered by __syncthreads, then by __syncwarp within warps, and
 * atomics only: nothing. */
static void none(const cuflow_block *b, void *)
{
	cuflowRcBlock("none", "test_racecheck.cpp", b->blockIdx, b->blockDim);
	cuflowRcLoop();
	for (int t = 0; t < 64; t++)
		cuflowRcAccess(&sh[t], 'w', 8, 60, t);
	cuflowRcSync(0);
	cuflowRcLoop();
	for (int t = 0; t < 64; t++)
		cuflowRcAccess(&sh[(t + 32) % 64], 'r', 9, 70, t);
	cuflowRcSync(0);
	cuflowRcLoop();
	for (int t = 0; t < 64; t++)
		cuflowRcAccess(&sh[t], 'w', 10, 80, t);
	cuflowRcSync(1);
	cuflowRcLoop();
	for (int t = 0; t < 64; t++)
		cuflowRcAccess(&sh[t ^ 1], 'r', 11, 90, t);
	cuflowRcSync(0);
	cuflowRcLoop();
	for (int t = 0; t < 64; t++)
		cuflowRcAccess(&sh[0], 'a', 12, 100, t);
}

int main()
{
	CHECK(cuflowRacecheck());
	cuflow_kernel ks[] = {order, step, forward, race, none};
	for (cuflow_kernel k : ks)
		CHECK_CUDA(cuflowLaunch(k, NULL, 0, dim3(1), dim3(64), 0, 0));
	CHECK_CUDA(cudaDeviceSynchronize());
	printf("PASS test_racecheck\n");
	return 0;
}
