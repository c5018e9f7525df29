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
// The wall clock moves with it: on such a thread CLOCK_REALTIME (and its coarse and alarm forms, CLOCK_TAI,
// `gettimeofday`, `time`: what Foundation's `Date()` and CoreFoundation read) answers the run's wall clock, which the
// harness gives with the monotonic time (`harness_virtual_time_begin`).
//
// Apple platforms resolve symbols by library (two-level namespace), so there this file defines
// only stubs, and the harness (`VirtualClock.works`) falls back to guessing.

#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CHarnessTime.h"

// The harness executor that owns the calling thread (ThreadBinding): a thread-local word, read on every enqueue and
// every job, where a pthread key cost a call and a one-time check each time.
static __thread void *bound_executor = 0;
void harness_bind_executor(void *executor) { bound_executor = executor; }
void *harness_bound_executor(void) { return bound_executor; }

#if defined(__linux__)
#include "RealFunction.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <sched.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

/// Whether this thread reads virtual time now, and what time (shared with OutsideWork.c: a helper thread of a
/// seeded run reads the run's time too).
__attribute__((visibility("hidden"))) __thread int virtual_on = 0;
__attribute__((visibility("hidden"))) __thread int64_t virtual_nanoseconds = 0;
/// What the wall clock reads there, in nanoseconds since 1970, or -1 where it stays real (shared with OutsideWork.c).
__attribute__((visibility("hidden"))) __thread int64_t virtual_wall_nanoseconds = -1;

REAL(clock_gettime_fn, clock_gettime)

/// The clocks that read the run's time itself under virtual time: every monotonic one (the wall clocks: `is_wall`).
static int is_monotonic(clockid_t clock) {
    return clock == CLOCK_MONOTONIC || clock == CLOCK_MONOTONIC_RAW || clock == CLOCK_MONOTONIC_COARSE
        || clock == CLOCK_BOOTTIME;
}

/// The wall clocks: each reads the run's wall clock where the monotonic ones read the run's time.
static int is_wall(clockid_t clock) {
    return clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE || clock == CLOCK_REALTIME_ALARM
        || clock == CLOCK_TAI;
}

/// How far CLOCK_TAI is ahead of CLOCK_REALTIME (the leap seconds the kernel was told of), in whole seconds.
static int64_t tai_offset(void) {
    struct timespec tai, wall;
    real_clock_gettime_fn()(CLOCK_TAI, &tai);
    real_clock_gettime_fn()(CLOCK_REALTIME, &wall);
    int64_t offset = (int64_t)(tai.tv_sec - wall.tv_sec) * 1000000000 + (tai.tv_nsec - wall.tv_nsec);
    return (offset + 500000000) / 1000000000 * 1000000000;
}

/// The strict run's count of waits this thread notes at each clock read (-1: none), and what it noted: the wait and
/// the time read, for CLOCK_MONOTONIC [0] and CLOCK_BOOTTIME [1].
static __thread int reads_descriptor = -1;
static __thread int64_t wait_at_read[2] = {-1, -1};
static __thread int64_t time_at_read[2] = {-1, -1};

int64_t harness_cpu_wait(int descriptor) {
    char text[96];
    ssize_t count = pread(descriptor, text, sizeof text - 1, 0);
    if (count <= 0) return -1;
    text[count] = 0;
    char *rest = NULL;
    strtoll(text, &rest, 10);
    if (rest == NULL || rest == text) return -1;
    char *end = NULL;
    long long wait = strtoll(rest, &end, 10);
    return end == rest ? -1 : (int64_t)wait;
}

int clock_gettime(clockid_t clock, struct timespec *time) {
    if (virtual_on && is_monotonic(clock)) {
        time->tv_sec = (time_t)(virtual_nanoseconds / 1000000000);
        time->tv_nsec = (long)(virtual_nanoseconds % 1000000000);
        return 0;
    }
    if (virtual_on && virtual_wall_nanoseconds >= 0 && is_wall(clock)) {
        int64_t wall = virtual_wall_nanoseconds + (clock == CLOCK_TAI ? tai_offset() : 0);
        time->tv_sec = (time_t)(wall / 1000000000);
        time->tv_nsec = (long)(wall % 1000000000);
        return 0;
    }
    // The wait noted before the read, so that any wait after it is the thread's wait after the read.
    if (reads_descriptor >= 0 && (clock == CLOCK_BOOTTIME || clock == CLOCK_MONOTONIC)) {
        int kind = clock == CLOCK_BOOTTIME;
        int64_t wait = harness_cpu_wait(reads_descriptor);
        int result = real_clock_gettime_fn()(clock, time);
        wait_at_read[kind] = result == 0 ? wait : -1;
        time_at_read[kind] = result == 0 ? (int64_t)time->tv_sec * 1000000000 + time->tv_nsec : -1;
        return result;
    }
    return real_clock_gettime_fn()(clock, time);
}

