// A run's task handed to an executor that is not the harness's: followed from the hand-off until its job has run there.
//
// An actor whose `unownedExecutor` is a custom `SerialExecutor` (a database's thread, a logger's queue), or a task that
// prefers a `TaskExecutor` of the program's own, runs its jobs wherever that executor says: often a thread made before
// the run, which the run never saw start. The task is the run's all the same, and until its job has run there it is
// in flight: a quiet run that did not know it would call the wait a deadlock. Two doors of the runtime show it:
// - `swift_task_switch`, which compiled async code calls to hop to another executor: on a thread working for a run,
//   a hop to an executor that is neither generic, nor a default actor, nor the harness's own is a hand-off, told to
//   the run (`handed`) before the runtime enqueues the task there;
// - `swift_job_run` and its task-executor forms, which an executor calls to run a job (`runSynchronously`): on a
//   thread that is not a harness thread, a job the table below knows is the run's work, and the thread works for the
//   run while it runs it (its enqueues go to the run, its clock reads are the run's time under a seeded schedule),
//   however long ago the thread was made.
// The first door also shows a task going to a default actor (one with no executor of its own), as do the creation of
// a task that starts on one (`swift_task_create`) and an isolated deinit that runs on one
// (`swift_task_deinitOnExecutor`): each is told to the run (`actor_used`), for the runs that share an actor to be told
// apart (RunRegistry).
// Defined here, these are what the program's own code (and every library but the Swift runtime itself, whose calls
// stay inside it) reaches; every other call passes to the runtime's function untouched.
//
// Linux only, as OutsideWork.c: elsewhere the harness follows none of this.

#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CHarnessTime.h"

#if defined(__linux__)
#include "OutsideWorkShared.h"

#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/// The harness executor that owns the calling thread (CHarnessTime.c), or NULL.
void *harness_bound_executor(void);

/// An executor as the runtime passes it (`SerialExecutorRef`, `TaskExecutorRef`): the executor object, and its witness
/// table with kind bits in the low ones. A generic executor has no object; a default actor no witness table.
typedef struct {
    void *identity;
    uintptr_t implementation;
} executor_ref;

typedef void *(*get_current_t)(void) __attribute__((swiftcall));
typedef executor_ref (*get_preferred_t)(void) __attribute__((swiftcall));
typedef void (*task_switch_t)(__attribute__((swift_async_context)) void *context, void *resume, void *identity,
                              uintptr_t implementation) __attribute__((swiftasynccall));
typedef void (*job_run_t)(void *job, void *identity, uintptr_t implementation) __attribute__((swiftcall));
typedef void (*job_run_both_t)(void *job, void *serial_identity, uintptr_t serial_implementation, void *task_identity,
                               uintptr_t task_implementation) __attribute__((swiftcall));

/// The runtime's own function `name`, found once.
static void *runtime_function(const char *name, void *_Atomic *cache) {
    void *found = atomic_load_explicit(cache, memory_order_acquire);
    if (found == NULL) {
        found = dlsym(RTLD_NEXT, name);
        atomic_store_explicit(cache, found, memory_order_release);
    }
    return found;
}

#define RUNTIME(type, name)                                                          \
    static void *_Atomic runtime_##name = NULL;                                      \
    static type runtime_##name##_fn(void) { return (type)runtime_function(#name, &runtime_##name); }

RUNTIME(get_current_t, swift_task_getCurrent)
RUNTIME(get_preferred_t, swift_task_getPreferredTaskExecutor)
RUNTIME(get_preferred_t, swift_task_getCurrentExecutor)
RUNTIME(task_switch_t, swift_task_switch)
RUNTIME(job_run_t, swift_job_run)
RUNTIME(job_run_t, swift_job_run_on_task_executor)
RUNTIME(job_run_both_t, swift_job_run_on_serial_and_task_executor)

/// The runtime's id of the task `job` is (the `Job` header's `Id`, as `OneThreadExecutor.taskID` reads it).
static uint32_t task_id(void *job) { return *(uint32_t *)((char *)job + 36); }

// MARK: The hand-offs in flight

