// Work a run hands to the world outside its thread: Dispatch blocks and threads, seen and followed.
//
// A scenario's job may hand work to Dispatch (`DispatchQueue.async`, `asyncAfter`, a group) or start a `Thread`;
// that work may later resume one of the run's tasks. The harness cannot run it, but it must know it is under way,
// or a quiet moment looks like a deadlock. Defined here, as `clock_gettime` is, these functions are what Swift's
// Dispatch overlay and Foundation reach (the executable's symbols come before the libraries'). On a thread working
// for a run — the harness thread inside a job, or a thread running work the run handed out — each submission is
// told to the run (`begin`) and wrapped, so that the run learns when it starts, on which thread, and when it ends,
// and the thread running it works for the run meanwhile (what it enqueues goes to the run, what it reads of the
// monotonic clocks is the run's time under a seeded schedule, and its sleeps are the run's timers there). Every other
// call, on every other thread, goes to the library's own function untouched.
//
// Linux only (Apple platforms resolve symbols by library): elsewhere the functions below are stubs.

#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CHarnessTime.h"

#if defined(__linux__)
#include "OutsideWorkShared.h"
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

extern __thread int virtual_on;
extern __thread int64_t virtual_nanoseconds;
extern __thread int64_t virtual_wall_nanoseconds;

/// The callbacks into the run, set once by the harness.
_Atomic(const harness_outside_callbacks *) callbacks = NULL;

void harness_outside_set_callbacks(const harness_outside_callbacks *set) {
    atomic_store_explicit(&callbacks, set, memory_order_release);
}

// Which run this thread works for (OutsideWorkShared.h says what each is).
__thread void *job_run = NULL;
__thread void *helper_run = NULL;
__thread uint64_t helper_serial = 0;
__thread int inside_library = 0;

void harness_job_run_begin(void *run) { job_run = run; }
void harness_job_run_end(void) { job_run = NULL; }
void *harness_helper_run(void) { return helper_run; }
uint64_t harness_helper_serial(void) { return helper_serial; }

void *working_for(const harness_outside_callbacks **set) {
    if (inside_library) return NULL;
    void *run = job_run != NULL ? job_run : helper_run;
    if (run == NULL) return NULL;
    *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    return *set != NULL ? run : NULL;
}

typedef void (*function_t)(void *);
typedef void (*async_f_t)(void *queue, void *context, function_t work);
typedef void (*async_t)(void *queue, void *block);
typedef void (*after_f_t)(uint64_t when, void *queue, void *context, function_t work);
typedef void (*after_t)(uint64_t when, void *queue, void *block);
typedef void (*group_async_f_t)(void *group, void *queue, void *context, function_t work);
typedef void (*group_async_t)(void *group, void *queue, void *block);
typedef uint64_t (*dispatch_time_fn_t)(uint64_t when, int64_t delta);
typedef const char *(*queue_label_t)(void *queue);
typedef void *(*block_copy_t)(const void *block);
typedef void (*block_release_t)(const void *block);
typedef int (*pthread_create_t)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
typedef int (*nanosleep_t)(const struct timespec *, struct timespec *);
typedef int (*clock_nanosleep_t)(clockid_t, int, const struct timespec *, struct timespec *);

REAL(async_f_t, dispatch_async_f)
REAL(async_t, dispatch_async)
REAL(async_t, dispatch_barrier_async)
REAL(after_t, dispatch_after)
REAL(group_async_t, dispatch_group_async)
REAL(group_async_t, dispatch_group_notify)
REAL(async_f_t, dispatch_barrier_async_f)
REAL(after_f_t, dispatch_after_f)
REAL(group_async_f_t, dispatch_group_async_f)
REAL(group_async_f_t, dispatch_group_notify_f)
REAL(dispatch_time_fn_t, dispatch_time)
REAL(queue_label_t, dispatch_queue_get_label)
REAL(pthread_create_t, pthread_create)
REAL(nanosleep_t, nanosleep)
REAL(clock_nanosleep_t, clock_nanosleep)

typedef void *(*source_create_t)(const void *type, uintptr_t handle, uintptr_t mask, void *queue);
typedef void (*set_handler_f_t)(void *source, function_t handler);
typedef void (*set_handler_t)(void *source, void *block);
typedef void (*set_timer_t)(void *source, uint64_t start, uint64_t interval, uint64_t leeway);
typedef void (*object_t)(void *object);
typedef void (*set_context_t)(void *object, void *context);
typedef void *(*get_context_t)(void *object);
REAL(source_create_t, dispatch_source_create)
REAL(set_handler_f_t, dispatch_source_set_event_handler_f)
REAL(set_handler_t, dispatch_source_set_event_handler)
REAL(set_timer_t, dispatch_source_set_timer)
REAL(object_t, dispatch_source_cancel)
REAL(object_t, dispatch_retain)
REAL(object_t, dispatch_release)
REAL(object_t, dispatch_group_enter)
REAL(object_t, dispatch_group_leave)
REAL(object_t, dispatch_resume)
REAL(object_t, dispatch_activate)
REAL(object_t, dispatch_suspend)
REAL(set_context_t, dispatch_set_context)
REAL(get_context_t, dispatch_get_context)
typedef void (*merge_data_t)(void *source, uintptr_t value);
typedef uintptr_t (*get_data_t)(void *source);
typedef intptr_t (*testcancel_t)(void *source);
typedef void *(*global_queue_t)(intptr_t identifier, uintptr_t flags);
REAL(merge_data_t, dispatch_source_merge_data)
REAL(get_data_t, dispatch_source_get_data)
REAL(testcancel_t, dispatch_source_testcancel)
REAL(global_queue_t, dispatch_get_global_queue)

/// The Blocks runtime's copy and release (libBlocksRuntime, which Dispatch brings), found once.
static block_copy_t block_copy(void) {
    static _Atomic(block_copy_t) found = NULL;
    block_copy_t copy = atomic_load_explicit(&found, memory_order_acquire);
    if (copy == NULL) {
        copy = (block_copy_t)dlsym(RTLD_DEFAULT, "_Block_copy");
        atomic_store_explicit(&found, copy, memory_order_release);
    }
    return copy;
}

static block_release_t block_release(void) {
    static _Atomic(block_release_t) found = NULL;
    block_release_t release = atomic_load_explicit(&found, memory_order_acquire);
    if (release == NULL) {
        release = (block_release_t)dlsym(RTLD_DEFAULT, "_Block_release");
        atomic_store_explicit(&found, release, memory_order_release);
    }
    return release;
}

/// The start of every block object (the Blocks ABI): what calling one takes.
struct block_layout {
    void *isa;
    int flags;
    int reserved;
    void (*invoke)(void *block);
};

/// How an item goes to Dispatch.
enum { SUBMIT_ASYNC, SUBMIT_BARRIER, SUBMIT_GROUP, SUBMIT_NOTIFY, SUBMIT_AFTER };

/// One piece of work a run handed to Dispatch: the block (copied) or the function, and where and how it goes.
typedef struct outside_item {
    void *run;
    uint64_t serial;
    int how;
    void *queue;
    void *group;
    uint64_t when;
    void *block;
    function_t function;
    void *context;
} outside_item;

