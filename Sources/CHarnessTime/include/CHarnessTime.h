#ifndef CHARNESSTIME_H
#define CHARNESSTIME_H

#include <spawn.h>
#include <stdint.h>

/// Makes the monotonic clocks read `nanoseconds` on the calling thread only, until
/// `harness_virtual_time_end` (what `ContinuousClock.now` and `SuspendingClock.now` read there), and the wall
/// clocks (CLOCK_REALTIME and its kin, `gettimeofday`, `time`: what `Date()` reads) `wall_nanoseconds` since 1970, or
/// real time for -1. Returns 1 where the package's `clock_gettime` is the one the runtime calls, 0 where it is not.
int harness_virtual_time_begin(int64_t nanoseconds, int64_t wall_nanoseconds);

/// Gives the calling thread its real clocks back.
void harness_virtual_time_end(void);

/// Whether the calling thread reads virtual time now.
int harness_virtual_time_is_on(void);


/// A thread's wait for a CPU so far, in nanoseconds, read from `descriptor` (its open `/proc/self/task/<tid>/schedstat`,
/// "<cpu> <wait> <slices>": the second number), or -1.
int64_t harness_cpu_wait(int descriptor);

/// From now on, each read of the monotonic clocks on the calling thread notes how long the thread had waited for a
/// CPU so far, read from `schedstat_descriptor` (its open `/proc/self/task/<tid>/schedstat`): a strict run's thread,
/// inside a job, so that a deadline the runtime computed from such a read (`Task.sleep(for:)`) can be placed on the
/// run's clock as of the moment it was read, however long the thread then waited before the timer reached the harness.
void harness_clock_reads_begin(int schedstat_descriptor);

/// Stops noting reads on the calling thread (what was noted stays); returns the descriptor it noted from, or -1.
int harness_clock_reads_end(void);

/// The wait for a CPU, in nanoseconds, noted at the calling thread's last noted read of the continuous clock
/// (`continuous` 1: CLOCK_BOOTTIME, what `ContinuousClock` reads) or the suspending one (0: CLOCK_MONOTONIC), or -1
/// if none was noted on this thread (or reads cannot be noted here).
int64_t harness_wait_at_clock_read(int continuous);

/// The time that same read gave, in nanoseconds of the clock read (CLOCK_BOOTTIME or CLOCK_MONOTONIC), or -1.
int64_t harness_time_at_clock_read(int continuous);

/// How far CLOCK_BOOTTIME is ahead of CLOCK_MONOTONIC (the time the machine was suspended), in nanoseconds; 0 where
/// the two are not told apart.
int64_t harness_suspended_nanoseconds(void);

/// Marks the calling thread as running (1) or no longer running (0) a main-actor job of a harness run: there
/// `dispatchPrecondition(condition: .onQueue(.main))` holds, as it does on the main actor it stands for (Linux).
void harness_main_actor_job(int running);

/// Marks the calling thread as owned by `executor` (a harness executor, unretained), or by none for NULL.
void harness_bind_executor(void *executor);

/// The executor that owns the calling thread, or NULL.
void *harness_bound_executor(void);

/// The calling thread's kernel id (Linux), or 0.
int harness_thread_id(void);

/// The real continuous clock in nanoseconds, whatever this thread reads (CLOCK_BOOTTIME on Linux, CLOCK_MONOTONIC
/// elsewhere, where the standard clocks are never virtual).
int64_t harness_real_monotonic_nanoseconds(void);

/// The real wall clock (CLOCK_REALTIME) in nanoseconds since 1970, whatever this thread reads.
int64_t harness_real_wall_nanoseconds(void);

/// A real monotonic clock read cheaply, to a tick of the kernel's (4 ms here; CLOCK_MONOTONIC_COARSE on Linux, the
/// precise clock elsewhere): for when a job started, which the watchdog compares with limits of hundreds of ms.
int64_t harness_coarse_monotonic_nanoseconds(void);