typedef int (*gettimeofday_fn)(struct timeval *, void *);
typedef time_t (*time_fn)(time_t *);

REAL(gettimeofday_fn, gettimeofday)
REAL(time_fn, time)

int gettimeofday(struct timeval *restrict value, void *restrict zone) {
    gettimeofday_fn found = real_gettimeofday_fn();
    if (!virtual_on || virtual_wall_nanoseconds < 0) return found(value, zone);
    // The time zone, if asked for, is the system's.
    struct timeval ignored;
    if (zone != NULL) found(&ignored, zone);
    value->tv_sec = (time_t)(virtual_wall_nanoseconds / 1000000000);
    value->tv_usec = (suseconds_t)(virtual_wall_nanoseconds % 1000000000 / 1000);
    return 0;
}

time_t time(time_t *seconds) {
    time_fn found = real_time_fn();
    if (!virtual_on || virtual_wall_nanoseconds < 0) return found(seconds);
    time_t now = (time_t)(virtual_wall_nanoseconds / 1000000000);
    if (seconds != NULL) *seconds = now;
    return now;
}

void harness_clock_reads_begin(int schedstat_descriptor) { reads_descriptor = schedstat_descriptor; }

int harness_clock_reads_end(void) {
    int descriptor = reads_descriptor;
    reads_descriptor = -1;
    return descriptor;
}

int64_t harness_wait_at_clock_read(int continuous) { return wait_at_read[continuous != 0]; }

int64_t harness_time_at_clock_read(int continuous) { return time_at_read[continuous != 0]; }

int64_t harness_suspended_nanoseconds(void) {
    int64_t offset = 0;
    // Three reads: a pair kept from a CPU in between is read again.
    for (int attempt = 0; attempt < 10; attempt++) {
        struct timespec boot1, monotonic, boot2;
        real_clock_gettime_fn()(CLOCK_BOOTTIME, &boot1);
        real_clock_gettime_fn()(CLOCK_MONOTONIC, &monotonic);
        real_clock_gettime_fn()(CLOCK_BOOTTIME, &boot2);
        int64_t first = (int64_t)boot1.tv_sec * 1000000000 + boot1.tv_nsec;
        int64_t second = (int64_t)boot2.tv_sec * 1000000000 + boot2.tv_nsec;
        offset = first - ((int64_t)monotonic.tv_sec * 1000000000 + monotonic.tv_nsec);
        if (second - first < 20000) break;
    }
    return offset;
}

int harness_virtual_time_begin(int64_t nanoseconds, int64_t wall_nanoseconds) {
    virtual_nanoseconds = nanoseconds;
    virtual_wall_nanoseconds = wall_nanoseconds < 0 ? -1 : wall_nanoseconds;
    virtual_on = 1;
    return 1;
}

void harness_virtual_time_end(void) { virtual_on = 0; }

int harness_virtual_time_is_on(void) { return virtual_on; }

// The main queue in main-actor code. Inside a harness run, main-actor work runs on the harness thread, serially,
// as the main actor (the harness answers the runtime's getMainExecutor there); libdispatch, asked whether that
// thread is the main queue's, says no and stops the process (`_dispatch_assert_queue_fail`). Defined here, as
// `clock_gettime` is, `dispatch_assert_queue` is what Dispatch's `dispatchPrecondition` reaches: on a thread
// running a main-actor job of a run, the main queue's precondition holds; every other call goes to libdispatch.

/// Whether this thread runs a main-actor job of a harness run now.
static __thread int main_actor_job = 0;

void harness_main_actor_job(int running) { main_actor_job = running; }

typedef void (*assert_queue_fn)(void *);

/// libdispatch's own function named `name`, found once per name by the caller.
static assert_queue_fn real_assert(const char *name, _Atomic(assert_queue_fn) *cache) {
    assert_queue_fn found = atomic_load_explicit(cache, memory_order_acquire);
    if (found == NULL) {
        found = (assert_queue_fn)dlsym(RTLD_NEXT, name);
        atomic_store_explicit(cache, found, memory_order_release);
    }
    return found;
}

/// Whether `queue` is the main queue (libdispatch's `_dispatch_main_q`).
static int is_main_queue(void *queue) {
    static void *_Atomic main_queue = NULL;
    void *found = atomic_load_explicit(&main_queue, memory_order_acquire);
    if (found == NULL) {
        found = dlsym(RTLD_DEFAULT, "_dispatch_main_q");
        atomic_store_explicit(&main_queue, found, memory_order_release);
    }
    return found != NULL && queue == found;
}

