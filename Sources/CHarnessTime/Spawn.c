// A child started with `posix_spawn` inherits every descriptor of its parent not marked close-on-exec: pipes other
// threads of a test process opened for their own children among them. A reader of such a pipe then sees its end only
// when this child ends too (a whole quiz child, a compiler under load: seconds to a minute). So a child the package
// starts keeps its standard input, output and error and nothing else.

#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CHarnessTime.h"

int harness_spawn_close_inherited(posix_spawn_file_actions_t *actions) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, 3);
#else
    (void)actions;
    return -1;
#endif
}