/// Lets the calling thread run only on CPU `cpu` (or, for -1, the one it runs on now); returns the CPU, or -1.
/// For the harness's own tests, which starve a harness thread on purpose (Linux).
int harness_pin_to_current_cpu(int cpu);

/// The CPU time the calling thread has used, in nanoseconds (Linux), or -1.
int64_t harness_thread_cpu_nanoseconds(void);

/// Makes a child started with `actions` close every descriptor from 3 up as it starts, so that it holds none of its
/// parent's pipes; after it, `actions` may still open 0, 1 and 2. Returns 0, or -1 where the C library cannot (then
/// the child inherits what is not close-on-exec).
int harness_spawn_close_inherited(posix_spawn_file_actions_t *actions);

/// Counts one run under a seeded schedule (a seed, PCT, a replayed interleaving): what HARNESS_SEED and
/// HARNESS_SCHEDULE replace. A plain counter in C, so that a check at the process's exit can read it.
void harness_count_seeded_run(void);

/// The runs `harness_count_seeded_run` counted in this process.
int64_t harness_seeded_runs(void);


// Work a run hands outside its thread (OutsideWork.c): Dispatch blocks and threads, followed.

/// What a piece of outside work is.
enum {
    /// A block or function handed to a Dispatch queue (`async`, a barrier, a group).
    HARNESS_OUTSIDE_DISPATCH = 1,
    /// One handed to Dispatch for later (`asyncAfter`).
    HARNESS_OUTSIDE_AFTER = 2,
    /// One Dispatch runs when a group is done (`notify`).
    HARNESS_OUTSIDE_NOTIFY = 3,
    /// A thread the run started.
    HARNESS_OUTSIDE_THREAD = 4,
    /// A Dispatch timer source the run made (until it is cancelled).
    HARNESS_OUTSIDE_SOURCE = 5,
    /// A task of the run handed to an executor that is not the harness's, until its job has run there.
    HARNESS_OUTSIDE_EXECUTOR = 6,
    /// A thread the run did not start that ran a job of the run for such an executor, and may run more.
    HARNESS_OUTSIDE_ADOPTED = 7,
    /// A thread a run woke (it signalled the condition or semaphore the thread waited on), until it waits again.
    HARNESS_OUTSIDE_WOKEN = 8,
    /// A Dispatch read source the run made (until it is cancelled): it fires when its descriptor can be read.
    HARNESS_OUTSIDE_READ_SOURCE = 9,
    /// A firing of a Dispatch data source the run made, handed to its queue by the run that merged its data.
    HARNESS_OUTSIDE_SOURCE_FIRING = 10,
};

