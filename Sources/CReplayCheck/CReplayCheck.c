// A replay that selects nothing is an error, not a green run. `HARNESS_SEED=… swift test --filter '…'`
// whose filter selects no test, or whose tests explore no seeds, would run nothing seeded and pass:
// the student would believe the seed replayed. No Swift code of the package runs in a test process
// whose filter selects no test, so the check starts here, in C, when the test process loads: if the
// process was started with HARNESS_SEED or HARNESS_SCHEDULE, then at its exit, if no run played under
// a seeded schedule (`harness_seeded_runs`, counted by the harness), it says so and exits with 65.
//
// Only in the process that runs Swift Testing's tests (`--testing-library swift-testing`): not in the
// XCTest pass `swift test` also makes (it runs no test here), nor under `swift test list`. An exit test's
// child (`SWT_EXIT_TEST_ID`) runs one closure and judges nothing: if it ran a seeded run, it leaves a mark
// (an empty file the parent named in HARNESSTESTING_REPLAY_MARK) that counts for its parent, whose test
// may run its seeded runs in children only.
#include "CReplayCheck.h"
#include "CHarnessTime.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// The replay variable the process was started with ("HARNESS_SEED"), or NULL.
static const char *replay_variable = NULL;

int harness_replay_check_armed(void) { return replay_variable != NULL; }

/// A process that stops on a bad setting ran nothing on purpose and says so itself (exit 2): its exit is not a
/// replay that played nothing, and must keep its own status.
void harness_replay_check_disarm(void) { replay_variable = NULL; }

/// The variable naming the mark a child leaves for its parent.
static const char *const mark_variable = "HARNESSTESTING_REPLAY_MARK";

/// The parent's mark file, which its exit-test children create when they ran a seeded run.
static char mark[512];

/// What selected the process's tests, as its arguments said: ` --filter 'A' --skip 'B'`, or "" for none. Swift
/// Testing tells a process nothing of the tests a filter selected or a trait skipped; its arguments are what it knows.
static char selection[512];

/// At exit: a replay variable that played in no run, here or in a child, is an error naming it.
static void check_that_the_replay_played(void) {
    int child_played = mark[0] != '\0' && access(mark, F_OK) == 0;
    if (mark[0] != '\0') unlink(mark);
    if (replay_variable == NULL || harness_seeded_runs() > 0 || child_played) return;
    const char *value = getenv(replay_variable);
    char why[1024];
    if (selection[0]) {
        snprintf(why, sizeof why, "Its%s selected no test (see swift test list), or the tests it selected explore no "
                 "seeds, or a trait skipped them", selection);
    } else {
        snprintf(why, sizeof why, "It had no --filter: none of its tests explores seeds, or a trait skipped them");
    }
    char line[2048];
    int length = snprintf(line, sizeof line,
        "harness: %s=%s was set, but no test in this process ran a seeded run, so nothing was replayed. %s (Swift "
        "Testing says which above, \"skipped\", with the trait's reason). Paste the replay line as it was printed, with "
        "its own --filter.\n",
        replay_variable, value ? value : "", why);
    if (length > 0) {
        // Plain write(2): the process is ending, and _exit skips every buffer.
        ssize_t written = write(2, line, (size_t)length < sizeof line ? (size_t)length : sizeof line - 1);
        (void)written;
    }
    _exit(65);
}

/// Keeps `argv`'s `--filter` and `--skip` values, quoted, in `selection` (as much as fits).
static void keep_the_selection(int argc, char **argv) {
    size_t used = 0;
    for (int i = 1; i + 1 < argc && used < sizeof selection; i++) {
        if (strcmp(argv[i], "--filter") != 0 && strcmp(argv[i], "--skip") != 0) continue;
        int wrote = snprintf(selection + used, sizeof selection - used, " %s '%s'", argv[i], argv[i + 1]);
        if (wrote < 0) break;
        used += (size_t)wrote;
        i++;
    }
}

/// Whether `argv` asks for Swift Testing's tests to run (not `--list-tests`).
static int runs_swift_testing(int argc, char **argv) {
    int testing = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--list-tests") == 0) return 0;
        if (strcmp(argv[i], "--testing-library") == 0 && i + 1 < argc && strcmp(argv[i + 1], "swift-testing") == 0) {
            testing = 1;
        }
    }
    return testing;
}

/// At an exit-test child's exit: its seeded runs count for its parent.
static void leave_the_mark(void) {
    if (harness_seeded_runs() == 0) return;
    int file = open(getenv(mark_variable), O_CREAT | O_WRONLY, 0600);
    if (file >= 0) close(file);
}

/// Arms the check when the process loads (glibc and Darwin pass the arguments to a constructor).
__attribute__((constructor)) static void arm_the_replay_check(int argc, char **argv, char **envp) {
    (void)envp;
    const char *child = getenv("SWT_EXIT_TEST_ID");
    if (child != NULL && child[0] != '\0') {
        const char *parent_mark = getenv(mark_variable);
        if (parent_mark != NULL && parent_mark[0] != '\0') atexit(leave_the_mark);
        return;
    }
    if (argv == NULL || !runs_swift_testing(argc, argv)) return;
    const char *names[] = {"HARNESS_SCHEDULE", "HARNESS_SEED"};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *value = getenv(names[i]);
        if (value != NULL && value[0] != '\0') {
            replay_variable = names[i];
            const char *folder = getenv("TMPDIR");
            snprintf(mark, sizeof mark, "%s/harness-replay-mark-%ld", folder && folder[0] ? folder : "/tmp", (long)getpid());
            unlink(mark);
            setenv(mark_variable, mark, 1);
            keep_the_selection(argc, argv);
            atexit(check_that_the_replay_played);
            return;
        }
    }
}