void dispatch_assert_queue(void *queue) {
    static _Atomic(assert_queue_fn) real = NULL;
    if (main_actor_job && is_main_queue(queue)) return;
    real_assert("dispatch_assert_queue", &real)(queue);
}

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
    real_clock_gettime_fn()(CLOCK_THREAD_CPUTIME_ID, &used);
    return (int64_t)used.tv_sec * 1000000000 + used.tv_nsec;
}

int64_t harness_real_monotonic_nanoseconds(void) {
    struct timespec now = {0, 0};
    real_clock_gettime_fn()(CLOCK_BOOTTIME, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

int64_t harness_real_wall_nanoseconds(void) {
    struct timespec now = {0, 0};
    real_clock_gettime_fn()(CLOCK_REALTIME, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/// This file's part of `harness_thread_state` (ThreadState.c): with `reset`, each piece is put back first.
__attribute__((visibility("hidden"))) uint32_t harness_time_thread_state(int reset) {
    if (reset) {
        bound_executor = 0;
        virtual_on = 0;
        virtual_nanoseconds = 0;
        virtual_wall_nanoseconds = -1;
        reads_descriptor = -1;
        wait_at_read[0] = wait_at_read[1] = -1;
        time_at_read[0] = time_at_read[1] = -1;
        main_actor_job = 0;
    }
    uint32_t state = 0;
    if (bound_executor != 0) state |= HARNESS_THREAD_BOUND;
    if (virtual_on || virtual_nanoseconds != 0 || virtual_wall_nanoseconds != -1) state |= HARNESS_THREAD_VIRTUAL_TIME;
    if (reads_descriptor != -1 || wait_at_read[0] != -1 || wait_at_read[1] != -1 || time_at_read[0] != -1
        || time_at_read[1] != -1)
        state |= HARNESS_THREAD_CLOCK_READS;
    if (main_actor_job) state |= HARNESS_THREAD_MAIN_ACTOR_JOB;
    return state;
}

// The coarse clock is a word the kernel updates each tick, read without asking the time source: about 5 ns here
// against 23 for the precise one, which a read on every job of a run would pay.
int64_t harness_coarse_monotonic_nanoseconds(void) {
    struct timespec now = {0, 0};
    real_clock_gettime_fn()(CLOCK_MONOTONIC_COARSE, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

#else

#include <stdatomic.h>
#include <time.h>

int harness_thread_id(void) { return 0; }
void harness_main_actor_job(int running) { (void)running; }
__attribute__((visibility("hidden"))) uint32_t harness_time_thread_state(int reset) {
    if (reset) bound_executor = 0;
    return bound_executor != 0 ? HARNESS_THREAD_BOUND : 0;
}
int harness_pin_to_current_cpu(int cpu) { (void)cpu; return -1; }

// The standard clocks are never virtual here, so libc's own monotonic clock is the real one (spare time, the grace
// periods, a strict run's clock and a system run's limit count from it: a 0 here would stop them all).
int64_t harness_real_monotonic_nanoseconds(void) {
    struct timespec now = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}
int64_t harness_real_wall_nanoseconds(void) {
    struct timespec now = {0, 0};
    clock_gettime(CLOCK_REALTIME, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}
int64_t harness_coarse_monotonic_nanoseconds(void) { return harness_real_monotonic_nanoseconds(); }
int64_t harness_thread_cpu_nanoseconds(void) { return -1; }
int harness_virtual_time_begin(int64_t nanoseconds, int64_t wall_nanoseconds) {
    (void)nanoseconds;
    (void)wall_nanoseconds;
    return 0;
}
void harness_virtual_time_end(void) {}
int harness_virtual_time_is_on(void) { return 0; }
void harness_clock_reads_begin(int schedstat_descriptor) { (void)schedstat_descriptor; }
int harness_clock_reads_end(void) { return -1; }
int64_t harness_wait_at_clock_read(int continuous) { (void)continuous; return -1; }
int64_t harness_time_at_clock_read(int continuous) { (void)continuous; return -1; }
int64_t harness_cpu_wait(int descriptor) { (void)descriptor; return -1; }
int64_t harness_suspended_nanoseconds(void) { return 0; }

#endif

// The process's default executor. The Swift runtime reads it without a lock, so the harness must choose it while
// the program is still single-threaded: here, at load time, before `main` and before any task. The function is
// Swift (`ProcessExecutors.swift` in Harness); the reference is weak, so a program without the harness links too.
extern void harness_install_process_executors(void) __attribute__((weak));

__attribute__((constructor)) static void install_process_executors(void) {
    if (harness_install_process_executors) harness_install_process_executors();
}

/// Runs under a seeded schedule in this process (see the header).
static _Atomic int64_t seeded_runs = 0;

void harness_count_seeded_run(void) { atomic_fetch_add_explicit(&seeded_runs, 1, memory_order_relaxed); }

int64_t harness_seeded_runs(void) { return atomic_load_explicit(&seeded_runs, memory_order_relaxed); }