/// A task handed to a foreign executor, until a thread runs its job: whose work it is, and the piece it is. `open`
/// once its job may run: a hand-off made inside a job of the harness thread waits for that job to run to its next
/// suspension, as Dispatch work it hands out does (`offer` in OutsideWork.c), so that it never races the rest of the job.
/// `refs`: the list (then the thread that takes it) and, while it is held, the run; the last one frees it.
typedef struct hand_off {
    void *job;
    uint32_t id;
    void *run;
    uint64_t serial;
    _Atomic int open;
    _Atomic int refs;
    struct hand_off *next;
} hand_off;

/// The hand-offs not yet taken, newest first (few at a time: a list behind a lock), and how many (read without it).
static hand_off *hand_offs = NULL;
HARNESS_OWN_MUTEX static pthread_mutex_t hand_offs_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic int hand_off_count = 0;
/// Where threads wait for a held hand-off to open.
HARNESS_OWN_MUTEX static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_opened = PTHREAD_COND_INITIALIZER;
/// Task creations on a run's threads under way whose task goes to a foreign executor: the runtime enqueues the task
/// before its creator can keep the hand-off, so a thread about to run a job it does not know waits for these first,
/// with no bound in tries or time: a creation has only the runtime's enqueue and the keeping left, neither of which
/// waits for another thread, so the wait ends (a bound would be a wall clock deciding whether the job is followed).
static _Atomic int creating = 0;
/// This thread's own creations under way: an executor whose enqueue runs the job at once runs it on the creator's
/// thread, which must not wait for itself.
static __thread int creating_here = 0;

/// Drops one hold on `kept`, freeing it with the last.
static void drop(hand_off *kept) {
    if (atomic_fetch_sub_explicit(&kept->refs, 1, memory_order_acq_rel) == 1) free(kept);
}

/// Keeps a hand-off of `job` to `run` as piece `serial`; from inside a job of the harness thread, the run holds it
/// until that job has run to its next suspension.
static void keep_hand_off(const harness_outside_callbacks *set, void *job, void *run, uint64_t serial) {
    hand_off *kept = malloc(sizeof *kept);
    if (kept == NULL) return;
    kept->job = job;
    kept->id = task_id(job);
    kept->run = run;
    kept->serial = serial;
    atomic_init(&kept->open, 1);
    atomic_init(&kept->refs, 1);
    if (job_run != NULL && set->hold_hand_off != NULL) {
        atomic_store_explicit(&kept->open, 0, memory_order_relaxed);
        atomic_store_explicit(&kept->refs, 2, memory_order_relaxed);
        inside_library++;
        int held = set->hold_hand_off(run, serial, kept);
        inside_library--;
        if (!held) {
            atomic_store_explicit(&kept->open, 1, memory_order_relaxed);
            atomic_store_explicit(&kept->refs, 1, memory_order_relaxed);
        }
    }
    pthread_mutex_lock(&hand_offs_lock);
    kept->next = hand_offs;
    hand_offs = kept;
    atomic_fetch_add_explicit(&hand_off_count, 1, memory_order_release);
    pthread_mutex_unlock(&hand_offs_lock);
}

void harness_foreign_open(void *pointer) {
    hand_off *kept = pointer;
    pthread_mutex_lock(&gate_lock);
    atomic_store_explicit(&kept->open, 1, memory_order_release);
    pthread_cond_broadcast(&gate_opened);
    pthread_mutex_unlock(&gate_lock);
    drop(kept);
}

/// Takes the hand-off of `job`, if one is kept (the newest); NULL otherwise.
static hand_off *find_hand_off(void *job) {
    if (atomic_load_explicit(&hand_off_count, memory_order_acquire) == 0) return NULL;
    uint32_t id = task_id(job);
    hand_off *found = NULL;
    pthread_mutex_lock(&hand_offs_lock);
    for (hand_off **link = &hand_offs; *link != NULL; link = &(*link)->next) {
        if ((*link)->job == job && (*link)->id == id) {
            found = *link;
            *link = found->next;
            atomic_fetch_sub_explicit(&hand_off_count, 1, memory_order_release);
            break;
        }
    }
    pthread_mutex_unlock(&hand_offs_lock);
    return found;
}

