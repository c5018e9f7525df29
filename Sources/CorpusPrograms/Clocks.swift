import Dispatch
import Foundation

// Time as code reads it: deadlines, tolerances, clock.measure, the other clocks apps reach for. Every claim is a lower
// bound (a sleep lasts at least what it asked), which no load can break.

extension Program {
    /// `Task.sleep(until:tolerance:clock:)` to a deadline 5 ms away, with 1 ms of tolerance.
    static let sleepUntilWithTolerance = Program(
        "sleep-until-with-tolerance", "Task.sleep(until: .now + 5 ms, tolerance: 1 ms, clock: .continuous), timed",
        onTime: ["slept ≥ 5 ms"],
        because: "a sleep never ends before its deadline; tolerance only lets it end later"
    ) {
        let start = ContinuousClock.now
        try? await Task.sleep(until: start + .milliseconds(5), tolerance: .milliseconds(1), clock: .continuous)
        return "slept \(waited(.milliseconds(5), since: start))"
    }

    /// `ContinuousClock().measure` around a 4 ms sleep.
    static let clockMeasure = Program(
        "clock-measure", "ContinuousClock().measure { try? await Task.sleep(for: .milliseconds(4)) }",
        onTime: ["measured ≥ 4 ms"],
        because: "measure reads the clock before and after the body, and the body's sleep lasts at least 4 ms"
    ) {
        let elapsed = await ContinuousClock().measure { try? await Task.sleep(for: .milliseconds(4)) }
        return "measured \(elapsed >= .milliseconds(4) ? "≥" : "<") 4 ms"
    }

    /// `SuspendingClock` sleeping to a deadline 3 ms away, measured on itself.
    static let suspendingClockSleep = Program(
        "suspending-clock-sleep", "SuspendingClock().sleep(until: now + 3 ms), measured with SuspendingClock.now",
        onTime: ["slept ≥ 3 ms"],
        because: "a clock's sleep never ends before its deadline on that clock"
    ) {
        let clock = SuspendingClock()
        let start = clock.now
        try? await clock.sleep(until: start.advanced(by: .milliseconds(3)), tolerance: nil)
        return "slept \(start.duration(to: clock.now) >= .milliseconds(3) ? "≥" : "<") 3 ms"
    }

    /// A loop that works in 3 ms rounds while the clock is before a deadline 11 ms away.
    static let deadlineLoop = Program(
        "deadline-loop", "let deadline = .now + 11 ms; while ContinuousClock.now < deadline { round += 1; sleep 3 ms }",
        onTime: ["4 rounds"], late: ["3 rounds", "2 rounds", "1 rounds", "0 rounds"],
        because: "rounds start at 0, 3, 6 and 9 ms, before the 11 ms deadline, and the fifth at 12 ms is past it; late sleeps (or a stall before the first check) only push rounds past it"
    ) {
        let deadline = ContinuousClock.now + .milliseconds(11)
        var rounds = 0
        while ContinuousClock.now < deadline {
            rounds += 1
            try? await Task.sleep(for: .milliseconds(3))
        }
        return "\(rounds) rounds"
    }

    /// Sleeps that ask for no time: a deadline already past, and a zero duration.
    static let sleepPastDeadline = Program(
        "sleep-past-deadline", "Task.sleep(until: .now - 1 s, clock: .continuous) and Task.sleep(for: .zero)",
        onTime: ["returned, returned"],
        because: "a sleep to a deadline already past, or for no time, returns without throwing in a task that is not cancelled"
    ) {
        var results: [String] = []
        do {
            try await Task.sleep(until: .now - .seconds(1), clock: .continuous)
            results.append("returned")
        } catch { results.append("threw \(type(of: error))") }
        do {
            try await Task.sleep(for: .zero)
            results.append("returned")
        } catch { results.append("threw \(type(of: error))") }
        return results.joined(separator: ", ")
    }

    /// The oldest way to sleep: `Task.sleep(nanoseconds:)`, 2 ms, timed.
    static let sleepNanoseconds = Program(
        "sleep-nanoseconds", "try? await Task.sleep(nanoseconds: 2_000_000), timed on ContinuousClock",
        onTime: ["slept ≥ 2 ms"],
        because: "a sleep lasts at least what it asked, whichever API asked"
    ) {
        let start = ContinuousClock.now
        try? await Task.sleep(nanoseconds: 2_000_000)
        return "slept \(waited(.milliseconds(2), since: start))"
    }

    /// A 5 ms sleep timed with `Date()`, as code that logs durations does.
    static let dateMeasuresSleep = Program(
        "date-measures-sleep", "let start = Date(); sleep 5 ms; Date().timeIntervalSince(start)",
        onTime: ["slept ≥ 5 ms"],
        because: "the wall clock moves on while the task sleeps at least 5 ms (a clock change could break this; none happens here)"
    ) {
        let start = Date()
        try? await Task.sleep(for: .milliseconds(5))
        return "slept \(Date().timeIntervalSince(start) >= 0.005 ? "≥" : "<") 5 ms"
    }

    /// A 5 ms sleep timed with `DispatchTime.now()`, as code written against Dispatch does.
    static let dispatchTimeMeasuresSleep = Program(
        "dispatch-time-measures-sleep", "DispatchTime.now() before and after a 5 ms Task.sleep, uptimeNanoseconds compared",
        onTime: ["slept ≥ 5 ms"],
        because: "Dispatch's uptime clock moves on while the task sleeps at least 5 ms"
    ) {
        let start = DispatchTime.now()
        try? await Task.sleep(for: .milliseconds(5))
        let elapsed = DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds
        return "slept \(elapsed >= 5_000_000 ? "≥" : "<") 5 ms"
    }
}
