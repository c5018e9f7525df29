import CHarnessTime
import Synchronization

/// How many scenario runs this process made, by schedule, so that a test process can end by saying how many
/// seeded schedules it really explored. The harness only counts; `HarnessTesting` prints `summary` as a test
/// process ends (a library registers no exit handlers of its own).
package enum RunCounter {
    /// Runs under `seeded`.
    static let seeded = Atomic<Int>(0)
    /// Runs under `strict` (including `system` sent there by the strict-pool variable).
    static let strict = Atomic<Int>(0)
    /// Runs on the real pool.
    static let system = Atomic<Int>(0)

    /// Counts one run under `schedule`.
    static func count(_ schedule: Schedule) {
        switch schedule {
        case .seeded, .pct, .replay:
            seeded.add(1, ordering: .relaxed)
            // Where C reads it too: HarnessTesting's exit check, which says when a replay variable played in no run.
            harness_count_seeded_run()
        case .strict: strict.add(1, ordering: .relaxed)
        case .system: system.add(1, ordering: .relaxed)
        }
    }

    /// The counts so far: (seeded, strict, system).
    package static var counts: (seeded: Int, strict: Int, system: Int) {
        (seeded.load(ordering: .relaxed), strict.load(ordering: .relaxed), system.load(ordering: .relaxed))
    }

    /// The counts as one line: `harness: 12 scenario runs in this process (10 seeded, 1 strict, 1 system)`.
    package static var summary: String {
        let (seeded, strict, system) = counts
        return "harness: \(seeded + strict + system) scenario runs in this process " +
            "(\(seeded) seeded, \(strict) strict, \(system) system)"
    }
}
