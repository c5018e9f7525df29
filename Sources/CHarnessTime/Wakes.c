// A thread a run wakes works for the run until it waits again.
//
// Code often hands work to a thread of its own through a condition variable or a semaphore: a server thread made once
// (a C library's worker, a `Thread` answering requests under an `NSCondition`) sleeps until a caller signals it, then
// does the caller's work and resumes the caller's continuation. When the caller is a run's task, that thread is
// doing the run's work, however long ago it was made; until it has, the run is not quiet. Defined here, as
// OutsideWork.c defines the waits, the signals tell it: a signal made on a thread working for a run, of a condition or
// semaphore some thread waits on, is a piece of the run's outside work (`woken`), in flight until a waiter comes back
// from its wait; that thread then works for the run (its enqueues are the run's, its clock the run's under a seeded
// schedule) until it waits again or ends. Every other signal and wait passes to the library untouched.
//
// Linux only, as OutsideWork.c.

#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CHarnessTime.h"

#if defined(__linux__)
#include "OutsideWorkShared.h"

#include <dlfcn.h>
#include <link.h>
#include <string.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

/// The harness executor that owns the calling thread (CHarnessTime.c), or NULL.
void *harness_bound_executor(void);

typedef int (*cond_signal_t)(pthread_cond_t *);
typedef int (*sem_post_t)(sem_t *);
typedef long (*semaphore_signal_t)(void *);

REAL(cond_signal_t, pthread_cond_signal)
REAL(cond_signal_t, pthread_cond_broadcast)
REAL(sem_post_t, sem_post)
REAL(semaphore_signal_t, dispatch_semaphore_signal)

/// Where libdispatch is mapped, found once (`from_dispatch`).
static _Atomic uintptr_t dispatch_start = 0, dispatch_end = 0;
static pthread_once_t dispatch_range_once = PTHREAD_ONCE_INIT;

static int find_dispatch(struct dl_phdr_info *info, size_t size, void *unused) {
    (void)size;
    (void)unused;
    if (info->dlpi_name == NULL || strstr(info->dlpi_name, "libdispatch") == NULL) return 0;
    uintptr_t low = UINTPTR_MAX, high = 0;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        if (info->dlpi_phdr[index].p_type != PT_LOAD) continue;
        uintptr_t start = info->dlpi_addr + info->dlpi_phdr[index].p_vaddr;
        if (start < low) low = start;
        if (start + info->dlpi_phdr[index].p_memsz > high) high = start + info->dlpi_phdr[index].p_memsz;
    }
    atomic_store_explicit(&dispatch_start, low, memory_order_relaxed);
    atomic_store_explicit(&dispatch_end, high, memory_order_relaxed);
    return 1;
}

static void find_dispatch_range(void) { dl_iterate_phdr(find_dispatch, NULL); }

int from_dispatch(const void *address) {
    pthread_once(&dispatch_range_once, find_dispatch_range);
    uintptr_t at = (uintptr_t)address;
    return at >= atomic_load_explicit(&dispatch_start, memory_order_relaxed)
        && at < atomic_load_explicit(&dispatch_end, memory_order_relaxed);
}

/// The objects threads wait on now, with how many wait on each, and the thread that last came back from waiting on it
/// and has not waited since (it may be about to look for work again); a short table behind a lock (waits are few at a
/// time). And the wakes runs made: pieces of their work not yet taken by a thread (`thread` 0), or taken by one.
enum { MAX_WAITED = 512 };
static struct {
    void *object;
    int waiters;
    int awake;
} waited[MAX_WAITED];
typedef struct wake {
    void *object;
    void *run;
    uint64_t serial;
    int thread;
    struct wake *next;
} wake;
static wake *wakes = NULL;
HARNESS_OWN_MUTEX static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
/// How many wakes there are (read without the lock, on every wait's beginning and end).
static _Atomic int wake_count = 0;

/// The piece of a run's work this thread does since a run woke it, and what it worked for before (NULL if none).
static __thread void *woken_run = NULL;
static __thread uint64_t woken_serial = 0;
static __thread working_state woken_before;
/// The object this thread last came back from waiting on (NULL once it waits again or ends), and its kernel id.
static __thread void *awake_on = NULL;
static __thread int own_id = 0;