/// The queue's label, for what the run says of pending work.
static const char *label_of(void *queue) {
    queue_label_t label = real_dispatch_queue_get_label_fn();
    const char *text = label != NULL && queue != NULL ? label(queue) : NULL;
    return text != NULL ? text : "";
}

/// Tells the run about a piece of work about to be handed out and wraps it; NULL where it is not followed.
static outside_item *begin_item(int kind, int how, void *queue, void *group, uint64_t when, void *block,
                                function_t function, void *context) {
    const harness_outside_callbacks *set = NULL;
    void *run = working_for(&set);
    if (run == NULL) return NULL;
    block_copy_t copy = block_copy();
    if (block != NULL && copy == NULL) return NULL;
    inside_library++;
    uint64_t serial = set->begin(run, kind, label_of(queue));
    inside_library--;
    if (serial == 0) return NULL;
    outside_item *item = malloc(sizeof *item);
    if (item == NULL) {
        set->ended(run, serial);
        return NULL;
    }
    item->run = run;
    item->serial = serial;
    item->how = how;
    item->queue = queue;
    item->group = group;
    item->when = when;
    item->block = block != NULL ? copy(block) : NULL;
    item->function = function;
    item->context = context;
    // The run may hold the item past the program's last reference to its queue or group (a queue that is a property
    // of a temporary): both are kept until Dispatch has them. A group's block counts in the group from now, as it does
    // when Dispatch takes it at once, so that a `notify` let go before it cannot fire first.
    inside_library++;
    if (queue != NULL) real_dispatch_retain_fn()(queue);
    if (group != NULL) real_dispatch_retain_fn()(group);
    if (how == SUBMIT_GROUP) real_dispatch_group_enter_fn()(group);
    inside_library--;
    return item;
}

working_state begin_working(const harness_outside_callbacks *set, void *run, uint64_t serial) {
    working_state before = {helper_run, helper_serial, virtual_on, virtual_nanoseconds, virtual_wall_nanoseconds};
    helper_run = run;
    helper_serial = serial;
    int64_t now = 0, wall = -1;
    inside_library++;
    virtual_on = set->started(run, serial, (int)syscall(SYS_gettid), &now, &wall) ? 1 : 0;
    inside_library--;
    virtual_nanoseconds = now;
    virtual_wall_nanoseconds = wall;
    return before;
}

void end_working(working_state before) {
    virtual_on = before.virtual_on;
    virtual_nanoseconds = before.virtual_nanoseconds;
    virtual_wall_nanoseconds = before.virtual_wall_nanoseconds;
    helper_run = before.run;
    helper_serial = before.serial;
}

/// Runs a piece of work a run handed out, on whatever thread Dispatch chose, working for the run meanwhile.
static void run_item(void *pointer) {
    outside_item *item = pointer;
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    working_state before = begin_working(set, item->run, item->serial);
    if (item->block != NULL) {
        ((struct block_layout *)item->block)->invoke(item->block);
        block_release()(item->block);
    } else {
        item->function(item->context);
    }
    end_working(before);
    inside_library++;
    if (item->how == SUBMIT_GROUP) {
        real_dispatch_group_leave_fn()(item->group);
        real_dispatch_release_fn()(item->group);
    }
    set->ended(item->run, item->serial);
    inside_library--;
    free(item);
}

void harness_outside_submit(void *pointer) {
    outside_item *item = pointer;
    // Read before the submission: the item may have run, and be freed, by the time it returns.
    void *queue = item->queue, *group = item->group;
    int how = item->how;
    inside_library++;
    switch (how) {
    case SUBMIT_BARRIER: real_dispatch_barrier_async_f_fn()(queue, item, run_item); break;
    case SUBMIT_GROUP: real_dispatch_async_f_fn()(queue, item, run_item); break;  // in the group since its begin
    case SUBMIT_NOTIFY: real_dispatch_group_notify_f_fn()(group, queue, item, run_item); break;
    case SUBMIT_AFTER: real_dispatch_after_f_fn()(item->when, queue, item, run_item); break;
    default: real_dispatch_async_f_fn()(queue, item, run_item); break;
    }
    // Dispatch holds what it needs now; a group's block lets its group go when it has run.
    if (queue != NULL) real_dispatch_release_fn()(queue);
    if (group != NULL && how != SUBMIT_GROUP) real_dispatch_release_fn()(group);
    inside_library--;
}

/// Hands an item to Dispatch: at once from a thread of the run's outside work; from the harness thread, once the
/// job that made it has run to its next suspension (the run keeps it meanwhile), so that the work cannot race the
/// rest of the job that handed it out (a continuation's resume before its await), which would make a seed's
/// schedule depend on which thread the machine ran first.
static void offer(outside_item *item) {
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    if (job_run != NULL && set != NULL && set->hold != NULL) {
        inside_library++;
        int held = set->hold(item->run, item->serial, item);
        inside_library--;
        if (held) return;
    }
    harness_outside_submit(item);
}

// MARK: Dispatch

void dispatch_async_f(void *queue, void *context, function_t work) {
    harness_locks_queue_submit(queue);
    outside_item *item = begin_item(HARNESS_OUTSIDE_DISPATCH, SUBMIT_ASYNC, queue, NULL, 0, NULL, work, context);
    if (item == NULL) { real_dispatch_async_f_fn()(queue, context, work); return; }
    offer(item);
}

void dispatch_async(void *queue, void *block) {
    harness_locks_queue_submit(queue);
    outside_item *item = begin_item(HARNESS_OUTSIDE_DISPATCH, SUBMIT_ASYNC, queue, NULL, 0, block, NULL, NULL);
    if (item == NULL) { real_dispatch_async_fn()(queue, block); return; }
    offer(item);
}

void dispatch_barrier_async_f(void *queue, void *context, function_t work) {
    harness_locks_queue_submit(queue);
    outside_item *item = begin_item(HARNESS_OUTSIDE_DISPATCH, SUBMIT_BARRIER, queue, NULL, 0, NULL, work, context);
    if (item == NULL) { real_dispatch_barrier_async_f_fn()(queue, context, work); return; }
    offer(item);
}

void dispatch_barrier_async(void *queue, void *block) {
    harness_locks_queue_submit(queue);
    outside_item *item = begin_item(HARNESS_OUTSIDE_DISPATCH, SUBMIT_BARRIER, queue, NULL, 0, block, NULL, NULL);
    if (item == NULL) { real_dispatch_barrier_async_fn()(queue, block); return; }
    offer(item);
}

void dispatch_group_async_f(void *group, void *queue, void *context, function_t work) {
    outside_item *item = begin_item(HARNESS_OUTSIDE_DISPATCH, SUBMIT_GROUP, queue, group, 0, NULL, work, context);
    if (item == NULL) { real_dispatch_group_async_f_fn()(group, queue, context, work); return; }
    offer(item);
}

void dispatch_group_async(void *group, void *queue, void *block) {
    outside_item *item = begin_item(HARNESS_OUTSIDE_DISPATCH, SUBMIT_GROUP, queue, group, 0, block, NULL, NULL);
    if (item == NULL) { real_dispatch_group_async_fn()(group, queue, block); return; }
    offer(item);
}

void dispatch_group_notify_f(void *group, void *queue, void *context, function_t work) {
    outside_item *item = begin_item(HARNESS_OUTSIDE_NOTIFY, SUBMIT_NOTIFY, queue, group, 0, NULL, work, context);
    if (item == NULL) { real_dispatch_group_notify_f_fn()(group, queue, context, work); return; }
    offer(item);
}

