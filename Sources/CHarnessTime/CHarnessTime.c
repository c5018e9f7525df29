// Thread-scoped virtual time for the harness.
//
// The Swift runtime reads `ContinuousClock.now` and `SuspendingClock.now` with `clock_gettime`
// (CLOCK_BOOTTIME and CLOCK_MONOTONIC on Linux). A program that defines `clock_gettime` itself is
// what the runtime's call resolves to, because the executable's symbols come before libc's. This
// one answers from a thread-local value while the harness runs a scenario's job on its thread, and
// passes every other call, on every other thread, to libc's own function (found with RTLD_NEXT).
// So only the harness thread, and only inside a job, sees virtual time; tests running in parallel,
// the harness's own bookkeeping and Dispatch's timers keep real time.
//
// Apple platforms resolve symbols by library (two-level namespace), so there this file defines
// only stubs, and the harness (`VirtualClock.works`) falls back to guessing.

#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CHarnessTime.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <sched.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

/// Whether this thread reads virtual time now, and what time.
static __thread int virtual_on = 0;
static __thread int64_t virtual_nanoseconds = 0;

/// libc's `clock_gettime`, found once.
static clock_gettime_fn real_clock_gettime(void) {
    static _Atomic(clock_gettime_fn) real = NULL;
    clock_gettime_fn found = atomic_load_explicit(&real, memory_order_acquire);
    if (found == NULL) {
        found = (clock_gettime_fn)dlsym(RTLD_NEXT, "clock_gettime");
        atomic_store_explicit(&real, found, memory_order_release);
    }
    return found;
}

/// The clocks that virtual time replaces: every monotonic one. CLOCK_REALTIME (dates) stays real.
static int is_monotonic(clockid_t clock) {
    return clock == CLOCK_MONOTONIC || clock == CLOCK_MONOTONIC_RAW || clock == CLOCK_MONOTONIC_COARSE
        || clock == CLOCK_BOOTTIME;
}

int clock_gettime(clockid_t clock, struct timespec *time) {
    if (virtual_on && is_monotonic(clock)) {
        time->tv_sec = (time_t)(virtual_nanoseconds / 1000000000);
        time->tv_nsec = (long)(virtual_nanoseconds % 1000000000);
        return 0;
    }
    return real_clock_gettime()(clock, time);
}

int harness_virtual_time_begin(int64_t nanoseconds) {
    virtual_nanoseconds = nanoseconds;
    virtual_on = 1;
    return 1;
}

void harness_virtual_time_end(void) { virtual_on = 0; }

int harness_virtual_time_is_on(void) { return virtual_on; }

int harness_thread_id(void) { return (int)syscall(SYS_gettid); }

int harness_pin_to_current_cpu(int cpu) {
    if (cpu < 0) cpu = sched_getcpu();
    if (cpu < 0) return -1;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0 ? cpu : -1;
}

int64_t harness_thread_cpu_nanoseconds(void) {
    struct timespec used = {0, 0};
    real_clock_gettime()(CLOCK_THREAD_CPUTIME_ID, &used);
    return (int64_t)used.tv_sec * 1000000000 + used.tv_nsec;
}

int64_t harness_real_monotonic_nanoseconds(void) {
    struct timespec now = {0, 0};
    real_clock_gettime()(CLOCK_BOOTTIME, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

#else

int harness_thread_id(void) { return 0; }
int harness_pin_to_current_cpu(int cpu) { (void)cpu; return -1; }

int64_t harness_real_monotonic_nanoseconds(void) { return 0; }
int64_t harness_thread_cpu_nanoseconds(void) { return -1; }
int harness_virtual_time_begin(int64_t nanoseconds) { (void)nanoseconds; return 0; }
void harness_virtual_time_end(void) {}
int harness_virtual_time_is_on(void) { return 0; }

#endif

/// Runs under a seeded schedule in this process (see the header).
static _Atomic int64_t seeded_runs = 0;

void harness_count_seeded_run(void) { atomic_fetch_add_explicit(&seeded_runs, 1, memory_order_relaxed); }

int64_t harness_seeded_runs(void) { return atomic_load_explicit(&seeded_runs, memory_order_relaxed); }
