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
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>
#endif

#include "CHarnessTime.h"

/// How many initialisers of lazy globals run on this thread now.
static __thread int static_init_depth = 0;

int harness_static_init_depth(void) { return static_init_depth; }

#if defined(__linux__)
typedef void (*swift_once_function)(void *);
typedef void (*swift_once_fn)(void *, swift_once_function, void *);

/// The initialiser and its context, passed through the runtime's `swift_once` to `counted_initializer`.
struct counted_call {
    swift_once_function function;
    void *context;
};

/// Runs an initialiser with the depth raised.
static void counted_initializer(void *call) {
    struct counted_call *counted = (struct counted_call *)call;
    static_init_depth += 1;
    counted->function(counted->context);
    static_init_depth -= 1;
}

/// The runtime's `swift_once`, found once.
static swift_once_fn real_swift_once(void) {
    static _Atomic(swift_once_fn) real = NULL;
    swift_once_fn found = atomic_load_explicit(&real, memory_order_acquire);
    if (found == NULL) {
        found = (swift_once_fn)dlsym(RTLD_NEXT, "swift_once");
        atomic_store_explicit(&real, found, memory_order_release);
    }
    return found;
}

void swift_once(void *predicate, swift_once_function function, void *context) {
    struct counted_call call = { function, context };
    real_swift_once()(predicate, counted_initializer, &call);
}
#endif