void dispatch_group_notify(void *group, void *queue, void *block) {
    outside_item *item = begin_item(HARNESS_OUTSIDE_NOTIFY, SUBMIT_NOTIFY, queue, group, 0, block, NULL, NULL);
    if (item == NULL) { real_dispatch_group_notify_fn()(group, queue, block); return; }
    offer(item);
}

/// Dispatch's encoding of a deadline on the wall clock (`DispatchWallTime`): the top two bits set, the time since 1970
/// negated; "now" is ~1.
#define WALL_DEADLINE_BITS (3ull << 62)
#define WALL_DEADLINE_NOW (~1ull)

/// A Dispatch deadline as the run's clock has it: one on the wall clock, read from the run's wall clock on this thread,
/// becomes the same moment on the monotonic clock of Dispatch's plain deadlines (which this thread reads as the run's
/// too); any other is left as it is (a plain one is the run's already; a continuous one, negative, stays Dispatch's).
static uint64_t run_clock_deadline(uint64_t when) {
    if (!virtual_on || virtual_wall_nanoseconds < 0 || when == ~0ull) return when;
    if ((when & WALL_DEADLINE_BITS) != WALL_DEADLINE_BITS) return when;
    int64_t deadline = when == WALL_DEADLINE_NOW ? virtual_wall_nanoseconds : -(int64_t)when;
    int64_t moment = virtual_nanoseconds + (deadline - virtual_wall_nanoseconds);
    return moment < 0 ? 0 : (uint64_t)moment;
}

/// A delayed submission: under a seeded schedule, on a thread that reads the run's time, a timer of the run's
/// (the deadline was read from the run's clock, so Dispatch's real one would see it in the past); else Dispatch's.
static void after_item(outside_item *item) {
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    item->when = run_clock_deadline(item->when);
    // A deadline on the monotonic clock is positive; a continuous one (bit 63 alone) is negative and real.
    if (virtual_on && (int64_t)item->when >= 0) {
        inside_library++;
        int64_t delay = (int64_t)(item->when - real_dispatch_time_fn()(0, 0));
        item->how = SUBMIT_ASYNC;  // when its timer fires, it goes to its queue at once
        int taken = set->after(item->run, item->serial, delay < 0 ? 0 : delay, item);
        inside_library--;
        if (taken) return;
        item->how = SUBMIT_AFTER;
    }
    offer(item);
}

void dispatch_after_f(uint64_t when, void *queue, void *context, function_t work) {
    outside_item *item = when == ~0ull ? NULL
        : begin_item(HARNESS_OUTSIDE_AFTER, SUBMIT_AFTER, queue, NULL, when, NULL, work, context);
    if (item == NULL) { real_dispatch_after_f_fn()(when, queue, context, work); return; }
    after_item(item);
}

void dispatch_after(uint64_t when, void *queue, void *block) {
    outside_item *item = when == ~0ull ? NULL
        : begin_item(HARNESS_OUTSIDE_AFTER, SUBMIT_AFTER, queue, NULL, when, block, NULL, NULL);
    if (item == NULL) { real_dispatch_after_fn()(when, queue, block); return; }
    after_item(item);
}

// MARK: Sources

// A run follows the Dispatch sources it makes of three kinds. A timer source is a piece of the run's outside work until
// it is cancelled; its timer is the run's own under a seeded schedule (else Dispatch's, which will fire). A read source
// is one too, and may resume the run whenever its descriptor can be read (Dispatch then calls its handler): the run
// looks (`harness_outside_source_ready`) rather than wait for it blindly. A data source (add, or, replace) never
// fires on its own: its data comes from `merge_data`, so the firing is taken from Dispatch and made here, a block on the
// source's queue handed out by whoever merged, as `async` would hand it out (held to the end of the job, followed,
// waited for), the handler reading the data merged before it (`get_data`). Every firing of each runs for the run.

/// What a followed source is.
enum { SOURCE_TIMER, SOURCE_READ, SOURCE_DATA_ADD, SOURCE_DATA_OR, SOURCE_DATA_REPLACE, SOURCE_KINDS };

/// A Dispatch source made by a run: its queue, its handler, its timer or descriptor or data, and whether it runs.
typedef struct source_item {
    void *source;
    void *queue;
    void *run;
    uint64_t serial;
    int type;
    uintptr_t handle;
    void *block;
    function_t function;
    void *context;
    uint64_t start;
    uint64_t interval;
    int scheduled;
    int resumed;
    int on_run_clock;
    int armed;
    /// Cancelled; handlers running now; whether the run was told it ended (once: it lets go of the run then).
    _Atomic int cancelled;
    _Atomic int firing;
    _Atomic int told_ended;
    /// Under `lock`: the suspensions beyond activation (a read or data source); a data source's data merged since its
    /// last firing, whether a firing is on its way or running, and a cancel to make when the running one returns.
    pthread_mutex_t lock;
    uintptr_t data;
    int suspended;
    int firing_queued;
    int in_handler;
    int cancel_deferred;
    /// Whether the item holds its queue (a data source's: the program may let go of it, and the source holds it only
    /// inside Dispatch, where a firing of ours cannot reach).
    int holds_queue;
    /// A repeating timer source made while a lazy global was initialised (`process_lived`, with that global's
    /// `swift_once` predicate): it lives as long as the process. Parked between the runs that use the global (no
    /// firing of it runs then), and in the order parked (`parked_order`).
    int process_lived;
    void *global;
    _Atomic int parked;
    uint64_t parked_order;
} source_item;

static int is_data(const source_item *item) { return item->type >= SOURCE_DATA_ADD; }

/// Tells the run its timer source ended, once, when it is cancelled and no handler of it runs.
static void end_source_if_done(source_item *item) {
    if (!atomic_load_explicit(&item->cancelled, memory_order_acquire)) return;
    if (atomic_load_explicit(&item->firing, memory_order_acquire) != 0) return;
    if (atomic_exchange_explicit(&item->told_ended, 1, memory_order_acq_rel) != 0) return;
    if (item->serial == 0) return;  // a data source is no piece of work; its firings are
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    inside_library++;
    set->ended(item->run, item->serial);
    inside_library--;
}

/// The timer sources runs made and did not cancel (few at a time: a short list behind a lock).
enum { MAX_SOURCES = 256 };
static source_item *sources[MAX_SOURCES];
HARNESS_OWN_MUTEX static pthread_mutex_t sources_lock = PTHREAD_MUTEX_INITIALIZER;

static source_item *find_source(void *source) {
    source_item *found = NULL;
    pthread_mutex_lock(&sources_lock);
    for (int index = 0; index < MAX_SOURCES; index++) {
        if (sources[index] != NULL && sources[index]->source == source) { found = sources[index]; break; }
    }
    pthread_mutex_unlock(&sources_lock);
    return found;
}

static int keep_source(source_item *item) {
    int kept = 0;
    pthread_mutex_lock(&sources_lock);
    for (int index = 0; index < MAX_SOURCES; index++) {
        if (sources[index] == NULL) { sources[index] = item; kept = 1; break; }
    }
    pthread_mutex_unlock(&sources_lock);
    return kept;
}

