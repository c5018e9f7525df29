// What a test process does that a library must not: end the process on a bad setting, and speak as it exits.
// `Harness` only throws and counts; the adapter opts the test process into these manners at its first use.
import CHarnessReplayCheck
import Foundation
import ConcurrencyHarness

/// The test process's side of the harness's settings and tallies: stop once on a bad setting (exit status 2),
/// say how many runs were made as the process ends, and end in an error if a pasted replay string fitted nothing.
enum TestProcess {
    /// Called by every entry point of the adapter before it runs anything; does its work once per process.
    static func start() {
        _ = started
    }

    /// Runs once per process (a `static let` is initialised exactly once, other threads wait): a bad setting
    /// stops the process here with one line, since reported per test it would bury itself under one failure per
    /// scenario, and no run means anything under it anyway; otherwise the run count is arranged for the exit.
    private static let started: Void = {
        if let error = Plan.environmentError {
            // The test process's status is 2; `swift test` itself reports any failing test process as 1.
            FileHandle.standardError.write(Data("error: \(error) — nothing was run (the test process exits with 2)\n".utf8))
            harness_replay_check_disarm()  // a bad HARNESS_SEED is this error, not "nothing was replayed" (65)
            exit(2)
        }
        atexit {
            // Standard error: standard output may be a program's own.
            if RunCounter.counts != (0, 0, 0) { FileHandle.standardError.write(Data((RunCounter.summary + "\n").utf8)) }
            // An exit test's child runs one closure of its parent's test; what it selected counts for the parent.
            guard ProcessInfo.processInfo.environment["SWT_EXIT_TEST_ID"] == nil,
                  let (line, isError) = ClaimSelection.summary(
                      named: ClaimSelection.named,
                      counts: (ClaimSelection.ran.load(ordering: .relaxed), ClaimSelection.leftOut.load(ordering: .relaxed)))
            else { return }
            // Plain write(2): the process is ending, and _exit skips every buffer.
            _ = (line + "\n").withCString { write(2, $0, strlen($0)) }
            if isError { _exit(65) }
        }
    }()

    /// Arranges, once, that if the process ends with the pasted `HARNESS_SCHEDULE` string having fitted none of
    /// the runs it played, it says so on standard error, naming the string, and exits with status 65 — so a
    /// stale or mistyped replay line is an error, not a green run with warnings.
    static func exitsIfNothingFitted() {
        _ = exitCheck
    }

    /// Registers the check with `atexit`, once.
    private static let exitCheck: Void = {
        atexit {
            let text = Plan.processDefaults.environment["HARNESS_SCHEDULE"] ?? "?"
            guard let line = ReplayTally.complaint(string: text, counts: ReplayTally.counts) else { return }
            // Plain write(2): the process is ending, and _exit skips every buffer.
            _ = line.withCString { write(2, $0, strlen($0)) }
            _exit(65)
        }
    }()
}
