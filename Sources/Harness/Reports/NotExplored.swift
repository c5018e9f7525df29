/// What a seeded verdict says of the sections it could not explore: a `Synchronization.Mutex`'s lock and an `Atomic`'s
/// operations are inline atomics in the caller, never a choice point, so a race between two such sections is tried only
/// where `choicePoint()` asks. The harness sees a `Mutex` only when a job waits for one another job holds.
package enum NotExplored {
    /// The words every verdict uses.
    package static let mutexSections = "a Synchronization.Mutex's lock is inline atomics, never a choice point, so no "
        + "seed tried another task's section between two of its sections (nor between Atomic operations): put "
        + "choicePoint() between them to ask for one"

    /// ` — not explored: …` for runs of which `contended` waited for a `Mutex` (nothing when none did).
    package static func mutex(contended: Int, of runs: Int) -> String {
        guard contended > 0 else { return "" }
        return " — not explored: a job waited for a Mutex in \(contended) of \(counted(runs, "run")), and \(mutexSections)"
    }
}
