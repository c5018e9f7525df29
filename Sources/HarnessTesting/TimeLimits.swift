import Foundation
import ConcurrencyHarness
import Testing

/// A suite's time limit for this run: four times `minutes` for the seeds it explores by default, on a machine with a
/// CPU for each runnable thread; times the seeds asked for over that default (`HARNESS_SEEDS`, `HARNESS_ITERATIONS`:
/// `HARNESS_SEEDS=0..<2000` gives an explorer of 200 seeds ten times as many); times the load per CPU when the
/// process started (`/proc/loadavg`: beside a build at load 30 on 2 cores a test gets a fifteenth of a CPU).
///
/// It is a backstop, never a verdict: the harness itself ends a deadlock, a blocked thread or a loop that never
/// ends, with its message, whatever the load. Swift Testing ends a test at its limit by cancelling it, which says
/// nothing about the subject, so the limit must not be what a loaded machine or a wide slice of seeds runs into.
public func scaledTimeLimit(minutes: Int, defaultSeeds: Int = 200) -> TimeLimitTrait {
    .timeLimit(.minutes(max(minutes, 1) * TimeLimitScale.seeds(defaultSeeds: defaultSeeds) * TimeLimitScale.load
                        * TimeLimitScale.headroom))
}

/// The factors `scaledTimeLimit` multiplies by.
enum TimeLimitScale {
    /// How many times the default count of seeds this process explores per explorer (at least 1).
    static func seeds(defaultSeeds: Int) -> Int {
        guard defaultSeeds > 0 else { return 1 }
        let count = Plan.processDefaults.seeds(defaultCount: defaultSeeds).count
        return Int(max((count + UInt64(defaultSeeds) - 1) / UInt64(defaultSeeds), 1))
    }

    /// Four times over, whatever the load read at the start: the load can rise after the process started (a build
    /// or a soak's CPU hogs starting beside it, which `/proc/loadavg` shows only a minute later), and some tests take
    /// most of their minute on a quiet machine. A hang outside the harness costs at most that much more of CI's time.
    static let headroom = 4

    /// The machine's load per CPU as the process started, rounded up, at least 1 (1 where it cannot be read).
    static let load: Int = {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let first = text.split(separator: " ").first, let load = Double(first) else { return 1 }
        let cores = Double(max(ProcessInfo.processInfo.activeProcessorCount, 1))
        return max(Int((load / cores).rounded(.up)), 1)
    }()
}
