// expect 15: a loop waiting for other threads' stores to volatile memory (a spin-wait): threads run one after another here, so a wait for a later one would never end
// Each thread waits until the next one has published its value (a chain
// of flags in global memory, the form of HeCBench mis's and mpc's busy
// waits). On a GPU the threads run at once and the last one starts the
// chain; run one after another from thread 0, thread 0 would wait for
// thread 1 forever. Refused with the loop's line. (A volatile read in a
// counted loop, or in a loop holding a barrier, is no wait:
// tests/lower/98 reads its partial sums so.)
__global__ void chain(volatile int *ready, volatile int *val, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	if (i + 1 < n)
		while (ready[i + 1] == 0)
			;
	val[i] = (i + 1 < n ? val[i + 1] : 0) + 1;
	ready[i] = 1;
}

int main()
{
	return 0;
}