/// Takes the hand-off of `job` once it may run: waits for the creations under way on other threads to keep their
/// hand-offs first (the job may be one of theirs), and for a held one to open.
static hand_off *take_hand_off(void *job) {
    hand_off *found = find_hand_off(job);
    // Spun, not slept: a creator's keeping is a few instructions away. A condition-variable wait here gave another
    // schedule for a seed on 1-2 of 200 runs of group-children-on-task-executor, for a reason not yet found.
    while (found == NULL && creating_here == 0 && atomic_load_explicit(&creating, memory_order_acquire) > 0) {
        sched_yield();
        found = find_hand_off(job);
    }
    if (found == NULL || atomic_load_explicit(&found->open, memory_order_acquire)) return found;
    pthread_mutex_lock(&gate_lock);
    while (!atomic_load_explicit(&found->open, memory_order_acquire)) {
        inside_library++;
        pthread_cond_wait(&gate_opened, &gate_lock);
        inside_library--;
    }
    pthread_mutex_unlock(&gate_lock);
    return found;
}

// MARK: Which executors are followed

/// What is known of hops to executors of a type (by its metadata): never followed (the harness's own executors, and
/// the runtime's, whose jobs the runtime runs itself, out of sight of `swift_job_run` here), or followed unless the
/// run says otherwise. Few types: a short list, read without a lock.
enum { MAX_TYPES = 64 };
static struct {
    const void *_Atomic metadata;
    _Atomic int followed;
} known_types[MAX_TYPES];
static _Atomic int known_count = 0;
HARNESS_OWN_MUTEX static pthread_mutex_t known_lock = PTHREAD_MUTEX_INITIALIZER;

/// 1 if hops to executors of type `metadata` are followed, 0 if never, -1 if not known yet.
static int known_verdict(const void *metadata) {
    int count = atomic_load_explicit(&known_count, memory_order_acquire);
    for (int index = 0; index < count; index++) {
        if (atomic_load_explicit(&known_types[index].metadata, memory_order_relaxed) == metadata) {
            return atomic_load_explicit(&known_types[index].followed, memory_order_relaxed);
        }
    }
    return -1;
}

/// Notes what is known of type `metadata` (a full list forgets nothing, it only asks again).
static void know(const void *metadata, int followed) {
    pthread_mutex_lock(&known_lock);
    int count = atomic_load_explicit(&known_count, memory_order_relaxed);
    if (known_verdict(metadata) < 0 && count < MAX_TYPES) {
        atomic_store_explicit(&known_types[count].followed, followed, memory_order_relaxed);
        atomic_store_explicit(&known_types[count].metadata, metadata, memory_order_relaxed);
        atomic_store_explicit(&known_count, count + 1, memory_order_release);
    }
    pthread_mutex_unlock(&known_lock);
}

/// Whether `address` lies in the Swift concurrency runtime or in Dispatch (an executor type of theirs: the platform's
/// main and default executors, which run their jobs inside the runtime).
static int in_the_runtime(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0 || info.dli_fname == NULL) return 0;
    return strstr(info.dli_fname, "libswift_Concurrency") != NULL || strstr(info.dli_fname, "libdispatch") != NULL;
}

// MARK: Hops

/// The task executor this thread runs a job on now (the identity given to `swift_job_run_on_task_executor` or
/// `swift_job_run_on_serial_and_task_executor`; NULL under `swift_job_run`): on a thread that is not a harness thread,
/// what the runtime compares a task's preferred executor with to decide whether a hop must leave the thread.
static __thread void *running_task_executor = NULL;

/// Whether `identity` (an executor object) may be none of the harness's and none of the runtime's: a task handed to
/// it would be in flight until its job runs there. `run`: the run this thread works for.
static int may_be_foreign(void *run, void *identity) {
    if (identity == run || identity == harness_bound_executor()) return 0;
    // A Swift object's first word is its type's metadata.
    const void *metadata = *(const void *const *)identity;
    int verdict = known_verdict(metadata);
    if (verdict < 0 && in_the_runtime(metadata)) {
        know(metadata, 0);
        verdict = 0;
    }
    return verdict != 0;
}

