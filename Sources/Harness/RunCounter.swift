import Foundation
import Synchronization

/// How many scenario runs this process made, by schedule, printed to standard error when the process exits (so a
/// `swift test` run ends by saying how many seeded schedules it really explored).
public enum RunCounter {
    /// Runs under `seeded`.
    static let seeded = Atomic<Int>(0)
    /// Runs under `strict` (including `system` sent there by the strict-pool variable).
    static let strict = Atomic<Int>(0)
    /// Runs on the real pool.
    static let system = Atomic<Int>(0)

    /// Counts one run under `schedule`, and arranges the exit report on the first.
    static func count(_ schedule: Schedule) {
        _ = exitReport
        switch schedule {
        case .seeded, .pct, .replay: seeded.add(1, ordering: .relaxed)
        case .strict: strict.add(1, ordering: .relaxed)
        case .system: system.add(1, ordering: .relaxed)
        }
    }

    /// The counts so far: (seeded, strict, system).
    public static var counts: (seeded: Int, strict: Int, system: Int) {
        (seeded.load(ordering: .relaxed), strict.load(ordering: .relaxed), system.load(ordering: .relaxed))
    }

    /// Registers the report with `atexit`, once.
    private static let exitReport: Void = {
        atexit {
            let (seeded, strict, system) = RunCounter.counts
            // Standard error: standard output may be a program's own (`quiz --json`).
            let line = "harness: \(seeded + strict + system) scenario runs in this process " +
                "(\(seeded) seeded, \(strict) strict, \(system) system)\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }()
}
