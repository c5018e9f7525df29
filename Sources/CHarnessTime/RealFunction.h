// The library's own function behind one this target defines (`clock_gettime`, `sem_post`, …): found once with
// `dlsym(RTLD_NEXT)`. Linux only (Apple platforms resolve symbols by library); private to the target.
#ifndef REALFUNCTION_H
#define REALFUNCTION_H

#include <dlfcn.h>
#include <stdatomic.h>

/// The library's own function `name`, found once: `real_<name>_fn()`.
#define REAL(type, name)                                                             \
    static _Atomic(type) real_##name = NULL;                                        \
    static type real_##name##_fn(void) {                                            \
        type found = atomic_load_explicit(&real_##name, memory_order_acquire);       \
        if (found == NULL) {                                                         \
            found = (type)dlsym(RTLD_NEXT, #name);                                   \
            atomic_store_explicit(&real_##name, found, memory_order_release);        \
        }                                                                            \
        return found;                                                                \
    }

#endif