static void forget_address(void *source) {
    pthread_mutex_lock(&sources_lock);
    for (int index = 0; index < MAX_SOURCES; index++) {
        if (sources[index] != NULL && sources[index]->source == source) sources[index] = NULL;
    }
    pthread_mutex_unlock(&sources_lock);
}

static void forget_source(source_item *item) {
    pthread_mutex_lock(&sources_lock);
    for (int index = 0; index < MAX_SOURCES; index++) {
        if (sources[index] == item) sources[index] = NULL;
    }
    pthread_mutex_unlock(&sources_lock);
}

/// The source's timer is set and it runs: on the run's clock a timer of the run's, on the real one Dispatch's,
/// which the run counts as outside work that will fire.
static void arm_source(source_item *item) {
    if (!item->scheduled || !item->resumed || item->armed) return;
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    item->armed = 1;
    inside_library++;
    if (item->type == SOURCE_READ) {
        set->arm_source(item->run, item->serial, -3, -1, item);
    } else if (item->on_run_clock) {
        int64_t delay = (int64_t)(item->start - real_dispatch_time_fn()(0, 0));
        set->arm_source(item->run, item->serial, delay < 0 ? 0 : delay,
                        item->interval == ~0ull ? -1 : (int64_t)item->interval, item);
    } else {
        set->arm_source(item->run, item->serial, -1, -1, NULL);
    }
    inside_library--;
}

/// The source's handler, called by Dispatch on the source's queue (its real timer fired), or by the run (its timer of
/// the run's fired): it runs for the run, and a timer that does not repeat is done.
static void source_fired(void *pointer) {
    source_item *item = pointer;
    atomic_fetch_add_explicit(&item->firing, 1, memory_order_seq_cst);
    if (atomic_load_explicit(&item->cancelled, memory_order_acquire)) {
        atomic_fetch_sub_explicit(&item->firing, 1, memory_order_acq_rel);
        end_source_if_done(item);
        return;
    }
    // Parked between two runs: a firing already on its way when its run ended works for no run.
    if (atomic_load_explicit(&item->parked, memory_order_seq_cst)) {
        atomic_fetch_sub_explicit(&item->firing, 1, memory_order_acq_rel);
        return;
    }
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    working_state before = begin_working(set, item->run, item->serial);
    if (item->block != NULL) {
        ((struct block_layout *)item->block)->invoke(item->block);
    } else if (item->function != NULL) {
        item->function(item->context);
    }
    end_working(before);
    if (!atomic_load_explicit(&item->cancelled, memory_order_acquire)) {
        inside_library++;
        set->source_fired(item->run, item->serial, item->interval == ~0ull);
        inside_library--;
    }
    atomic_fetch_sub_explicit(&item->firing, 1, memory_order_acq_rel);
    end_source_if_done(item);
}

void harness_outside_fire_source(void *pointer) {
    source_item *item = pointer;
    if (atomic_load_explicit(&item->cancelled, memory_order_acquire)) return;
    inside_library++;
    real_dispatch_async_f_fn()(item->queue, item, source_fired);
    inside_library--;
}

/// Which followed kind a source type is (`SOURCE_KINDS` for one that is not followed).
static int kind_of(const void *type) {
    static const char *names[SOURCE_KINDS] = {
        "_dispatch_source_type_timer", "_dispatch_source_type_read", "_dispatch_source_type_data_add",
        "_dispatch_source_type_data_or", "_dispatch_source_type_data_replace"};
    static const void *_Atomic types[SOURCE_KINDS];
    for (int kind = 0; kind < SOURCE_KINDS; kind++) {
        const void *found = atomic_load_explicit(&types[kind], memory_order_acquire);
        if (found == NULL) {
            found = dlsym(RTLD_DEFAULT, names[kind]);
            atomic_store_explicit(&types[kind], found, memory_order_release);
        }
        if (found != NULL && found == type) return kind;
    }
    return SOURCE_KINDS;
}

void *dispatch_source_create(const void *type, uintptr_t handle, uintptr_t mask, void *queue) {
    void *source = real_dispatch_source_create_fn()(type, handle, mask, queue);
    // A source a run made and let go without cancelling it is gone; a new one may take its address.
    if (source != NULL) forget_address(source);
    int kind = source != NULL && !inside_library ? kind_of(type) : SOURCE_KINDS;
    const harness_outside_callbacks *set = NULL;
    void *run = kind != SOURCE_KINDS ? working_for(&set) : NULL;
    if (run == NULL || set->arm_source == NULL) return source;
    source_item *item = calloc(1, sizeof *item);
    if (item == NULL) return source;
    item->type = kind;
    item->handle = handle;
    item->source = source;
    item->queue = queue;
    item->run = run;
    atomic_init(&item->cancelled, 0);
    atomic_init(&item->firing, 0);
    atomic_init(&item->told_ended, 0);
    pthread_mutex_init(&item->lock, NULL);
    if (is_data(item)) {
        // No piece of work of its own: each firing is one, of the run that merged its data. A source made for no
        // queue has its handler run on the default global queue, as Dispatch does.
        if (item->queue == NULL) item->queue = real_dispatch_get_global_queue_fn()(0, 0);
        if (item->queue == NULL || !keep_source(item)) {
            free(item);
            return source;
        }
        inside_library++;
        real_dispatch_retain_fn()(item->queue);
        inside_library--;
        item->holds_queue = 1;
        return source;
    }
    inside_library++;
    item->serial = set->begin(run, kind == SOURCE_READ ? HARNESS_OUTSIDE_READ_SOURCE : HARNESS_OUTSIDE_SOURCE,
                              label_of(queue));
    inside_library--;
    item->scheduled = kind == SOURCE_READ;  // a read source waits for no timer: its descriptor says when it fires
    if (kind == SOURCE_TIMER && harness_static_init_depth() > 0) {
        // Made by a lazy global's initialiser: it outlives the run (`harness_outside_park_sources`).
        item->process_lived = 1;
        item->global = harness_static_init_predicate();
        harness_static_watch(item->global);
    }
    if (item->serial == 0 || (queue == NULL && kind == SOURCE_TIMER) || !keep_source(item)) {
        if (item->serial != 0) set->ended(run, item->serial);
        free(item);
    }
    return source;
}

// MARK: Timer sources that outlive their run

/// How many process-lived sources are parked now (a run with none to adopt looks without the lock), and the order
/// of the last one parked.
static _Atomic int parked_count = 0;
static uint64_t parked_last = 0;

/// Waits, a bounded while (about 50 ms), until no firing of `item` runs: one on its way when it was parked, or when it
/// is handed over. A handler that blocks longer is left to run (a firing of the run it began for).
static void wait_for_firings(source_item *item) {
    for (int tries = 0; tries < 1000 && atomic_load_explicit(&item->firing, memory_order_seq_cst) != 0; tries++) {
        struct timespec pause = {0, 50000};
        real_nanosleep_fn()(&pause, NULL);
    }
}