/// Tells `run` its task `task` is handed to `identity`, and keeps the hand-off if the run follows it.
static void hand_off_to(const harness_outside_callbacks *set, void *run, void *identity, void *task) {
    const void *metadata = *(const void *const *)identity;
    int never = 0;
    inside_library++;
    uint64_t serial = set->handed(run, identity, task, &never);
    inside_library--;
    if (known_verdict(metadata) < 0) know(metadata, !never);
    if (serial != 0) keep_hand_off(set, task, run, serial);
    // From here to the job's end the runtime hands the task to that executor: its locks are no choice points there.
    if (serial != 0) harness_locks_in_hop();
}

// MARK: Default actors

/// A default actor runs its queue wherever the task holding it runs: a task of another run in progress that joins its
/// queue meanwhile is run on this run's thread, with no enqueue either run sees. So each run tells the registry every
/// default actor its tasks go to (`actor_used`), and two runs that both did are run again alone. Each thread remembers
/// the last few it told for its run, so a loop of hops to one actor costs a compare; `actor_notes_epoch` changes when
/// a run begins (which may have an ended run's address).
enum { REMEMBERED_ACTORS = 8 };
static _Atomic unsigned actor_notes_epoch = 1;
static __thread unsigned remembered_epoch = 0;
static __thread void *remembered_run = NULL;
static __thread void *remembered_actors[REMEMBERED_ACTORS];

void harness_actor_notes_forget(void) { atomic_fetch_add_explicit(&actor_notes_epoch, 1, memory_order_release); }

/// Tells `run` its task goes to default actor `actor`, unless this thread told it lately.
static void note_actor(const harness_outside_callbacks *set, void *run, void *actor) {
    unsigned epoch = atomic_load_explicit(&actor_notes_epoch, memory_order_acquire);
    // Swift objects are 16-byte aligned: the bits above those pick a slot.
    unsigned slot = (unsigned)((uintptr_t)actor >> 4) % REMEMBERED_ACTORS;
    if (remembered_epoch == epoch && remembered_run == run) {
        if (remembered_actors[slot] == actor) return;
    } else {
        memset(remembered_actors, 0, sizeof remembered_actors);
        remembered_epoch = epoch;
        remembered_run = run;
    }
    if (set->actor_used == NULL) return;
    inside_library++;
    set->actor_used(run, actor);
    inside_library--;
    remembered_actors[slot] = actor;
}

/// Whether a hop from this thread to `target` (`identity`, `implementation`) hands the current task to an executor
/// that is not the harness's; if so, tells the run. As the runtime's `swift_task_switch` decides: the task leaves the
/// thread unless the hop changes neither its actor nor its task executor; it goes to the new actor's executor, or for a
/// hop to no actor (generic) to its preferred task executor, if it has one, else to the default executor (the
/// harness's own, which keeps a run's work in the run).
static void note_hop(void *identity, uintptr_t implementation) {
    const harness_outside_callbacks *set = NULL;
    void *run = working_for(&set);
    if (run == NULL) return;
    if (identity != NULL && implementation == 0) {
        // A default actor: it runs where the task that holds it runs, perhaps another run's.
        note_actor(set, run, identity);
        return;
    }
    if (set->handed == NULL) return;
    void *current = runtime_swift_task_getCurrentExecutor_fn()().identity;
    void *destination = identity;
    if (identity == NULL) {
        void *preferred = runtime_swift_task_getPreferredTaskExecutor_fn()().identity;
        if (preferred == NULL) return;
        void *current_task_executor = job_run != NULL ? harness_bound_executor() : running_task_executor;
        if (current == NULL && current_task_executor == preferred) return;  // runs on in place
        destination = preferred;
    } else if (identity == current) {
        return;  // runs on in place
    }
    if (!may_be_foreign(run, destination)) return;
    void *task = runtime_swift_task_getCurrent_fn()();
    if (task != NULL) hand_off_to(set, run, destination, task);
}

__attribute__((swiftasynccall)) void swift_task_switch(__attribute__((swift_async_context)) void *context,
                                                       void *resume, void *identity, uintptr_t implementation) {
    if (job_run != NULL || helper_run != NULL) note_hop(identity, implementation);
    return runtime_swift_task_switch_fn()(context, resume, identity, implementation);  // a tail call
}

// MARK: Creations

