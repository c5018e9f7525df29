/// Why a scenario did not finish cleanly, in words a student can act on.
///
/// Every failure names the schedule it happened under; the testing adapter adds the command that
/// replays it.
public struct HarnessFailure: Error, CustomStringConvertible {
    /// The kinds of trouble the harness can see.
    public enum Kind: String, Sendable, Hashable {
        /// Nothing ready, no timer set, the scenario unfinished: it waits for something that will
        /// never come (a continuation never resumed, a stream nobody finishes).
        case deadlock
        /// One job held the harness's only thread past the limit: blocking work on a pool that
        /// never grows.
        case blockedThread = "blocked thread"
        /// Work started inside the scenario was still ready or running when it returned.
        case leftovers = "leftover work"
        /// The scenario kept running past its time limit or job budget (a loop that never ends).
        case timedOut = "time limit"
        /// The scenario itself threw.
        case threw = "error thrown"
        /// Nothing of the run's own to do, and work it handed outside its thread (a Dispatch block, a thread it
        /// started) neither ended nor resumed it within `RunOptions.outsideWorkLimit`.
        case outsideWorkPending = "outside work pending"
        /// The same seed gave two different schedules.
        case nondeterministic
        /// An environment variable the harness cannot use.
        case badSetting = "bad setting"
    }

    /// What went wrong.
    public var kind: Kind
    /// The schedule it went wrong under (nil for a bad setting, found before any run).
    package var schedule: Schedule?
    /// The explanation, in the lesson's terms where the harness knows them.
    public var summary: String
    /// How many jobs the harness had run.
    package var jobs: Int = 0
    /// How much scenario time had passed (virtual under `seeded`).
    package var elapsed: Duration = .zero
    /// The last notes the scenario left with `ScenarioLog.note`, oldest first.
    package var notes: [String] = []
    /// The scenario's own error, for `threw` (its text is in `summary`).
    package var underlying: (any Error)? = nil
    /// The choices the schedule had made when the run failed (empty under `strict` and `system`).
    package var choices: [UInt32] = []
    /// The choice points with their alternatives (under `replay` only).
    var trace: [ChoicePoint] = []
    /// The scenario's notes up to the failure, with the tasks that left them.
    public var timeline = Timeline()
    /// Whether a time limit cut the run (`timedOut` by real or thread time, not by its job budget): such a run is
    /// no evidence either way about what the scenario does, only that this machine did not finish it in time.
    package var hitTimeLimit = false
    /// Whether work of another run in progress came this run's way (`RunQueue`): it is run again alone.
    var touchedAnotherRun = false

    /// A failure of `kind` under `schedule`, explained by `summary`.
    package init(_ kind: Kind, schedule: Schedule?, summary: String) {
        self.kind = kind
        self.schedule = schedule
        self.summary = summary
    }

    /// A `HARNESS_SCHEDULE` string played in a scenario it does not fit, and why (`Interleaving.misfit`).
    static func scheduleMisfit(_ replayed: Interleaving, _ why: String) -> HarnessFailure {
        HarnessFailure(.badSetting, schedule: .replay(replayed), summary:
            "HARNESS_SCHEDULE=\(replayed) does not fit this scenario: \(why) (was it printed by another test " +
            "or another case of this one, or before the code changed?)")
    }

    /// A replayed string printed by a run that a failure cut short, whose replay made the same choices and went on
    /// past the cut to finish: the failure came from the machine (a time limit, a blocked thread that depended on
    /// real time), and this replay could not show it again.
    static func cutDidNotRecur(_ replayed: Interleaving) -> HarnessFailure {
        HarnessFailure(.badSetting, schedule: .replay(replayed), summary:
            "HARNESS_SCHEDULE=\(replayed) replays a run that a failure cut short after \(replayed.points ?? 0) choice " +
            "points; this replay made the same choices and went on to finish: the failure did not recur (it depended " +
            "on real time on that machine, not only on the schedule), so it cannot be replayed.")
    }

    /// The choices up to the failure, as a string that replays them (`s1-…:n!`): a replay cut short after as many
    /// choice points is this run. Nil where a run cannot be replayed: under `strict` and `system` (strict is first
    /// in, first out every time; the real pool has no schedule to replay), a bad setting, a nondeterministic seed.
    package var interleaving: Interleaving? {
        guard let schedule, schedule != .strict, schedule != .system, kind != .badSetting, kind != .nondeterministic
        else { return nil }
        return Interleaving(choices, points: choices.count, cut: true)
    }

    /// Whether this is a `HARNESS_SCHEDULE` string played in a run it does not fit (`scheduleMisfit`): another
    /// case's or another test's string, which replayed nothing here.
    package var isScheduleMisfit: Bool {
        if kind == .badSetting, case .replay = schedule { return true }
        return false
    }

    /// `deadlock under seeded(0x…) after 12 jobs at 10 ms: … Last notes: …`
    public var description: String {
        var text = kind.rawValue
        if let schedule { text += " under \(schedule)" }
        if kind != .badSetting { text += " after \(jobs) jobs at \(Self.format(elapsed))" }
        text += ": " + summary
        if !notes.isEmpty { text += " Last notes: " + notes.joined(separator: " → ") + "." }
        return text
    }

    /// `10 ms`, `1.5 s`, `127 µs` (for 126 618 ns): three significant figures at most, in the largest unit that
    /// keeps a whole number in front of the point, so a report never shows `0.000126618 seconds`.
    package static func format(_ duration: Duration) -> String {
        let nanos = Nanoseconds(duration)
        let magnitude = nanos.magnitude
        let sign = nanos < 0 ? "-" : ""
        // Rounded to three figures first, so that 999.6 µs reads as 1 ms, not 1000 µs.
        var scale: UInt64 = 1
        while magnitude / scale >= 1_000 { scale *= 10 }
        let rest = magnitude % scale
        let (rounded, overflow) = (magnitude - rest).addingReportingOverflow(rest * 2 >= scale && scale > 1 ? scale : 0)
        let value = overflow ? magnitude - rest : rounded
        for (unit, name) in [(UInt64(1_000_000_000), "s"), (1_000_000, "ms"), (1_000, "µs")] where value >= unit {
            var fraction = String(value % unit).leftPadded(to: String(unit).count - 1, with: "0")
            while fraction.last == "0" { fraction.removeLast() }
            return "\(sign)\(value / unit)\(fraction.isEmpty ? "" : "." + fraction) \(name)"
        }
        return "\(sign)\(value) ns"
    }
}

/// Whole nanoseconds in a `Duration`, saturating instead of trapping on huge values (for the package's other
/// targets too: the scenarios' and the quiz's waits count spare time in nanoseconds).
package func Nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    return whole.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
}
