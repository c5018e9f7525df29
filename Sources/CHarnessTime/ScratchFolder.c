// The process's scratch folder (`ScratchFolder` in Harness), removed as the process exits.
//
// A destructor rather than a handler the harness registers: it runs however the process ends normally, whoever owns
// `main`, and it is plain C, so it needs nothing of Swift or Foundation while the process is being torn down. A
// process that is killed or crashes never gets here; the next one to make a scratch folder removes what it left
// (`ScratchFolder.sweep`).

#define _GNU_SOURCE  // nftw on glibc; no effect elsewhere

#include "CHarnessTime.h"

#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

/// The folder to remove ("" if none), and the process that made it (a forked child must leave its parent's alone).
static char scratch_path[4096];
static pid_t scratch_owner = 0;

void harness_scratch_remove_at_exit(const char *path) {
    if (strlen(path) >= sizeof scratch_path) return;
    strcpy(scratch_path, path);
    scratch_owner = getpid();
}

/// Removes one entry of the tree: files and links on the way, each folder once it is empty.
static int remove_entry(const char *path, const struct stat *status, int kind, struct FTW *where) {
    (void)status; (void)kind; (void)where;
    remove(path);
    return 0;
}

__attribute__((destructor)) static void remove_scratch_folder(void) {
    if (scratch_path[0] == 0 || scratch_owner != getpid()) return;
    nftw(scratch_path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