/// A task-creation option record (`TaskOptionRecord`): its kind in the low byte of its flags, the next record, and
/// for the executor kinds the executor.
typedef struct option_record {
    size_t flags;
    struct option_record *parent;
    executor_ref executor;
} option_record;

/// The option kinds that name where a new task starts: a serial executor (an isolated closure's actor), a preferred
/// task executor (unowned, owned).
enum { OPTION_SERIAL_EXECUTOR = 0, OPTION_TASK_EXECUTOR_UNOWNED = 5, OPTION_TASK_EXECUTOR_OWNED = 6 };
/// The creation flag that asks the runtime to enqueue the new task at once (`TaskCreateFlags::Task_EnqueueJob`).
enum { CREATE_ENQUEUE_JOB = 1 << 12 };

/// The executor a new task made with `options` starts on, if the runtime enqueues it there now (`enqueued`: one started
/// in place never leaves the thread) and it may be a foreign one; NULL otherwise. A default actor it starts on is told
/// to the run (`note_actor`), however it starts.
static void *foreign_start(const harness_outside_callbacks *set, void *run, option_record *options, int enqueued) {
    void *serial = NULL, *task_executor = NULL;
    for (option_record *record = options; record != NULL; record = record->parent) {
        switch ((uint8_t)record->flags) {
        case OPTION_SERIAL_EXECUTOR:
            // Generic, or a default actor (no witness table): not foreign.
            if (record->executor.identity != NULL && record->executor.implementation != 0) serial = record->executor.identity;
            else serial = NULL;
            if (record->executor.identity != NULL && record->executor.implementation == 0) {
                note_actor(set, run, record->executor.identity);
            }
            break;
        case OPTION_TASK_EXECUTOR_UNOWNED:
        case OPTION_TASK_EXECUTOR_OWNED:
            task_executor = record->executor.identity;
            break;
        default:
            break;
        }
    }
    void *start = serial != NULL ? serial : task_executor;
    return enqueued && start != NULL && set->handed != NULL && may_be_foreign(run, start) ? start : NULL;
}

typedef struct {
    void *task;
    void *context;
} task_and_context;
typedef task_and_context (*task_create_t)(size_t flags, void *options, const void *result_type, void *entry,
                                          void *closure) __attribute__((swiftcall));
RUNTIME(task_create_t, swift_task_create)

__attribute__((swiftcall)) task_and_context swift_task_create(size_t flags, void *options, const void *result_type,
                                                              void *entry, void *closure) {
    const harness_outside_callbacks *set = NULL;
    void *run = (job_run != NULL || helper_run != NULL) && options != NULL ? working_for(&set) : NULL;
    void *start = run != NULL ? foreign_start(set, run, options, (flags & CREATE_ENQUEUE_JOB) != 0) : NULL;
    if (start == NULL) return runtime_swift_task_create_fn()(flags, options, result_type, entry, closure);
    // The runtime enqueues the task on its executor before it returns: a thread of that executor that picks it up
    // first waits for the hand-off below (`creating`).
    atomic_fetch_add_explicit(&creating, 1, memory_order_acq_rel);
    creating_here++;
    task_and_context made = runtime_swift_task_create_fn()(flags, options, result_type, entry, closure);
    hand_off_to(set, run, start, made.task);
    creating_here--;
    atomic_fetch_sub_explicit(&creating, 1, memory_order_acq_rel);
    return made;
}

// MARK: Isolated deinits

typedef void (*deinit_on_executor_t)(void *object, void *work, void *identity, uintptr_t implementation,
                                     size_t flags) __attribute__((swiftcall));
RUNTIME(deinit_on_executor_t, swift_task_deinitOnExecutor)

/// An `isolated deinit` of an object isolated to a default actor runs on that actor: as a job in its queue, if the
/// thread is not on it already, which a task of another run holding the actor then runs.
__attribute__((swiftcall)) void swift_task_deinitOnExecutor(void *object, void *work, void *identity,
                                                            uintptr_t implementation, size_t flags) {
    if ((job_run != NULL || helper_run != NULL) && identity != NULL && implementation == 0) {
        const harness_outside_callbacks *set = NULL;
        void *run = working_for(&set);
        if (run != NULL) note_actor(set, run, identity);
    }
    runtime_swift_task_deinitOnExecutor_fn()(object, work, identity, implementation, flags);
}

