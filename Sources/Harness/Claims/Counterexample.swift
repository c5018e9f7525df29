/// A run that shows an expectation missed: its schedule (nil when no single run shows it) and what it showed.
package struct Counterexample: Sendable, Hashable, CustomStringConvertible {
    /// The schedule that replays it, if one does.
    package var schedule: Schedule?
    /// What was observed instead.
    package var what: String
    /// The run's choices, if it has them: the replay string that shows it in any process.
    package var interleaving: Interleaving? = nil
    /// How the run's tasks interleaved, by their notes.
    package var timeline = Timeline()
    /// The search that gave the run its schedule, if a search did.
    package var search: Search? = nil

    /// A counterexample.
    package init(_ schedule: Schedule?, _ what: String) {
        self.schedule = schedule
        self.what = what
    }

    /// The counterexample that `run` shows: `what` under its schedule, with its choices and notes.
    init<Outcome>(_ run: ClaimRun<Outcome>, _ what: String) {
        self.init(run.schedule, what)
        interleaving = run.interleaving
        timeline = run.timeline
        search = run.search
    }

    /// `under seeded(0x…)` or, from a mixed search, `under pct(0x…, depth 2), the portfolio's PCT at depth 2 (7 seeds in
    /// 20)`: where it ran, and which strategy gave it that schedule. Nil when no single run shows it.
    package var under: String? {
        schedule.map { schedule in "under \(schedule)" + (search?.strategyName(of: schedule).map { ", \($0)" } ?? "") }
    }

    /// `under seeded(0x…): drops = 99, expected 1...5` (naming a mixed search's strategy, `under`).
    package var description: String {
        under.map { "\($0): \(what)" } ?? what
    }
}
