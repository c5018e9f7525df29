#ifndef CREPLAYCHECK_H
#define CREPLAYCHECK_H

/// Nothing to call: linked into a test process through HarnessTesting, this target checks at the process's
/// exit that a HARNESS_SEED or HARNESS_SCHEDULE it was started with played in at least one run (see the .c).
/// Whether the check is armed in this process (for the tests of the check).
int harness_replay_check_armed(void);

void harness_replay_check_disarm(void);

#endif