// MARK: Runs

/// The run that follows this thread since it ran a job of the run's for an executor not the harness's and a task of
/// the run stayed with that executor (retained), and the piece the thread is for it; NULL and 0 if none.
static __thread void *adopted_run = NULL;
static __thread uint64_t adopted_serial = 0;

/// What a thread did before it ran a job (on a thread that is not a harness thread): put back after.
typedef struct {
    /// The run and the piece, NULL if the job is none of a run's.
    void *run;
    uint64_t serial;
    /// Whether it was a handed-off task (else a job of a run that follows this thread), and whether the thread was
    /// working for that run already (a Dispatch block of the run's calling the job).
    int handed;
    int threads_run;
    working_state before;
    /// The task executor the thread ran a job on before (a job run inside another's).
    void *task_executor;
} foreign_run;

/// Before a job runs on a thread that is not a harness thread, on `task_executor` (NULL for none): if it is a run's
/// handed-off task, or the run follows this thread, the thread works for that run while it runs.
static foreign_run begin_foreign_run(void *job, void *task_executor) {
    foreign_run state = {NULL, 0, 0, 0, {0}, running_task_executor};
    if (inside_library || harness_bound_executor() != NULL) return state;
    if (!runs_swift_jobs) wakes_covered();
    running_task_executor = task_executor;
    if (atomic_load_explicit(&hand_off_count, memory_order_acquire) == 0 && adopted_run == NULL &&
        atomic_load_explicit(&creating, memory_order_acquire) == 0) return state;
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    hand_off *taken = take_hand_off(job);
    if (taken != NULL) {
        state.run = taken->run;
        state.serial = taken->serial;
        state.handed = 1;
        drop(taken);
    } else if (adopted_run != NULL) {
        inside_library++;
        int goes_on = set->adopted_job(adopted_run, adopted_serial);
        if (!goes_on) set->ended(adopted_run, adopted_serial);
        inside_library--;
        if (!goes_on) {
            adopted_run = NULL;
            adopted_serial = 0;
            return state;
        }
        state.run = adopted_run;
        state.serial = adopted_serial;
    } else {
        return state;
    }
    state.threads_run = helper_run == state.run;
    state.before = begin_working(set, state.run, state.serial);
    return state;
}

/// After it ran: the thread works for what it worked for before; a handed-off task's piece ends, and the run may
/// follow the thread from now on.
static void end_foreign_run(foreign_run state) {
    if (harness_bound_executor() == NULL) running_task_executor = state.task_executor;
    if (state.run == NULL) return;
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    end_working(state.before);
    if (!state.handed) return;
    inside_library++;
    uint64_t adoption = set->handed_job_ran(state.run, state.serial, (int)syscall(SYS_gettid), state.threads_run);
    if (adoption != 0 && (adopted_run != state.run || adopted_serial != adoption)) {
        if (adopted_run != NULL) set->ended(adopted_run, adopted_serial);
        adopted_run = state.run;
        adopted_serial = adoption;
    }
    inside_library--;
}

__attribute__((swiftcall)) void swift_job_run(void *job, void *identity, uintptr_t implementation) {
    foreign_run state = begin_foreign_run(job, NULL);
    runtime_swift_job_run_fn()(job, identity, implementation);
    end_foreign_run(state);
}

__attribute__((swiftcall)) void swift_job_run_on_task_executor(void *job, void *identity, uintptr_t implementation) {
    foreign_run state = begin_foreign_run(job, identity);
    runtime_swift_job_run_on_task_executor_fn()(job, identity, implementation);
    end_foreign_run(state);
}

__attribute__((swiftcall)) void swift_job_run_on_serial_and_task_executor(void *job, void *serial_identity,
                                                                         uintptr_t serial_implementation,
                                                                         void *task_identity,
                                                                         uintptr_t task_implementation) {
    foreign_run state = begin_foreign_run(job, task_identity);
    runtime_swift_job_run_on_serial_and_task_executor_fn()(job, serial_identity, serial_implementation, task_identity,
                                                           task_implementation);
    end_foreign_run(state);
}

#else

void harness_foreign_open(void *item) { (void)item; }
void harness_actor_notes_forget(void) {}

#endif
