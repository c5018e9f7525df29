import Synchronization

/// How a pasted `HARNESS_SCHEDULE` string fared in this process: the runs it fitted (the scenario
/// made the choices it names) and those it did not. A string plays in every run a test filter
/// selects, so one case's misfit is only a warning; a string that fitted no run at all replayed
/// nothing. The harness only counts and words it (`complaint`); ending the process in an error for
/// it is the adapter's choice (`HarnessTesting` exits with status 65).
package enum ReplayTally {
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
    package static var counts: (fitted: Int, misfits: Int) {
        (fittedRuns.load(ordering: .relaxed), misfitRuns.load(ordering: .relaxed))
    }

    /// What a process should say as it ends with `counts`, or nil if the string fitted a run (or played none).
    package static func complaint(string: String, counts: (fitted: Int, misfits: Int)) -> String? {
        guard counts.fitted == 0, counts.misfits > 0 else { return nil }
        return "harness: bad setting HARNESS_SCHEDULE='\(string)': it fitted none of the \(counts.misfits) runs it "
            + "played in this process, so nothing was replayed. It was printed by another test, or before the code "
            + "changed: paste the replay line with its own --filter, or unset the variable.\n"
    }
}