int harness_outside_park_sources(void *run, uint64_t *serials, int max) {
    source_item *found[MAX_SOURCES];
    int count = 0;
    pthread_mutex_lock(&sources_lock);
    for (int index = 0; index < MAX_SOURCES && count < max; index++) {
        source_item *item = sources[index];
        if (item == NULL || item->run != run || !item->process_lived || item->type != SOURCE_TIMER) continue;
        if (item->interval == ~0ull || !item->scheduled || !item->resumed) continue;  // a repeating timer that runs
        if (atomic_load_explicit(&item->parked, memory_order_relaxed)) continue;
        if (atomic_load_explicit(&item->cancelled, memory_order_acquire)) continue;
        atomic_store_explicit(&item->parked, 1, memory_order_seq_cst);
        item->parked_order = ++parked_last;
        atomic_fetch_add_explicit(&parked_count, 1, memory_order_release);
        found[count] = item;
        serials[count] = item->serial;
        count++;
    }
    pthread_mutex_unlock(&sources_lock);
    for (int index = 0; index < count; index++) {
        source_item *item = found[index];
        inside_library++;
        real_dispatch_source_set_timer_fn()(item->source, ~0ull, ~0ull, 0);  // Dispatch's own timer, if it had one
        inside_library--;
        item->armed = 0;
        wait_for_firings(item);
    }
    return count;
}

int harness_outside_parked_sources(void **items, int max) {
    if (atomic_load_explicit(&parked_count, memory_order_acquire) == 0) return 0;
    int count = 0;
    pthread_mutex_lock(&sources_lock);
    for (int index = 0; index < MAX_SOURCES && count < max; index++) {
        source_item *item = sources[index];
        if (item == NULL || !atomic_load_explicit(&item->parked, memory_order_relaxed)) continue;
        if (!harness_static_touched(item->global)) continue;
        items[count++] = item;
    }
    pthread_mutex_unlock(&sources_lock);
    // Oldest parked first.
    for (int i = 1; i < count; i++) {
        for (int j = i; j > 0 && ((source_item *)items[j - 1])->parked_order > ((source_item *)items[j])->parked_order; j--) {
            void *swap = items[j];
            items[j] = items[j - 1];
            items[j - 1] = swap;
        }
    }
    return count;
}

const char *harness_outside_source_label(void *pointer) {
    source_item *item = pointer;
    inside_library++;
    const char *label = label_of(item->queue);
    inside_library--;
    return label;
}

int harness_outside_source_process_lived(void *pointer) {
    return ((source_item *)pointer)->process_lived;
}

void *harness_outside_adopt_source(void *pointer, void *run, uint64_t serial, int64_t *interval, uint64_t *old_serial) {
    source_item *item = pointer;
    wait_for_firings(item);
    void *old = item->run;
    *old_serial = item->serial;
    *interval = (int64_t)item->interval;
    item->run = run;
    item->serial = serial;
    // Its timer is the adopting run's now (the run sets it); Dispatch's stays disarmed.
    item->on_run_clock = 1;
    item->armed = 1;
    atomic_fetch_sub_explicit(&parked_count, 1, memory_order_release);
    atomic_store_explicit(&item->parked, 0, memory_order_seq_cst);
    return old;
}

/// The data source whose handler runs on this thread now, and the data it was given.
static __thread source_item *handled_source = NULL;
static __thread uintptr_t handled_data = 0;

static void data_source_fired(void *pointer);

/// Whether a data source's handler is due: data merged, the source active and not suspended, none on its way. Call
/// under the item's lock.
static int data_due(const source_item *item) {
    return item->data != 0 && item->resumed && item->suspended == 0 && !item->firing_queued &&
        !atomic_load_explicit(&item->cancelled, memory_order_acquire);
}

/// Lets go of a cancelled data source's queue once no firing of it is on its way or running. Call under the item's lock;
/// returns the queue to release (after the lock), or NULL.
static void *queue_done(source_item *item) {
    if (!atomic_load_explicit(&item->cancelled, memory_order_acquire) || item->firing_queued || item->in_handler ||
        !item->holds_queue) return NULL;
    item->holds_queue = 0;
    return item->queue;
}

static void release_queue(void *queue) {
    if (queue == NULL) return;
    inside_library++;
    real_dispatch_release_fn()(queue);
    inside_library--;
}

/// Hands a data source's firing to its queue: a piece of the run's outside work if this thread works for a run (held
/// to the end of the job, as any block the job hands out), else straight to Dispatch.
static void queue_data_firing(source_item *item) {
    outside_item *work = begin_item(HARNESS_OUTSIDE_SOURCE_FIRING, SUBMIT_ASYNC, item->queue, NULL, 0, NULL,
                                    data_source_fired, item);
    if (work != NULL) {
        offer(work);
        return;
    }
    inside_library++;
    real_dispatch_async_f_fn()(item->queue, item, data_source_fired);
    inside_library--;
}

/// A data source's firing, on its queue: the handler gets the data merged so far; data merged meanwhile fires it again
/// when it returns (one handler at a time, as Dispatch runs a source's). A cancel made while it ran is made now.
static void data_source_fired(void *pointer) {
    source_item *item = pointer;
    pthread_mutex_lock(&item->lock);
    uintptr_t data = item->data;
    int runs = !atomic_load_explicit(&item->cancelled, memory_order_acquire) && item->resumed && item->suspended == 0;
    if (runs) {
        item->data = 0;
        item->in_handler = 1;
    }
    pthread_mutex_unlock(&item->lock);
    if (runs) {
        source_item *outer = handled_source;
        uintptr_t outer_data = handled_data;
        handled_source = item;
        handled_data = data;
        if (item->block != NULL) {
            ((struct block_layout *)item->block)->invoke(item->block);
        } else if (item->function != NULL) {
            item->function(item->context);
        }
        handled_source = outer;
        handled_data = outer_data;
    }
    pthread_mutex_lock(&item->lock);
    item->in_handler = 0;
    item->firing_queued = 0;
    int again = data_due(item);
    if (again) item->firing_queued = 1;
    int cancel = item->cancel_deferred;
    item->cancel_deferred = 0;
    void *done = queue_done(item);
    pthread_mutex_unlock(&item->lock);
    if (cancel) {
        inside_library++;
        real_dispatch_source_cancel_fn()(item->source);
        real_dispatch_release_fn()(item->source);
        inside_library--;
    }
    release_queue(done);
    if (again) queue_data_firing(item);
}

void dispatch_source_merge_data(void *source, uintptr_t value) {
    source_item *item = inside_library ? NULL : find_source(source);
    if (item == NULL || !is_data(item)) {
        real_dispatch_source_merge_data_fn()(source, value);
        return;
    }
    pthread_mutex_lock(&item->lock);
    if (!atomic_load_explicit(&item->cancelled, memory_order_acquire)) {
        switch (item->type) {
        case SOURCE_DATA_ADD: item->data += value; break;
        case SOURCE_DATA_OR: item->data |= value; break;
        default: item->data = value; break;
        }
    }
    int fire = data_due(item);
    if (fire) item->firing_queued = 1;
    pthread_mutex_unlock(&item->lock);
    if (fire) queue_data_firing(item);
}

uintptr_t dispatch_source_get_data(void *source) {
    if (handled_source != NULL && handled_source->source == source) return handled_data;
    return real_dispatch_source_get_data_fn()(source);
}

intptr_t dispatch_source_testcancel(void *source) {
    // A cancel made inside the handler reaches Dispatch when the handler returns; the handler sees it at once.
    if (handled_source != NULL && handled_source->source == source &&
        atomic_load_explicit(&handled_source->cancelled, memory_order_acquire)) return 1;
    return real_dispatch_source_testcancel_fn()(source);
}

