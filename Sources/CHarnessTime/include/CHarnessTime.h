#ifndef CHARNESSTIME_H
#define CHARNESSTIME_H

#include <stdint.h>

/// Makes the monotonic clocks read `nanoseconds` on the calling thread only, until
/// `harness_virtual_time_end` (what `ContinuousClock.now` and `SuspendingClock.now` read there).
/// Returns 1 where the package's `clock_gettime` is the one the runtime calls, 0 where it is not.
int harness_virtual_time_begin(int64_t nanoseconds);

/// Gives the calling thread its real clocks back.
void harness_virtual_time_end(void);

/// Whether the calling thread reads virtual time now.
int harness_virtual_time_is_on(void);


/// Marks the calling thread as running (1) or no longer running (0) a main-actor job of a harness run: there
/// `dispatchPrecondition(condition: .onQueue(.main))` holds, as it does on the main actor it stands for (Linux).
void harness_main_actor_job(int running);

/// The calling thread's kernel id (Linux), or 0.
int harness_thread_id(void);

/// The real continuous clock (CLOCK_BOOTTIME) in nanoseconds, whatever this thread reads (Linux), or 0.
int64_t harness_real_monotonic_nanoseconds(void);

/// Lets the calling thread run only on CPU `cpu` (or, for -1, the one it runs on now); returns the CPU, or -1.
/// For the harness's own tests, which starve a harness thread on purpose (Linux).
int harness_pin_to_current_cpu(int cpu);

/// The CPU time the calling thread has used, in nanoseconds (Linux), or -1.
int64_t harness_thread_cpu_nanoseconds(void);

/// Counts one run under a seeded schedule (a seed, PCT, a replayed interleaving): what HARNESS_SEED and
/// HARNESS_SCHEDULE replace. A plain counter in C, so that a check at the process's exit can read it.
void harness_count_seeded_run(void);

/// The runs `harness_count_seeded_run` counted in this process.
int64_t harness_seeded_runs(void);

#endif