/// How OutsideWork.c tells a run about its outside work; `run` is the run's opaque pointer.
typedef struct harness_outside_callbacks {
    /// A piece of work of `kind` (for a queue labelled `label`) is handed out: its serial number, or 0 if the run
    /// does not follow it (it is over).
    uint64_t (*begin)(void *run, int kind, const char *label);
    /// It started on thread `thread`; returns 1 and the run's time in `now` (as the monotonic clocks read it) and
    /// `wall` (as the wall clock reads it) if the thread is to read the run's time, 0 otherwise.
    int (*started)(void *run, uint64_t serial, int thread, int64_t *now, int64_t *wall);
    /// It ended.
    void (*ended)(void *run, uint64_t serial);
    /// A delayed submission of `item`, `delay` nanoseconds of the run's time from now: returns 1 if the run set a
    /// timer for it (it then calls `harness_outside_submit(item)` when the timer fires), 0 to leave it to Dispatch.
    int (*after)(void *run, uint64_t serial, int64_t delay, void *item);
    /// A thread working for the run sleeps `nanoseconds`: returns 1 once the run's clock has passed them (and the
    /// run's time in `now` and `wall`), 0 to leave the sleep to the system.
    int (*sleep)(void *run, uint64_t serial, int64_t nanoseconds, int64_t *now, int64_t *wall);
    /// The harness thread, inside a job, hands `item` to Dispatch: returns 1 if the run keeps it until the job has
    /// run to its next suspension (it then calls `harness_outside_submit(item)`), 0 to submit it now.
    int (*hold)(void *run, uint64_t serial, void *item);
    /// The same for a thread the harness thread starts inside a job: returns 1 if it is to wait for
    /// `harness_outside_open_thread(item)` before it runs.
    int (*hold_thread)(void *run, uint64_t serial, void *item);
    /// A timer source's timer is set and it runs: due in `delay` nanoseconds of the run's time and every `interval`
    /// after (-1: once), the run calling `harness_outside_fire_source(item)` each time; or, with `delay` -1, on
    /// Dispatch's real clock (it will fire: outside work under way); with `delay` -2, its timer is gone; with `delay` -3,
    /// a read source runs: it fires whenever `harness_outside_source_ready(item)` says its descriptor can be read.
    void (*arm_source)(void *run, uint64_t serial, int64_t delay, int64_t interval, void *item);
    /// A timer or read source's handler ran; `last` if its timer does not repeat.
    void (*source_fired)(void *run, uint64_t serial, int last);
    /// The harness thread, inside a job, is about to wait for another thread: let held work go now.
    void (*release_held)(void *run);
    /// Task `task` of the run hops to `executor` (an object, of a type defined outside the Swift runtime), which may
    /// be none of the harness's: returns the serial number of the piece of outside work the task is until its job
    /// has run there, or 0 if the run does not follow it (then `never` is set to 1 if no hop to an executor of that
    /// type is ever followed: the harness's own).
    uint64_t (*handed)(void *run, void *executor, void *task, int *never);
    /// The job of piece `serial`, a task handed to an executor, has run on thread `thread` (`threads_run`: a thread
    /// that was working for the run already): the piece ends. Returns the serial number of the piece the thread is
    /// from now on, if the run follows it (the task stayed with that executor), or 0.
    uint64_t (*handed_job_ran)(void *run, uint64_t serial, int thread, int threads_run);
    /// A thread the run follows since it ran the run's work (piece `serial`) is about to run another job: returns 1
    /// if that job is the run's work too (it goes on following the thread), 0 if it no longer follows it.
    int (*adopted_job)(void *run, uint64_t serial);
    /// The harness thread, inside a job, handed a task to an executor (piece `serial`): returns 1 if the run keeps
    /// its job from running there until the job that handed it has run to its next suspension (it then calls
    /// `harness_foreign_open(item)`), 0 to let it run at once.
    int (*hold_hand_off)(void *run, uint64_t serial, void *item);
    /// The harness thread, inside a job, signals a condition or semaphore another thread waits on (piece `serial`, the
    /// thread it wakes), or a semaphore nobody waits on yet (`serial` 0: who it wakes is decided when it is sent):
    /// returns 1 if the run holds the signal until the job has run to its next suspension (it then
    /// calls `harness_wake_send(item)`), 0 to send it now.
    int (*hold_signal)(void *run, uint64_t serial, void *item);
    /// A task on a thread working for the run hops to, or is made to start on, the default actor `actor` (an actor
    /// with no executor of its own: it runs wherever the task holding it runs), which may then run a task of another
    /// run in progress on this run's thread, or this run's task on another's.
    void (*actor_used)(void *run, void *actor);
} harness_outside_callbacks;

/// Sets the callbacks (once; they live for the process).
void harness_outside_set_callbacks(const harness_outside_callbacks *callbacks);

/// Marks the calling thread as running a job of `run` (the harness thread), until `harness_job_run_end`.
void harness_job_run_begin(void *run);
void harness_job_run_end(void);

/// The run the calling thread does outside work for, and the serial number of that work (0 and NULL if none).
void *harness_helper_run(void);
uint64_t harness_helper_serial(void);

/// Hands an item to Dispatch now (its run's timer fired, or the job that made it ended).
void harness_outside_submit(void *item);

/// Lets a thread the run held start.
void harness_outside_open_thread(void *item);

/// Sends a timer source's handler to its queue (its timer of the run's fired).
void harness_outside_fire_source(void *item);


/// Whether a read source's handler is due now: it runs, has a handler, and its descriptor can be read (or is at its end).
int harness_outside_source_ready(void *item);

