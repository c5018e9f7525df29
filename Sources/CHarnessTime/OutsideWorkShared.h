// What OutsideWork.c shares with ForeignExecutors.c: which run a thread works for, and how it starts and stops working
// for one. Linux only; private to the target. The names are the files' own, given prefixed link names here so that
// nothing else linked into a program can clash with them.
#ifndef OUTSIDEWORKSHARED_H
#define OUTSIDEWORKSHARED_H

#include "CHarnessTime.h"

#define callbacks harness_ow_callbacks
#define job_run harness_ow_job_run
#define helper_run harness_ow_helper_run
#define helper_serial harness_ow_helper_serial
#define inside_library harness_ow_inside_library
#define working_for harness_ow_working_for
#define begin_working harness_ow_begin_working
#define end_working harness_ow_end_working

/// The callbacks into the run, set once by the harness.
extern __attribute__((visibility("hidden"))) _Atomic(const harness_outside_callbacks *) callbacks;
/// The run whose job this thread runs now (the harness thread, inside a job).
extern __attribute__((visibility("hidden"))) __thread void *job_run;
/// The run this thread works for, and the item it runs for it (a thread running work a run handed out).
extern __attribute__((visibility("hidden"))) __thread void *helper_run;
extern __attribute__((visibility("hidden"))) __thread uint64_t helper_serial;
/// Non-zero inside the library's own functions, called from here: what they do themselves is theirs.
extern __attribute__((visibility("hidden"))) __thread int inside_library;

/// The run this thread works for now, if any, and the callbacks to tell it with.
__attribute__((visibility("hidden"))) void *working_for(const harness_outside_callbacks **set);

/// What a thread worked for before it began a piece of a run's work: put back when the piece ends.
typedef struct {
    void *run;
    uint64_t serial;
    int virtual_on;
    int64_t virtual_nanoseconds;
} working_state;

/// Makes this thread work for `run`'s piece `serial`: what it enqueues goes to the run, and under a seeded schedule it
/// reads the run's time. Tells the run the piece started here, and returns what the thread worked for before.
__attribute__((visibility("hidden"))) working_state begin_working(const harness_outside_callbacks *set, void *run,
                                                                  uint64_t serial);

/// Puts back what the thread worked for before `begin_working`.
__attribute__((visibility("hidden"))) void end_working(working_state before);

#endif