int harness_outside_source_ready(void *pointer) {
    source_item *item = pointer;
    if (atomic_load_explicit(&item->cancelled, memory_order_acquire)) return 0;
    if (!item->resumed || (item->block == NULL && item->function == NULL)) return 0;
    pthread_mutex_lock(&item->lock);
    int suspended = item->suspended;
    pthread_mutex_unlock(&item->lock);
    if (suspended) return 0;  // Dispatch calls no handler of a suspended source, however much there is to read
    struct pollfd descriptor = {(int)item->handle, POLLIN, 0};
    if (poll(&descriptor, 1, 0) != 1) return 0;
    return (descriptor.revents & (POLLIN | POLLHUP | POLLERR)) != 0;  // not POLLNVAL: closed, it never fires
}

void dispatch_source_set_event_handler(void *source, void *block) {
    source_item *item = inside_library ? NULL : find_source(source);
    if (item != NULL && block == NULL) {
        if (item->block != NULL) block_release()(item->block);
        item->block = NULL;
        item->function = NULL;
    }
    if (item == NULL || block == NULL || block_copy() == NULL) {
        real_dispatch_source_set_event_handler_fn()(source, block);
        return;
    }
    if (item->block != NULL) block_release()(item->block);
    item->block = block_copy()(block);
    item->function = NULL;
    inside_library++;
    real_dispatch_set_context_fn()(source, item);
    real_dispatch_source_set_event_handler_f_fn()(source, source_fired);
    inside_library--;
}

void dispatch_source_set_event_handler_f(void *source, function_t handler) {
    source_item *item = inside_library ? NULL : find_source(source);
    if (item == NULL || handler == NULL) {
        real_dispatch_source_set_event_handler_f_fn()(source, handler);
        return;
    }
    inside_library++;
    item->context = real_dispatch_get_context_fn()(source);
    item->function = handler;
    real_dispatch_set_context_fn()(source, item);
    real_dispatch_source_set_event_handler_f_fn()(source, source_fired);
    inside_library--;
}

void dispatch_source_set_timer(void *source, uint64_t start, uint64_t interval, uint64_t leeway) {
    source_item *item = inside_library ? NULL : find_source(source);
    if (item == NULL || item->type != SOURCE_TIMER) {
        real_dispatch_source_set_timer_fn()(source, start, interval, leeway);
        return;
    }
    start = run_clock_deadline(start);
    item->start = start;
    item->interval = interval;
    item->scheduled = start != ~0ull;
    // A deadline read from the run's clock (a seeded run's thread) is the run's to keep: Dispatch's real timer would
    // see it in the past. A continuous-clock deadline (negative) stays Dispatch's.
    item->on_run_clock = virtual_on && (int64_t)start >= 0;
    inside_library++;
    if (item->on_run_clock) {
        real_dispatch_source_set_timer_fn()(source, ~0ull, ~0ull, 0);
    } else {
        real_dispatch_source_set_timer_fn()(source, start, interval, leeway);
    }
    inside_library--;
    if (item->armed) {
        item->armed = 0;
        const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
        inside_library++;
        set->arm_source(item->run, item->serial, -2, -2, NULL);  // disarm: the new timer replaces the old
        inside_library--;
    }
    arm_source(item);
}

/// A source was activated, or resumed (`activation` 0: a resume, which first undoes a suspension of a data source).
static void resumed(void *object, int activation) {
    source_item *item = inside_library ? NULL : find_source(object);
    if (item == NULL) return;
    if (item->type == SOURCE_TIMER) {
        item->resumed = 1;
        arm_source(item);
        return;
    }
    pthread_mutex_lock(&item->lock);
    if (!activation && item->resumed && item->suspended > 0) {
        item->suspended--;
    } else {
        item->resumed = 1;
    }
    int fire = is_data(item) && data_due(item);
    if (fire) item->firing_queued = 1;
    pthread_mutex_unlock(&item->lock);
    if (item->type == SOURCE_READ) arm_source(item);
    if (fire) queue_data_firing(item);
}

void dispatch_resume(void *object) {
    real_dispatch_resume_fn()(object);
    resumed(object, 0);
}

void dispatch_activate(void *object) {
    real_dispatch_activate_fn()(object);
    resumed(object, 1);
}

void dispatch_suspend(void *object) {
    real_dispatch_suspend_fn()(object);
    source_item *item = inside_library ? NULL : find_source(object);
    if (item == NULL || item->type == SOURCE_TIMER) return;
    pthread_mutex_lock(&item->lock);
    item->suspended++;
    pthread_mutex_unlock(&item->lock);
}

void dispatch_source_cancel(void *source) {
    source_item *item = inside_library ? NULL : find_source(source);
    if (item != NULL && is_data(item)) {
        // Dispatch runs the cancel handler once no event handler runs: with one of ours running (on a concurrent
        // queue, perhaps), the cancel waits for it.
        atomic_store_explicit(&item->cancelled, 1, memory_order_release);
        pthread_mutex_lock(&item->lock);
        int defer = item->in_handler;
        if (defer) item->cancel_deferred = 1;
        void *done = queue_done(item);
        pthread_mutex_unlock(&item->lock);
        release_queue(done);
        forget_source(item);
        inside_library++;
        if (defer) {
            real_dispatch_retain_fn()(source);
        } else {
            real_dispatch_source_cancel_fn()(source);
        }
        inside_library--;
        return;  // the record stays allocated: a firing on its way reads it, and sees it cancelled
    }
    real_dispatch_source_cancel_fn()(source);
    if (item == NULL) return;
    atomic_store_explicit(&item->cancelled, 1, memory_order_release);
    forget_source(item);
    end_source_if_done(item);
    // The record stays allocated: a firing already on its way to the queue reads it, and sees it cancelled.
}

// MARK: Threads

/// A thread a run started: what it runs, and for whom; `open` once it may start (see `offer`: a thread the harness
/// thread starts inside a job waits for the job to run to its next suspension).
typedef struct thread_item {
    void *run;
    uint64_t serial;
    void *(*start)(void *);
    void *argument;
    _Atomic int open;
} thread_item;

/// Where held threads wait for their start.
HARNESS_OWN_MUTEX static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_opened = PTHREAD_COND_INITIALIZER;

void harness_outside_open_thread(void *pointer) {
    thread_item *item = pointer;
    pthread_mutex_lock(&gate_lock);
    atomic_store_explicit(&item->open, 1, memory_order_release);
    pthread_cond_broadcast(&gate_opened);
    pthread_mutex_unlock(&gate_lock);
}

/// Tells the run its thread ended, however it ends (a return, or pthread_exit).
static void thread_ended(void *pointer) {
    thread_item *item = pointer;
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    helper_run = NULL;
    inside_library++;
    set->ended(item->run, item->serial);
    inside_library--;
    free(item);
}

