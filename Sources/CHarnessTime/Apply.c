// `DispatchQueue.concurrentPerform` (`dispatch_apply`) inside a run: its iterations run in order on the calling thread.
//
// Dispatch may run the iterations on the calling thread and on its own workers at once, in any order; one worker, or
// none, is among its schedules (a busy pool gives no more). A worker runs anyone's blocks, so the harness never
// follows one: iterations there would touch the run unseen, and a seed's schedule would hang on which thread the
// machine ran first. So on a thread working for a run (the harness thread inside a job, or a thread running work the
// run handed out), an apply on no queue (`DISPATCH_APPLY_AUTO`, what `concurrentPerform` passes) or on a global queue
// runs its iterations 0, 1, 2… on that thread, one after the other: an allowed schedule, the same every time. An
// apply on a queue of the program's own (a serial queue keeps its iterations apart from its other blocks), and every
// apply on every other thread, goes to the library's own function untouched.
//
// Linux only, as OutsideWork.c.

#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CHarnessTime.h"

#if defined(__linux__)
#include "OutsideWorkShared.h"

#include <stddef.h>

typedef void (*apply_function_t)(void *context, size_t iteration);
typedef void (*apply_f_t)(size_t iterations, void *queue, void *context, apply_function_t work);
typedef void (*apply_t)(size_t iterations, void *queue, void *block);
typedef void *(*global_queue_t)(intptr_t identifier, uintptr_t flags);
REAL(apply_f_t, dispatch_apply_f)
REAL(apply_t, dispatch_apply)
REAL(global_queue_t, dispatch_get_global_queue)

/// The start of a block that takes an iteration (the Blocks ABI).
struct apply_block {
    void *isa;
    int flags;
    int reserved;
    void (*invoke)(void *block, size_t iteration);
};

/// Whether an apply on `queue` runs in order on the calling thread: a thread working for a run, and no queue or a
/// global one (the QoS classes' and the old priorities' global queues, which are the same objects).
static int runs_in_order(void *queue) {
    const harness_outside_callbacks *set = NULL;
    if (working_for(&set) == NULL) return 0;
    if (queue == NULL) return 1;
    static const intptr_t classes[] = {0x21, 0x19, 0x15, 0x11, 0x09, 0x00};  // interactive … background, unspecified
    global_queue_t global = real_dispatch_get_global_queue_fn();
    if (global == NULL) return 0;
    inside_library++;
    int found = 0;
    for (size_t index = 0; index < sizeof classes / sizeof classes[0] && !found; index++) {
        found = global(classes[index], 0) == queue;
    }
    inside_library--;
    return found;
}

void dispatch_apply_f(size_t iterations, void *queue, void *context, apply_function_t work) {
    if (!runs_in_order(queue)) {
        real_dispatch_apply_f_fn()(iterations, queue, context, work);
        return;
    }
    for (size_t iteration = 0; iteration < iterations; iteration++) work(context, iteration);
}

void dispatch_apply(size_t iterations, void *queue, void *block) {
    if (!runs_in_order(queue)) {
        real_dispatch_apply_fn()(iterations, queue, block);
        return;
    }
    struct apply_block *layout = block;
    for (size_t iteration = 0; iteration < iterations; iteration++) layout->invoke(block, iteration);
}

#endif
