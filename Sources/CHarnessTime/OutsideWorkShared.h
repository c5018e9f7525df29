// What OutsideWork.c shares with ForeignExecutors.c and Wakes.c: which run a thread works for, how it starts and stops
// working for one, and the library's own functions. Linux only; private to the target. The names are the files' own,
// given prefixed link names here so that nothing else linked into a program can clash with them.
#ifndef OUTSIDEWORKSHARED_H
#define OUTSIDEWORKSHARED_H

#include "CHarnessTime.h"

#include "RealFunction.h"

#define callbacks harness_ow_callbacks
#define job_run harness_ow_job_run
#define helper_run harness_ow_helper_run
#define helper_serial harness_ow_helper_serial
#define inside_library harness_ow_inside_library
#define working_for harness_ow_working_for
#define begin_working harness_ow_begin_working
#define end_working harness_ow_end_working
#define wait_begins harness_ow_wait_begins
#define wait_ended harness_ow_wait_ended
#define from_dispatch harness_ow_from_dispatch
#define dispatch_worker harness_ow_dispatch_worker
#define runs_swift_jobs harness_ow_runs_swift_jobs
#define wakes_covered harness_ow_wakes_covered

/// The callbacks into the run, set once by the harness.
extern __attribute__((visibility("hidden"))) _Atomic(const harness_outside_callbacks *) callbacks;
/// The run whose job this thread runs now (the harness thread, inside a job).
extern __attribute__((visibility("hidden"))) __thread void *job_run;
/// The run this thread works for, and the item it runs for it (a thread running work a run handed out).
extern __attribute__((visibility("hidden"))) __thread void *helper_run;
extern __attribute__((visibility("hidden"))) __thread uint64_t helper_serial;
/// Non-zero inside the library's own functions, called from here: what they do themselves is theirs.
extern __attribute__((visibility("hidden"))) __thread int inside_library;
/// Non-zero on a thread libdispatch made (a worker of its pools, OutsideWork.c's `pthread_create`).
extern __attribute__((visibility("hidden"))) __thread int dispatch_worker;

/// The run this thread works for now, if any, and the callbacks to tell it with.
__attribute__((visibility("hidden"))) void *working_for(const harness_outside_callbacks **set);

/// What a thread worked for before it began a piece of a run's work: put back when the piece ends.
typedef struct {
    void *run;
    uint64_t serial;
    int virtual_on;
    int64_t virtual_nanoseconds;
    int64_t virtual_wall_nanoseconds;
} working_state;

/// Makes this thread work for `run`'s piece `serial`: what it enqueues goes to the run, and under a seeded schedule it
/// reads the run's time. Tells the run the piece started here, and returns what the thread worked for before.
__attribute__((visibility("hidden"))) working_state begin_working(const harness_outside_callbacks *set, void *run,
                                                                  uint64_t serial);

/// Puts back what the thread worked for before `begin_working`.
__attribute__((visibility("hidden"))) void end_working(working_state before);

/// The calling thread is about to wait on `object` (a condition variable, a semaphore) until another thread signals
/// it, and has just stopped waiting (Wakes.c).
__attribute__((visibility("hidden"))) void wait_begins(void *object);
__attribute__((visibility("hidden"))) void wait_ended(void *object);

/// Non-zero on a thread that has run a Swift job outside the harness (an executor's thread, Wakes.c).
extern __attribute__((visibility("hidden"))) __thread int runs_swift_jobs;
/// The calling thread is about to run a Swift job outside the harness: from now on its work for a run is followed job
/// by job (ForeignExecutors.c), not by wakes; a wake it works for ends here (Wakes.c).
__attribute__((visibility("hidden"))) void wakes_covered(void);

/// Whether `address` (a caller's return address) lies in libdispatch: its own waits and signals (a worker idling for
/// work, waking another) are none of a run's, and a worker thread must never be taken for a server of one.
__attribute__((visibility("hidden"))) int from_dispatch(const void *address);

/// A job of a seeded run is about to `sync` onto `queue` (Locks.c), as a `barrier` or not: if the code under test made
/// it serial, a choice point, then a wait while another job of the run is inside one of its blocks; if concurrent, a
/// choice point, then a wait while another job is inside a barrier (or, for a barrier, inside any block). Returns the
/// section to pass to `harness_locks_queue_leave` once the real call returns (-1: none recorded, as everywhere else).
__attribute__((visibility("hidden"))) long harness_locks_queue_enter(void *queue, int barrier);
__attribute__((visibility("hidden"))) void harness_locks_queue_leave(void *queue, long section);
/// An `async` submission to `queue`: a choice point at its entry when it is a counted concurrent queue (Locks.c).
__attribute__((visibility("hidden"))) void harness_locks_queue_submit(void *queue);
/// A job of a seeded run waits on Dispatch semaphore `semaphore` until `timeout` (Dispatch's), `delay` nanoseconds of
/// the run's clock (`semaphore_delay`): a choice point if the code under test made it with a count, then a look; if
/// it cannot be taken and another job of the run could go on, a wait in the run (Locks.c). Returns 1 with the wait's
/// answer in `result`; 0 where the library's wait is to be made, as everywhere else.
__attribute__((visibility("hidden"))) int harness_locks_semaphore_wait(void *semaphore, uint64_t timeout, int64_t delay,
                                                                      long *result);
/// A job of a seeded run waits on `condition` with counted `mutex`, held once, for `delay` nanoseconds of the run's
/// clock (-1: for ever; -2 a deadline on a clock the run does not keep): a wait in the run while another job could go on
/// (Locks.c). Returns 1 with the wait's answer in `result` (the mutex held again); 0 where the library's wait is to be
/// made, as everywhere else.
__attribute__((visibility("hidden"))) int harness_locks_cond_wait(pthread_cond_t *condition, pthread_mutex_t *mutex,
                                                                  int64_t delay, int *result);
/// A job of a seeded run waits for Dispatch group `group` until `timeout` (Dispatch's), `delay` nanoseconds of the run's
/// clock: a look, then, if it is not empty, a wait in the run while another job could go on (Locks.c). Returns 1 with
/// the wait's answer in `result`; 0 where the library's wait is to be made.
__attribute__((visibility("hidden"))) int harness_locks_group_wait(void *group, uint64_t timeout, int64_t delay,
                                                                   long *result);
/// A signal (`all` 0) or broadcast of `condition`, from any thread: owed to jobs waiting on it in a run (Locks.c).
__attribute__((visibility("hidden"))) void harness_locks_cond_signal(const void *condition, int all);

#endif