static void *thread_start(void *pointer) {
    thread_item *item = pointer;
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    if (!atomic_load_explicit(&item->open, memory_order_acquire)) {
        pthread_mutex_lock(&gate_lock);
        while (!atomic_load_explicit(&item->open, memory_order_acquire)) pthread_cond_wait(&gate_opened, &gate_lock);
        pthread_mutex_unlock(&gate_lock);
    }
    begin_working(set, item->run, item->serial);  // a new thread: nothing to put back when it ends
    void *result = NULL;
    pthread_cleanup_push(thread_ended, item);
    result = item->start(item->argument);
    pthread_cleanup_pop(1);
    return result;
}

__thread int dispatch_worker = 0;

/// A libdispatch worker thread's start: marked as one, then libdispatch's own.
typedef struct {
    void *(*start)(void *);
    void *argument;
} worker_start;

static void *start_dispatch_worker(void *pointer) {
    worker_start begin = *(worker_start *)pointer;
    free(pointer);
    dispatch_worker = 1;
    return begin.start(begin.argument);
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attributes, void *(*start)(void *), void *argument) {
    if (from_dispatch(__builtin_return_address(0))) {
        // One of libdispatch's workers: it runs whatever is queued, for anyone, so no run's wake may make it a run's.
        worker_start *begin = malloc(sizeof *begin);
        if (begin == NULL) return real_pthread_create_fn()(thread, attributes, start, argument);
        *begin = (worker_start){start, argument};
        int result = real_pthread_create_fn()(thread, attributes, start_dispatch_worker, begin);
        if (result != 0) free(begin);
        return result;
    }
    const harness_outside_callbacks *set = NULL;
    void *run = working_for(&set);
    if (run == NULL) return real_pthread_create_fn()(thread, attributes, start, argument);
    inside_library++;
    uint64_t serial = set->begin(run, HARNESS_OUTSIDE_THREAD, "");
    inside_library--;
    thread_item *item = serial == 0 ? NULL : malloc(sizeof *item);
    if (item == NULL) {
        if (serial != 0) set->ended(run, serial);
        return real_pthread_create_fn()(thread, attributes, start, argument);
    }
    item->run = run;
    item->serial = serial;
    item->start = start;
    item->argument = argument;
    atomic_init(&item->open, 0);
    inside_library++;
    if (job_run == NULL || set->hold_thread == NULL || !set->hold_thread(run, serial, item)) {
        atomic_store_explicit(&item->open, 1, memory_order_release);
    }
    int result = real_pthread_create_fn()(thread, attributes, thread_start, item);
    inside_library--;
    if (result != 0) {
        set->ended(run, serial);
        free(item);
    }
    return result;
}

// MARK: Waits on the harness thread

/// The harness thread, inside a job, is about to wait for another thread: outside work held for the job's end goes
/// now, since what the job waits for may be it (a Dispatch block that signals the semaphore it waits on). A wait is a
/// point of the program's own, so the schedule stays the seed's.
static void before_waiting(void) {
    if (job_run == NULL || inside_library) return;
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    if (set == NULL || set->release_held == NULL) return;
    inside_library++;
    set->release_held(job_run);
    inside_library--;
}

typedef long (*semaphore_wait_t)(void *semaphore, uint64_t timeout);
typedef void (*sync_t)(void *queue, void *block);
typedef void (*sync_f_t)(void *queue, void *context, function_t work);
typedef int (*cond_wait_t)(pthread_cond_t *, pthread_mutex_t *);
typedef int (*cond_timedwait_t)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);
typedef int (*sem_wait_t)(sem_t *);
typedef int (*sem_timedwait_t)(sem_t *, const struct timespec *);
typedef int (*join_t)(pthread_t, void **);
typedef int (*clock_gettime_t)(clockid_t, struct timespec *);
REAL(semaphore_wait_t, dispatch_semaphore_wait)
REAL(semaphore_wait_t, dispatch_group_wait)
REAL(sync_t, dispatch_sync)
REAL(sync_f_t, dispatch_sync_f)
REAL(sync_t, dispatch_barrier_sync)
REAL(sync_f_t, dispatch_barrier_sync_f)
REAL(cond_wait_t, pthread_cond_wait)
REAL(cond_timedwait_t, pthread_cond_timedwait)
REAL(sem_wait_t, sem_wait)
REAL(sem_timedwait_t, sem_timedwait)
REAL(join_t, pthread_join)
REAL(clock_gettime_t, clock_gettime)

/// A deadline on the wall clock that a thread reading the run's wall clock computed (`NSCondition.wait(until:)`), moved
/// to the real wall clock by the same distance from now: the wait lasts what the run's time says, where the run's date
/// would have ended it at once or hours later. A deadline is on the wall clock if it lies after 2001: no monotonic
/// clock has counted that many seconds.
static const struct timespec *real_wall_deadline(const struct timespec *deadline, struct timespec *moved) {
    if (deadline == NULL || !virtual_on || virtual_wall_nanoseconds < 0 || deadline->tv_sec < 978307200) return deadline;
    struct timespec now = {0, 0};
    real_clock_gettime_fn()(CLOCK_REALTIME, &now);
    int64_t left = ((int64_t)deadline->tv_sec * 1000000000 + deadline->tv_nsec) - virtual_wall_nanoseconds;
    int64_t real = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec + left;
    moved->tv_sec = (time_t)(real / 1000000000);
    moved->tv_nsec = (long)(real % 1000000000);
    return moved;
}

/// How long a semaphore wait with `timeout` may last on the run's clock, read on a thread that reads the run's time (a
/// job's): -1 for ever, 0 a look (`DISPATCH_TIME_NOW`, or a deadline past), -2 a deadline on a clock the run does not
/// keep (Dispatch's continuous one, or a thread on real time).
static int64_t semaphore_delay(uint64_t timeout) {
    if (timeout == ~0ull) return -1;
    if (timeout == 0) return 0;
    uint64_t when = run_clock_deadline(timeout);
    if (!virtual_on || (int64_t)when < 0) return -2;
    inside_library++;
    int64_t delay = (int64_t)(when - real_dispatch_time_fn()(0, 0));
    inside_library--;
    return delay < 0 ? 0 : delay;
}

long dispatch_semaphore_wait(void *semaphore, uint64_t timeout) {
    before_waiting();
    // In a job of a seeded run: a choice point if the code under test made it a lock, and a wait in the run while
    // another job could go on (Locks.c).
    long result = 0;
    if (harness_locks_job_run() != NULL
        && harness_locks_semaphore_wait(semaphore, timeout, semaphore_delay(timeout), &result)) return result;
    wait_begins(semaphore);
    result = real_dispatch_semaphore_wait_fn()(semaphore, timeout);
    wait_ended(semaphore);
    return result;
}

long dispatch_group_wait(void *group, uint64_t timeout) {
    before_waiting();
    // In a job of a seeded run: a wait in the run while another job could go on (Locks.c).
    long result = 0;
    if (harness_locks_job_run() != NULL
        && harness_locks_group_wait(group, timeout, semaphore_delay(timeout), &result)) return result;
    return real_dispatch_group_wait_fn()(group, timeout);
}

// A sync on a serial queue the code under test made is a lock too (Locks.c): its entry a choice point, its block a
// held section. Outside work held for the job's end goes after that choice, just before the real call: an earlier
// `async` to the same queue then runs first, and work still in flight on it is waited for in the library, as before.

void dispatch_sync(void *queue, void *block) {
    long section = harness_locks_queue_enter(queue, 0);
    before_waiting();
    real_dispatch_sync_fn()(queue, block);
    harness_locks_queue_leave(queue, section);
}

