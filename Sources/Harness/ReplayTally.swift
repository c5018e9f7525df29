import Foundation
import Synchronization

/// How a pasted `HARNESS_SCHEDULE` string fared in this process: the runs it fitted (the scenario
/// made the choices it names) and those it did not. A string plays in every run a test filter
/// selects, so one case's misfit is only a warning; a string that fitted no run at all replayed
/// nothing, and the adapter turns that into an error when the process ends (`exitsIfNothingFitted`).
public enum ReplayTally {
    /// Runs that followed the string and made its choices.
    static let fittedRuns = Atomic<Int>(0)
    /// Runs that followed the string but are not the run that printed it.
    static let misfitRuns = Atomic<Int>(0)

    /// Counts one run played under the string.
    static func count(fitted: Bool) {
        if fitted {
            fittedRuns.add(1, ordering: .relaxed)
        } else {
            misfitRuns.add(1, ordering: .relaxed)
        }
    }

    /// The counts so far.
    public static var counts: (fitted: Int, misfits: Int) {
        (fittedRuns.load(ordering: .relaxed), misfitRuns.load(ordering: .relaxed))
    }

    /// Arranges, once, that if the process ends with the string having fitted none of the runs it
    /// played, it says so on standard error, naming the string, and exits with status 65 — so a
    /// stale or mistyped replay line is an error, not a green run with warnings.
    public static func exitsIfNothingFitted() {
        _ = exitCheck
    }

    /// What the process says as it ends with `counts`, or nil if the string fitted a run (or played none).
    public static func complaint(string: String, counts: (fitted: Int, misfits: Int)) -> String? {
        guard counts.fitted == 0, counts.misfits > 0 else { return nil }
        return "harness: bad setting HARNESS_SCHEDULE='\(string)': it fitted none of the \(counts.misfits) runs it "
            + "played in this process, so nothing was replayed. It was printed by another test, or before the code "
            + "changed: paste the replay line with its own --filter, or unset the variable.\n"
    }

    /// Registers the check with `atexit`, once.
    private static let exitCheck: Void = {
        atexit {
            let text = ProcessInfo.processInfo.environment["HARNESS_SCHEDULE"] ?? "?"
            guard let line = ReplayTally.complaint(string: text, counts: ReplayTally.counts) else { return }
            // Plain write(2): the process is ending, and _exit skips every buffer.
            _ = line.withCString { write(2, $0, strlen($0)) }
            _exit(65)
        }
    }()
}