/// The slot of `object` in the table, or of an empty one if `make`, or -1. Call under the lock.
static int slot_of(void *object, int make) {
    int empty = -1;
    for (int index = 0; index < MAX_WAITED; index++) {
        if (waited[index].object == object) return index;
        if (empty < 0 && waited[index].object == NULL) empty = index;
    }
    return make ? empty : -1;
}

/// Frees the slot of `object` if nothing is known of it any more. Call under the lock.
static void forget_if_unused(int slot) {
    if (slot >= 0 && waited[slot].waiters <= 0 && waited[slot].awake == 0) waited[slot].object = NULL;
}

__thread int runs_swift_jobs = 0;

/// Whether the calling thread's waits are none of this file's business: a harness thread (it waits for its own run's
/// work), a libdispatch worker (it runs anyone's blocks, and a wake would make the next ones a run's), an executor's
/// thread (what it does for a run is followed job by job, ForeignExecutors.c; whether a signal finds it waiting or
/// still awake is a race the seed does not pick), or the library's own functions called from here.
static int not_followed(void) {
    return inside_library || dispatch_worker || runs_swift_jobs || harness_bound_executor() != NULL;
}

/// The calling thread's kernel id.
static int thread_id(void) {
    if (own_id == 0) own_id = (int)syscall(SYS_gettid);
    return own_id;
}

/// Forgets that the calling thread is awake on an object, if it was (call under the lock).
static void forget_awake(void) {
    if (awake_on == NULL) return;
    int slot = slot_of(awake_on, 0);
    if (slot >= 0 && waited[slot].awake == thread_id()) waited[slot].awake = 0;
    forget_if_unused(slot);
    awake_on = NULL;
}

/// The work runs woke the calling thread for is done: it waits again, or ends. Takes the lock and leaves it held, so
/// that `wait_begins` can count the thread as a waiter at once; `finish_wakes` (without the lock) tells the runs.
static wake *take_wakes(void) {
    wake *done = NULL;
    pthread_mutex_lock(&table_lock);
    forget_awake();
    if (atomic_load_explicit(&wake_count, memory_order_acquire) > 0) {
        for (wake **link = &wakes; *link != NULL;) {
            wake *each = *link;
            if (each->thread == thread_id()) {
                *link = each->next;
                each->next = done;
                done = each;
                atomic_fetch_sub_explicit(&wake_count, 1, memory_order_release);
            } else {
                link = &each->next;
            }
        }
    }
    return done;
}

/// Tells the runs that the pieces `take_wakes` took, and the one the thread worked for, are done.
static void finish_wakes(wake *done) {
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    if (woken_run != NULL) {
        void *run = woken_run;
        uint64_t serial = woken_serial;
        woken_run = NULL;
        end_working(woken_before);
        inside_library++;
        set->ended(run, serial);
        inside_library--;
    }
    while (done != NULL) {
        wake *next = done->next;
        inside_library++;
        set->ended(done->run, done->serial);
        inside_library--;
        free(done);
        done = next;
    }
}

/// A thread that ends is awake nowhere, and what runs woke it for is done: a thread woken once that resumes its
/// caller and returns never waits again.
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static void thread_exits(void *unused) {
    (void)unused;
    wake *done = take_wakes();
    pthread_mutex_unlock(&table_lock);
    finish_wakes(done);
}
static void make_exit_key(void) { pthread_key_create(&exit_key, thread_exits); }

void wakes_covered(void) {
    runs_swift_jobs = 1;
    if (woken_run == NULL && awake_on == NULL && atomic_load_explicit(&wake_count, memory_order_acquire) == 0) return;
    wake *done = take_wakes();
    pthread_mutex_unlock(&table_lock);
    finish_wakes(done);
}
/// Has `thread_exits` called when the calling thread ends.
static void remember_exit(void) {
    pthread_once(&exit_key_once, make_exit_key);
    pthread_setspecific(exit_key, (void *)1);
}

void wait_begins(void *object) {
    if (not_followed()) return;
    // Back to waiting: the work runs woke this thread for is done.
    wake *done = take_wakes();
    int slot = slot_of(object, 1);
    if (slot >= 0) {
        waited[slot].object = object;
        waited[slot].waiters++;
    }
    pthread_mutex_unlock(&table_lock);
    finish_wakes(done);
}