// Repeating timer sources made while a lazy global was initialised: they live as long as the process (OutsideWork.c).

/// Parks every such source `run` follows, at the run's end or when it gives them back: no firing of one runs until a
/// later run adopts it (Dispatch's own timer disarmed; a firing on its way waited for, a bounded while). Writes their
/// serial numbers in the run (up to `max`); returns how many.
int harness_outside_park_sources(void *run, uint64_t *serials, int max);
/// The parked sources whose global the calling thread's run used (`harness_static_touched`), oldest parked first (up to
/// `max`); returns how many.
int harness_outside_parked_sources(void **items, int max);
/// Hands parked source `item` to `run` as its outside work `serial`, its timer the run's to set; writes its interval
/// (nanoseconds) and the serial it had. Returns the run it was parked by, whose hold (`begin`'s) the caller lets go.
void *harness_outside_adopt_source(void *item, void *run, uint64_t serial, int64_t *interval, uint64_t *old_serial);
/// The label of the source's queue.
const char *harness_outside_source_label(void *item);
/// Whether the source was made while a lazy global was initialised.
int harness_outside_source_process_lived(void *item);

/// Lets a task the run handed to an executor run there (ForeignExecutors.c).
void harness_foreign_open(void *item);

/// A run began: what threads remember of the default actors their runs used is stale (a new run may have the address
/// of an ended one).
void harness_actor_notes_forget(void);

/// Sends a signal the run held (Wakes.c): the serial number of the piece of work it made then (a thread waiting for a
/// semaphore signalled when nobody waited yet), or 0.
uint64_t harness_wake_send(void *item);

// Locks of the code under test as choice points (Locks.c).

/// How Locks.c tells a run about a counted mutex, on a worker thread of the run inside a job; `run` is the run's opaque
/// pointer, `mutex` the mutex.
typedef struct harness_lock_callbacks {
    /// The job is about to lock `mutex`: a choice point. Returns when the job is to go on (at once, or once the
    /// schedule picks it again).
    void (*point)(void *run, void *mutex);
    /// `mutex` is held by thread `holder` (its kernel id, as the C library records it): if that is a worker of the run,
    /// the job waits until it is released and the schedule picks it again, and 1 is returned; 0 if the holder is a
    /// thread outside the run (the job then waits for it in the library, as a job that blocks does).
    int (*busy)(void *run, void *mutex, int holder);
    /// The job released `mutex`, which a job waits for (`harness_locks_mark_waiting`): the waiters are ready.
    void (*released)(void *run, void *mutex);
    /// The job took `mutex` after `point` or `busy` was called for this lock (never on a lock with no choice, so a
    /// lock that does not switch costs no call): the timeline's "takes lock n".
    void (*taken)(void *run, void *mutex);
    /// A `Synchronization.Mutex` whose word is at `word` is held by thread `holder` (the kernel id the word keeps): as
    /// `busy`, but the job is ready again once the schedule sees the word free (its unlock is inline: nothing calls).
    int (*mutex_busy)(void *run, void *word, int holder);
    /// The job waits on Dispatch semaphore `semaphore`, which it could not take at once, for `delay` nanoseconds of the
    /// run's clock (-1: for ever): if another job of the run could go on, it waits in the run until the semaphore is
    /// taken for it (1) or its time runs out (2); 0 if nothing else of the run can move (it then waits in the library,
    /// where a thread outside the run may signal it).
    int (*semaphore_busy)(void *run, void *semaphore, int64_t delay);
    /// The job waits on `object` for `delay` nanoseconds of the run's clock (-1: for ever), `kind` 1 a condition (its
    /// mutex released), 2 a Dispatch group: as `semaphore_busy`, 1 once the run saw it answered (a signal owed to it
    /// taken, `harness_cond_take`; the group empty, `harness_group_try`), 2 once its time ran out, 0 if nothing else of
    /// the run can move (it then waits in the library).
    int (*wait_in_run)(void *run, void *object, int64_t delay, int kind);
} harness_lock_callbacks;