void dispatch_sync_f(void *queue, void *context, function_t work) {
    long section = harness_locks_queue_enter(queue, 0);
    before_waiting();
    real_dispatch_sync_f_fn()(queue, context, work);
    harness_locks_queue_leave(queue, section);
}

void dispatch_barrier_sync(void *queue, void *block) {
    long section = harness_locks_queue_enter(queue, 1);
    before_waiting();
    real_dispatch_barrier_sync_fn()(queue, block);
    harness_locks_queue_leave(queue, section);
}

void dispatch_barrier_sync_f(void *queue, void *context, function_t work) {
    long section = harness_locks_queue_enter(queue, 1);
    before_waiting();
    real_dispatch_barrier_sync_f_fn()(queue, context, work);
    harness_locks_queue_leave(queue, section);
}

/// How long a condition wait until `deadline` may last on the run's clock, read on a job's thread: as `semaphore_delay`
/// (-1 for ever, 0 past, -2 a clock the run does not keep). A deadline after 2001 is on the wall clock
/// (`real_wall_deadline`), any other on the monotonic one.
static int64_t condition_delay(const struct timespec *deadline) {
    if (deadline == NULL) return -1;
    int wall = deadline->tv_sec >= 978307200;
    if (!virtual_on || (wall && virtual_wall_nanoseconds < 0)) return -2;
    int64_t delay = ((int64_t)deadline->tv_sec * 1000000000 + deadline->tv_nsec)
        - (wall ? virtual_wall_nanoseconds : virtual_nanoseconds);
    return delay < 0 ? 0 : delay;
}

// In a job of a seeded run, a wait on a condition whose mutex the code under test made waits in the run while another
// job could go on (Locks.c); elsewhere, and when nothing else of the run can move, the library's.

int pthread_cond_wait(pthread_cond_t *condition, pthread_mutex_t *mutex) {
    before_waiting();
    int answer = 0;
    if (harness_locks_job_run() != NULL && harness_locks_cond_wait(condition, mutex, -1, &answer)) return answer;
    int followed = !from_dispatch(__builtin_return_address(0));
    if (followed) wait_begins(condition);
    int result = real_pthread_cond_wait_fn()(condition, mutex);
    if (followed) wait_ended(condition);
    return result;
}

int pthread_cond_timedwait(pthread_cond_t *condition, pthread_mutex_t *mutex, const struct timespec *deadline) {
    before_waiting();
    int answer = 0;
    if (harness_locks_job_run() != NULL
        && harness_locks_cond_wait(condition, mutex, condition_delay(deadline), &answer)) return answer;
    int followed = !from_dispatch(__builtin_return_address(0));
    if (followed) wait_begins(condition);
    struct timespec moved;
    int result = real_pthread_cond_timedwait_fn()(condition, mutex, real_wall_deadline(deadline, &moved));
    if (followed) wait_ended(condition);
    return result;
}

int sem_wait(sem_t *semaphore) {
    before_waiting();
    int followed = !from_dispatch(__builtin_return_address(0));
    if (followed) wait_begins(semaphore);
    int result = real_sem_wait_fn()(semaphore);
    if (followed) wait_ended(semaphore);
    return result;
}

int sem_timedwait(sem_t *semaphore, const struct timespec *deadline) {
    before_waiting();
    int followed = !from_dispatch(__builtin_return_address(0));
    if (followed) wait_begins(semaphore);
    struct timespec moved;
    int result = real_sem_timedwait_fn()(semaphore, real_wall_deadline(deadline, &moved));
    if (followed) wait_ended(semaphore);
    return result;
}

int pthread_join(pthread_t thread, void **result) {
    before_waiting();
    return real_pthread_join_fn()(thread, result);
}

// MARK: Sleeps

/// A sleep of `nanoseconds` on a thread working for a seeded run: one of the run's timers, so that the thread's
/// time is the run's. Returns 1 if the run took it (the thread then slept until the run's clock reached it).
static int slept_virtually(int64_t nanoseconds) {
    if (!virtual_on || helper_run == NULL || inside_library || job_run != NULL) return 0;
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    if (set == NULL) return 0;
    int64_t now = virtual_nanoseconds, wall = virtual_wall_nanoseconds;
    inside_library++;
    int taken = set->sleep(helper_run, helper_serial, nanoseconds < 0 ? 0 : nanoseconds, &now, &wall);
    inside_library--;
    if (taken) {
        virtual_nanoseconds = now;
        virtual_wall_nanoseconds = wall;
    }
    return taken;
}

static int64_t nanoseconds_of(const struct timespec *time) {
    return (int64_t)time->tv_sec * 1000000000 + time->tv_nsec;
}

int nanosleep(const struct timespec *request, struct timespec *remaining) {
    before_waiting();
    if (request != NULL && slept_virtually(nanoseconds_of(request))) {
        if (remaining != NULL) remaining->tv_sec = remaining->tv_nsec = 0;
        return 0;
    }
    return real_nanosleep_fn()(request, remaining);
}

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
    before_waiting();
    // A sleep on the wall clock is the run's where the thread reads the run's wall clock (CLOCK_TAI stays the system's).
    int wall = clock == CLOCK_REALTIME || clock == CLOCK_TAI;
    if (request != NULL && (!wall || (clock == CLOCK_REALTIME && virtual_wall_nanoseconds >= 0))) {
        int64_t wanted = nanoseconds_of(request);
        if (flags & TIMER_ABSTIME) wanted -= wall ? virtual_wall_nanoseconds : virtual_nanoseconds;
        if (slept_virtually(wanted)) return 0;
    }
    return real_clock_nanosleep_fn()(clock, flags, request, remaining);
}

int usleep(useconds_t microseconds) {
    struct timespec request = {(time_t)(microseconds / 1000000), (long)(microseconds % 1000000) * 1000};
    return nanosleep(&request, NULL);
}

unsigned int sleep(unsigned int seconds) {
    struct timespec request = {(time_t)seconds, 0}, remaining = {0, 0};
    if (nanosleep(&request, &remaining) == 0) return 0;
    return (unsigned int)remaining.tv_sec;
}

#else

void harness_outside_set_callbacks(const harness_outside_callbacks *set) { (void)set; }
void harness_job_run_begin(void *run) { (void)run; }
void harness_job_run_end(void) {}
void *harness_helper_run(void) { return 0; }
uint64_t harness_helper_serial(void) { return 0; }
void harness_outside_submit(void *item) { (void)item; }
void harness_outside_open_thread(void *item) { (void)item; }
void harness_outside_fire_source(void *item) { (void)item; }
int harness_outside_source_ready(void *item) { (void)item; return 0; }
int harness_outside_park_sources(void *run, uint64_t *serials, int max) { (void)run; (void)serials; (void)max; return 0; }
int harness_outside_parked_sources(void **items, int max) { (void)items; (void)max; return 0; }
void *harness_outside_adopt_source(void *item, void *run, uint64_t serial, int64_t *interval, uint64_t *old_serial) {
    (void)item; (void)run; (void)serial; *interval = -1; *old_serial = 0;
    return 0;
}
const char *harness_outside_source_label(void *item) { (void)item; return ""; }
int harness_outside_source_process_lived(void *item) { (void)item; return 0; }

#endif