void wait_ended(void *object) {
    if (not_followed()) return;
    // Every wake of `object` not yet taken is this thread's now: made while it still counted as waiting, they are work
    // it will find when it looks. The oldest is the piece it works for.
    wake *first = NULL;
    pthread_mutex_lock(&table_lock);
    int slot = slot_of(object, 1);
    if (slot >= 0 && waited[slot].object == object) waited[slot].waiters--;
    if (atomic_load_explicit(&wake_count, memory_order_acquire) > 0) {
        for (wake **link = &wakes; *link != NULL;) {
            wake *each = *link;
            if (each->object == object && each->thread == 0) {
                if (first == NULL) {
                    // The piece it works for leaves the list: its end is `woken_run`'s.
                    first = each;
                    *link = each->next;
                    atomic_fetch_sub_explicit(&wake_count, 1, memory_order_release);
                    continue;
                }
                each->thread = thread_id();  // ended at this thread's next wait
            }
            link = &each->next;
        }
    }
    void *run = first != NULL ? first->run : NULL;
    uint64_t serial = first != NULL ? first->serial : 0;
    if (slot >= 0) {
        // Awake: work signalled here before it waits again is its to find (a server looping over its requests).
        waited[slot].object = object;
        waited[slot].awake = thread_id();
        awake_on = object;
    }
    pthread_mutex_unlock(&table_lock);
    if (slot >= 0 || first != NULL) remember_exit();
    if (first == NULL) return;
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    woken_before = begin_working(set, run, serial);
    woken_run = run;
    woken_serial = serial;
    free(first);
}

/// How a signal is sent: `pthread_cond_signal`, `pthread_cond_broadcast`, `sem_post`, `dispatch_semaphore_signal`.
enum { SIGNAL_ONE, SIGNAL_ALL, SIGNAL_POST, SIGNAL_SEMAPHORE };

/// Sends signal `how` of `object` now.
static int send_signal(void *object, int how) {
    switch (how) {
    case SIGNAL_ALL: return real_pthread_cond_broadcast_fn()(object);
    case SIGNAL_POST: return real_sem_post_fn()(object);
    case SIGNAL_SEMAPHORE: return (int)real_dispatch_semaphore_signal_fn()(object);
    default: return real_pthread_cond_signal_fn()(object);
    }
}

/// A signal the run holds until the job that made it has run to its next suspension: of `object`, sent as `how`; for
/// `run`, which, if `deferred`, made no piece of work for it yet (nobody waited when it was made).
typedef struct held_signal {
    void *object;
    int how;
    void *run;
    int deferred;
} held_signal;

/// The piece of `run`'s work a signal of `object` is, if a thread waits on it (`waiters`) or came back from waiting
/// on it and has not waited since (`awake`, its kernel id): that thread, in flight until it comes back from its wait or
/// waits again. Its serial number, or 0 if it is no piece (nobody waits, or the run is over).
/// `waiters` and `awake` were read before the run numbered the piece, outside the table's lock: the thread may have
/// come back from its wait since (a semaphore's earlier signal let it pass) and must not be left a piece it will
/// never look for. Who takes the piece is decided again under the lock that puts it in the list.
static uint64_t make_wake(const harness_outside_callbacks *set, void *run, void *object, int waiters, int awake) {
    if (waiters == 0 && awake == 0) return 0;
    inside_library++;
    uint64_t serial = set->begin(run, HARNESS_OUTSIDE_WOKEN, "");
    inside_library--;
    if (serial == 0) return 0;
    wake *made = malloc(sizeof *made);
    pthread_mutex_lock(&table_lock);
    int slot = slot_of(object, 0);
    waiters = slot >= 0 ? waited[slot].waiters : 0;
    awake = slot >= 0 ? waited[slot].awake : 0;
    int taken = made != NULL && (waiters > 0 || awake != 0);
    if (taken) {
        *made = (wake){object, run, serial, waiters > 0 ? 0 : awake, NULL};
        wake **tail = &wakes;
        while (*tail != NULL) tail = &(*tail)->next;
        *tail = made;
        atomic_fetch_add_explicit(&wake_count, 1, memory_order_release);
    }
    pthread_mutex_unlock(&table_lock);
    inside_library++;
    if (!taken) {
        // Nobody waits any more: the signal wakes no thread of the run's.
        free(made);
        set->ended(run, serial);
        serial = 0;
    } else if (waiters == 0) {
        // The thread is awake: it does the work now. (Ended already if it waited again since: then this changes nothing.)
        int64_t now = 0, wall = -1;
        set->started(run, serial, awake, &now, &wall);
    }
    inside_library--;
    return serial;
}

