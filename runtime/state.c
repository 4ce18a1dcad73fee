/* state.c: the runtime's process state (struct cuflow_rt), its one-time
 * initialisation from the environment, its lock, and the work left at
 * exit.
 *
 * Environment, read once at the first API call:
 *   CUFLOW_DEFER=1      deferred mode (work runs at synchronisation points)
 *   CUFLOW_GRAIN=N      OpenMP's dynamic schedule, N blocks per task, for
 *                       every launch; unset or 0: affinity scheduling
 *   CUFLOW_PROFILE=1    time spent per kind of op, printed at exit (profile.c)
 *   CUFLOW_RACECHECK=1  the shared-memory race check (racecheck.c), its
 *                       summary printed at exit
 *   CUFLOW_TRACE=PATH   transfer counts written to PATH as JSON at exit
 *                       (trace_rt.c, doc/trace.md)
 *   OMP_NUM_THREADS     as OpenMP reads it: the threads a launch uses
 */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

static struct cuflow_rt the_rt;
static pthread_once_t the_once = PTHREAD_ONCE_INIT;

static long env_long(const char *name)
{
	const char *v = getenv(name);
	if (!v || !*v)
		return 0;
	char *end;
	long n = strtol(v, &end, 10);
	return (*end || n < 0) ? 0 : n;
}

/* Work still queued when the program ends runs then, as a GPU would finish
 * it before the process goes away. */
static void at_exit(void)
{
	rt_sync_all();
	if (the_rt.profile)
		rt_prof_report();
	rt_rc_summary();
	rt_trace_report();
}

static void init_streams(struct cuflow_rt *r)
{
	r->legacy.legacy = 1;
	r->legacy.flags = cudaStreamDefault;
	r->perthread.flags = cudaStreamDefault;
}

static void init_once(void)
{
	struct cuflow_rt *r = &the_rt;
	pthread_mutexattr_t a;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&r->lock, &a);
	pthread_mutex_init(&r->exec, &a);
	pthread_mutexattr_destroy(&a);
	r->deferred = env_long("CUFLOW_DEFER") > 0;
	r->grain = env_long("CUFLOW_GRAIN");
	r->profile = env_long("CUFLOW_PROFILE") > 0;
	r->racecheck = env_long("CUFLOW_RACECHECK") > 0;
	trace_open(&r->trace, getenv("CUFLOW_TRACE"));
	clock_gettime(CLOCK_MONOTONIC, &r->prof.start);
	r->nthreads = omp_get_max_threads();
	if (r->nthreads < 1)
		r->nthreads = 1;
	r->next_id = 1;
	r->cache_config = cudaFuncCachePreferNone;
	r->shmem_config = cudaSharedMemBankSizeFourByte;
	r->limits[cudaLimitStackSize] = 1024;
	r->limits[cudaLimitPrintfFifoSize] = 1 << 20;
	r->limits[cudaLimitMallocHeapSize] = 8 << 20;
	r->limits[cudaLimitDevRuntimeSyncDepth] = 2;
	r->limits[cudaLimitDevRuntimePendingLaunchCount] = 2048;
	r->limits[cudaLimitMaxL2FetchGranularity] = 64;
	r->limits[cudaLimitPersistingL2CacheSize] = 0;
	init_streams(r);
	atexit(at_exit);
}

struct cuflow_rt *rt(void)
{
	pthread_once(&the_once, init_once);
	return &the_rt;
}

void rt_lock(void)
{
	pthread_mutex_lock(&rt()->lock);
}

void rt_unlock(void)
{
	pthread_mutex_unlock(&rt()->lock);
}

long cuflowSetGrain(long grain)
{
	struct cuflow_rt *r = rt();
	rt_lock();
	long old = r->grain;
	r->grain = grain > 0 ? grain : 0;
	rt_unlock();
	return old;
}

int cuflowDeferred(void)
{
	return rt()->deferred;
}

int cuflowRunEagerly(void)
{
	rt()->deferred = false;
	return 0;
}