/// Sets the callbacks (once; they live for the process).
void harness_locks_set_callbacks(const harness_lock_callbacks *callbacks);

/// While `on` (nested), mutexes made on the calling thread are the harness's own: never choice points.
void harness_locks_seal(int on);

/// The calling thread runs a job of `run` whose counted locks are choice points, until `harness_locks_job_end`:
/// `others` is where the run keeps how many candidates it has besides the running job (no choice point while 0),
/// `task` the runtime id of the job's task (recorded as a lock's holder).
void harness_locks_job_begin(void *run, const int *others, uint64_t task);
/// The running job is handing its task to an executor that is not the harness's (ForeignExecutors.c): until the job
/// ends, no lock is a choice point and a held one is waited for in the library (a pause would leave the hop half done,
/// the task in flight, and the run waiting for it).
void harness_locks_in_hop(void);
/// Marks whether a job waits for `mutex` (its unlock then calls `released`).
void harness_locks_mark_waiting(const void *mutex, int on);
/// The task id of the job holding counted `mutex`, or 0.
uint64_t harness_locks_holder(const void *mutex);
void harness_locks_job_end(void);
/// The run whose job the calling thread runs, where a choice point may pause it (not inside the harness's own calls,
/// nor in a hop to another executor); NULL elsewhere.
void *harness_locks_job_run(void);
/// A `Synchronization.Mutex`'s word, read atomically: 0 when it is free.
uint32_t harness_mutex_word(const void *word);
/// The kernel id of the thread holding a `Synchronization.Mutex` by its word (0: free, or held in a state only the
/// kernel sorts out).
int harness_mutex_holder(const void *word);

/// How many mutexes were counted as the code under test's since the process began; whether `mutex` is one now.
int64_t harness_locks_counted(void);
int harness_locks_is_counted(const void *mutex);
/// How many of those were static mutexes no init saw, counted at their first lock in a job.
int64_t harness_locks_counted_static(void);
/// How many serial Dispatch queues were counted as the code under test's (their `sync` a lock) since the process
/// began; whether `queue` is one now.
int64_t harness_locks_queues_counted(void);
int harness_locks_is_counted_queue(const void *queue);
/// How many `pthread_rwlock_t`s were counted as the code under test's since the process began (of those, how many were
/// static ones no init saw, counted at their first lock in a job); whether `rwlock` is one now.
int64_t harness_locks_rwlocks_counted(void);
int64_t harness_locks_rwlocks_counted_static(void);
int harness_locks_is_counted_rwlock(const void *rwlock);
/// How many Dispatch semaphores made with a count of one or more were counted as the code under test's (the entry of a
/// wait on one in a job is a choice point) since the process began; whether `semaphore` is one now.
int64_t harness_locks_semaphores_counted(void);
int harness_locks_is_counted_semaphore(const void *semaphore);
/// Takes Dispatch semaphore `semaphore` if it can be taken now, with the library's own call: 0 if taken.
long harness_semaphore_try(void *semaphore);
/// Takes a signal owed to a job waiting in the run on `condition`, if one is: 1 if taken.
int harness_cond_take(const void *condition);
/// Whether Dispatch group `group` is empty now, with the library's own look: 0 if it is.
long harness_group_try(void *group);
/// The task ids of the jobs holding counted `lock` (a reader-writer lock's readers, or its writer; a mutex's or queue's
/// holder), at most `max`, each once; returns how many.
int harness_locks_holders(const void *lock, uint64_t *tasks, int max);

/// Marks a static `pthread_mutex_t` of the harness's own C files: it shares the program's image with the code under
/// test's statics, and is never a choice point (Locks.c keeps this section out).
#if defined(__linux__)
#define HARNESS_OWN_MUTEX __attribute__((section("harness_own_mutexes")))
#else
#define HARNESS_OWN_MUTEX
#endif
/// How many lock calls were choice points so far.
int64_t harness_locks_points(void);

