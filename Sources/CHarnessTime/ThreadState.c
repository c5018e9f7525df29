// A harness thread's state, read and reset in one call each: what a thread kept between runs (HarnessThreads.swift)
// must not carry from one run to the next. Each file keeps its own thread-locals and answers for them; this one
// gathers the answers, and notes what code under test may change but the harness cannot put back (CPU affinity,
// signal mask, priority), so that such a thread is retired rather than reused.
//
// Not covered: the thread-locals of ForeignExecutors.c and Wakes.c, which are set and cleared within one call of
// theirs and skip harness threads.

#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CHarnessTime.h"

__attribute__((visibility("hidden"))) uint32_t harness_time_thread_state(int reset);
__attribute__((visibility("hidden"))) uint32_t harness_locks_thread_state(int reset);
__attribute__((visibility("hidden"))) uint32_t harness_static_thread_state(int reset);

#if defined(__linux__)
#include "OutsideWorkShared.h"
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/// What the thread was given at its birth: its CPUs, blocked signals and priority (`born`: noted).
static __thread int born = 0;
static __thread cpu_set_t birth_cpus;
static __thread sigset_t birth_signals;
static __thread int birth_priority = 0;

/// The calling thread's priority (its nice value, which Linux keeps per thread).
static int thread_priority(void) { return getpriority(PRIO_PROCESS, (id_t)harness_thread_id()); }

void harness_thread_birth(void) {
    // The process's CPUs (its first thread's), not the ones this thread inherited: a thread made from one a test had
    // pinned counts as changed, and is not handed to other runs.
    CPU_ZERO(&birth_cpus);
    sched_getaffinity(getpid(), sizeof birth_cpus, &birth_cpus);
    sigemptyset(&birth_signals);
    pthread_sigmask(SIG_SETMASK, NULL, &birth_signals);
    birth_priority = thread_priority();
    born = 1;
}

/// Whether affinity, signal mask or priority differ from the birth's.
static int changed_since_birth(void) {
    if (!born) return 0;
    cpu_set_t cpus;
    CPU_ZERO(&cpus);
    sched_getaffinity(0, sizeof cpus, &cpus);
    if (!CPU_EQUAL(&cpus, &birth_cpus)) return 1;
    sigset_t signals;
    sigemptyset(&signals);
    pthread_sigmask(SIG_SETMASK, NULL, &signals);
    for (int signal = 1; signal < NSIG; signal++) {
        if (sigismember(&signals, signal) != sigismember(&birth_signals, signal)) return 1;
    }
    return thread_priority() != birth_priority;
}

/// OutsideWork.c's part: the job and helper a thread runs for, and whether it is inside a library function.
static uint32_t outside_thread_state(int reset) {
    if (reset) {
        job_run = NULL;
        helper_run = NULL;
        helper_serial = 0;
        inside_library = 0;
    }
    uint32_t state = 0;
    if (job_run != NULL) state |= HARNESS_THREAD_JOB_RUN;
    if (helper_run != NULL || helper_serial != 0) state |= HARNESS_THREAD_HELPER;
    if (inside_library) state |= HARNESS_THREAD_INSIDE_LIBRARY;
    return state;
}

uint32_t harness_thread_state(void) {
    return harness_time_thread_state(0) | harness_locks_thread_state(0) | harness_static_thread_state(0)
        | outside_thread_state(0)
        | (changed_since_birth() ? HARNESS_THREAD_CHANGED : 0);
}

void harness_thread_reset(void) {
    harness_time_thread_state(1);
    harness_locks_thread_state(1);
    harness_static_thread_state(1);
    outside_thread_state(1);
}

#else

void harness_thread_birth(void) {}
uint32_t harness_thread_state(void) {
    return harness_time_thread_state(0) | harness_locks_thread_state(0) | harness_static_thread_state(0);
}
void harness_thread_reset(void) {
    harness_time_thread_state(1);
    harness_locks_thread_state(1);
    harness_static_thread_state(1);
}

#endif