/// How many threads wait on `object` now, and which one came back from waiting on it and has not waited since (0 if
/// none).
static void waiting_on(void *object, int *waiters, int *awake) {
    pthread_mutex_lock(&table_lock);
    int slot = slot_of(object, 0);
    *waiters = slot >= 0 ? waited[slot].waiters : 0;
    *awake = slot >= 0 ? waited[slot].awake : 0;
    pthread_mutex_unlock(&table_lock);
}

uint64_t harness_wake_send(void *pointer) {
    held_signal *held = pointer;
    uint64_t serial = 0;
    const harness_outside_callbacks *set = atomic_load_explicit(&callbacks, memory_order_acquire);
    if (held->deferred && set != NULL) {
        // Whoever waits on it now is the thread it wakes: a piece of the run's work, as if it were signalled now.
        int waiters = 0, awake = 0;
        waiting_on(held->object, &waiters, &awake);
        serial = make_wake(set, held->run, held->object, waiters, awake);
    }
    inside_library++;
    send_signal(held->object, held->how);
    inside_library--;
    free(held);
    return serial;
}

/// A signal `how` of `object`, on a thread working for a run: if a thread waits on `object`, the one it wakes is a
/// piece of the run's work in flight until it comes back from its wait. Made inside a job of the harness thread, the
/// signal itself is held until that job has run to its next suspension (the waiter cannot race the rest of the job:
/// a continuation resumed before its await), as Dispatch work the job hands out is; a waiter that had not yet been
/// scheduled would have woken as late. A semaphore's signal is held even if nobody waits on it yet: a semaphore keeps
/// it, and a thread on its way to wait (just started, or back from its last request) would otherwise pass at once,
/// and race the rest of the job as far as the machine lets it; who it wakes is decided when it is sent. (A condition
/// signalled with nobody waiting wakes nobody, ever: nothing to hold.) Returns 1 if the run holds the signal (it sends
/// it later), 0 to send it now.
static int note_signal(void *object, int how) {
    const harness_outside_callbacks *set = NULL;
    void *run = working_for(&set);
    if (run == NULL) return 0;
    int waiters = 0, awake = 0;
    waiting_on(object, &waiters, &awake);
    int holdable = job_run != NULL && set->hold_signal != NULL;
    // A Dispatch semaphore the code made with a count (a lock, a pool of permits) is not held: its signal gives back what
    // a wait took, at once, as a lock's unlock does (held past the job, a semaphore freed in it would be below its count,
    // which libdispatch traps as a client's bug).
    int deferred = holdable && waiters == 0
        && (how == SIGNAL_POST || (how == SIGNAL_SEMAPHORE && !harness_locks_is_counted_semaphore(object)));
    // Nobody waits, but a thread came back from waiting here and has not waited since: it will find the work when it
    // looks, so it is the one doing it.
    uint64_t serial = deferred ? 0 : make_wake(set, run, object, waiters, awake);
    if (!deferred && (serial == 0 || waiters == 0 || !holdable)) return 0;
    held_signal *held = malloc(sizeof *held);
    if (held == NULL) return 0;
    *held = (held_signal){object, how, run, deferred};
    inside_library++;
    int holds = set->hold_signal(run, serial, held);
    inside_library--;
    if (!holds) free(held);
    return holds;
}

int pthread_cond_signal(pthread_cond_t *condition) {
    harness_locks_cond_signal(condition, 0);
    if (!from_dispatch(__builtin_return_address(0)) && note_signal(condition, SIGNAL_ONE)) return 0;
    return send_signal(condition, SIGNAL_ONE);
}

int pthread_cond_broadcast(pthread_cond_t *condition) {
    harness_locks_cond_signal(condition, 1);
    if (!from_dispatch(__builtin_return_address(0)) && note_signal(condition, SIGNAL_ALL)) return 0;
    return send_signal(condition, SIGNAL_ALL);
}

int sem_post(sem_t *semaphore) {
    if (!from_dispatch(__builtin_return_address(0)) && note_signal(semaphore, SIGNAL_POST)) return 0;
    return send_signal(semaphore, SIGNAL_POST);
}

long dispatch_semaphore_signal(void *semaphore) {
    // A held signal wakes nobody yet: 0, as when no thread waits.
    if (note_signal(semaphore, SIGNAL_SEMAPHORE)) return 0;
    return send_signal(semaphore, SIGNAL_SEMAPHORE);
}

#else

uint64_t harness_wake_send(void *item) { (void)item; return 0; }

#endif