/// A worker's baton: a thread waits on its own until another posts it.
typedef struct harness_baton harness_baton;
harness_baton *harness_baton_make(void);
void harness_baton_wait(harness_baton *baton);
void harness_baton_post(harness_baton *baton);

/// Starts a detached thread (8 MiB of stack) running `body(context)`, with the C library's own `pthread_create`.
int harness_worker_start(void (*body)(void *), void *context);
/// Ends the calling thread where it is, if `harness_worker_start` made it: in the kernel, at once — nothing above
/// this call runs again, nothing unwinds, no thread-local destructor runs, its stack stays mapped, every lock it holds
/// stays held. Returns (doing nothing) on any other thread. See `OneThreadExecutor.endParked` for when it is safe.
void harness_worker_end(void);
/// The worker object of the calling thread (set by the harness), or NULL.
void harness_worker_set(void *worker);
void *harness_worker_get(void);

// A harness thread's state (ThreadState.c): what a thread kept between runs must not carry from one to the next.

/// One bit per piece of the harness's thread-local state that differs from its default (`harness_thread_state`).
enum {
    /// Bound to a run (`harness_bind_executor`).
    HARNESS_THREAD_BOUND = 1 << 0,
    /// Reads virtual time.
    HARNESS_THREAD_VIRTUAL_TIME = 1 << 1,
    /// Notes its waits at clock reads, or still keeps a read it noted.
    HARNESS_THREAD_CLOCK_READS = 1 << 2,
    /// Runs a main-actor job.
    HARNESS_THREAD_MAIN_ACTOR_JOB = 1 << 3,
    /// Runs a job of a run (OutsideWork.c's `job_run`).
    HARNESS_THREAD_JOB_RUN = 1 << 4,
    /// Works for a run as its outside work (`helper_run`, `helper_serial`).
    HARNESS_THREAD_HELPER = 1 << 5,
    /// Inside one of the library functions OutsideWork.c stands in for.
    HARNESS_THREAD_INSIDE_LIBRARY = 1 << 6,
    /// A run's worker (`harness_worker_set`).
    HARNESS_THREAD_WORKER = 1 << 7,
    /// Its locks are a run's choice points, or it is inside Locks.c's own calls or seal.
    HARNESS_THREAD_LOCKS = 1 << 8,
    /// Its CPU affinity differs from the process's, or its signal mask or priority from its birth's (code under test,
    /// or the thread it was made from, changed them); not reset, as what was wanted cannot be known.
    HARNESS_THREAD_CHANGED = 1 << 9,
};

/// Notes the calling thread's signal mask and priority as it starts, and the process's CPU affinity, for
/// `HARNESS_THREAD_CHANGED`.
void harness_thread_birth(void);

/// The calling thread's harness state: a `HARNESS_THREAD_` bit for each piece not at its default; 0 on a clean thread.
uint32_t harness_thread_state(void);

/// Puts every piece of the calling thread's harness state that can be put back to its default (all but
/// `HARNESS_THREAD_CHANGED`). Only on a thread between runs, never inside a job.
void harness_thread_reset(void);

// The process's scratch folder (ScratchFolder.c).

/// Removes the folder at `path` and all it holds when this process exits (`exit`, or a return from `main`; not in a
/// child forked from it). Called once, when the folder is made.
void harness_scratch_remove_at_exit(const char *path);

/// How many initialisers of lazy globals or `static let`s run on the calling thread now (StaticInit.c; 0 where
/// `swift_once` cannot be followed).
int harness_static_init_depth(void);
/// The predicate of the innermost initialiser running on the calling thread (NULL if none).
void *harness_static_init_predicate(void);
/// Watches `predicate`: from now on each run notes whether it used that global (`harness_static_touched`).
void harness_static_watch(void *predicate);
/// Whether the run the calling thread works for used the watched global `predicate`.
int harness_static_touched(void *predicate);
/// Where the calling thread notes the watched globals it uses: `word`, a zeroed 64-bit word of the run it works for
/// (every thread of the run the same, as long as it is bound to the run; a bit per watched global), or NULL.
void harness_static_touches_into(void *word);

#endif
