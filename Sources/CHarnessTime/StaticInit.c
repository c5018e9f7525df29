// Tells the harness when a lazy global or `static let` is being initialised on the calling thread.
//
// Every lazy global's first use goes through the runtime's `swift_once`. A program that defines `swift_once` itself
// is what the compiled code's call resolves to (the binary's symbols come before the runtime's, as for
// `clock_gettime` in CHarnessTime.c); this one passes the call to the runtime's own (found with RTLD_NEXT), wrapping
// the initialiser so that a thread-local depth counts while it runs. A task started there is tied to a value that
// lives as long as the process (`ProcessLived`).
//
// Defined on Linux only (whether Apple's linker would let the binary's definition be reached was not checked): elsewhere
// the depth stays 0, and a task started by an initialiser is the run's own, as any other.

#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <stdatomic.h>
#include <stdint.h>

#include "CHarnessTime.h"
#if defined(__linux__)
#include "RealFunction.h"
#endif

/// How many initialisers of lazy globals run on this thread now, and the innermost one's predicate.
static __thread int static_init_depth = 0;
static __thread void *static_init_predicate = 0;

int harness_static_init_depth(void) { return static_init_depth; }
void *harness_static_init_predicate(void) { return static_init_predicate; }

/// The predicates of globals whose initialiser started a task that outlives its run (few: a fixed table).
#define WATCHED_MAX 64
static void *_Atomic watched[WATCHED_MAX];
static _Atomic int watched_count = 0;
/// The word of the run the calling thread works for, where a bit each notes which of them the run used (NULL: the
/// thread works for no run, and its uses are no run's).
static __thread _Atomic(uint64_t) *touches = NULL;

void harness_static_watch(void *predicate) {
    int count = atomic_load(&watched_count);
    for (int i = 0; i < count; i++) if (atomic_load(&watched[i]) == predicate) return;
    if (count >= WATCHED_MAX) return;
    atomic_store(&watched[count], predicate);
    atomic_store(&watched_count, count + 1);
}

int harness_static_touched(void *predicate) {
    if (touches == NULL) return 0;
    int count = atomic_load_explicit(&watched_count, memory_order_acquire);
    for (int i = 0; i < count; i++) {
        if (atomic_load_explicit(&watched[i], memory_order_relaxed) == predicate) {
            return (atomic_load_explicit(touches, memory_order_acquire) >> i) & 1;
        }
    }
    return 0;
}

void harness_static_touches_into(void *word) { touches = (_Atomic(uint64_t) *)word; }

/// This file's part of `harness_thread_state` (ThreadState.c): with `reset`, the run's word is let go.
__attribute__((visibility("hidden"))) uint32_t harness_static_thread_state(int reset) {
    if (reset) touches = NULL;
    return touches != NULL ? HARNESS_THREAD_BOUND : 0;
}

#if defined(__linux__)
typedef void (*swift_once_function)(void *);
typedef void (*swift_once_fn)(void *, swift_once_function, void *);

/// The initialiser and its context, passed through the runtime's `swift_once` to `counted_initializer`.
struct counted_call {
    swift_once_function function;
    void *context;
    void *predicate;
};

/// Runs an initialiser with the depth raised.
static void counted_initializer(void *call) {
    struct counted_call *counted = (struct counted_call *)call;
    void *outer = static_init_predicate;
    static_init_depth += 1;
    static_init_predicate = counted->predicate;
    counted->function(counted->context);
    static_init_predicate = outer;
    static_init_depth -= 1;
}

REAL(swift_once_fn, swift_once)

void swift_once(void *predicate, swift_once_function function, void *context) {
    _Atomic(uint64_t) *word = touches;
    if (word != NULL) {
        int count = atomic_load_explicit(&watched_count, memory_order_acquire);
        for (int i = 0; i < count; i++) {
            if (atomic_load_explicit(&watched[i], memory_order_relaxed) == predicate) {
                atomic_fetch_or_explicit(word, (uint64_t)1 << i, memory_order_release);
            }
        }
    }
    struct counted_call call = { function, context, predicate };
    real_swift_once_fn()(predicate, counted_initializer, &call);
}
#endif
