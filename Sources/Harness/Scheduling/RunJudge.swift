/// Whether a run is over, and how: a pure function of the scheduler's counts.
enum RunJudge {
    /// What the run may do.
    struct Limits: Equatable {
        /// What to do about work that outlives the scenario.
        var leftovers: RunOptions.LeftoverPolicy = .drain
        /// How many jobs a run may take in all.
        var jobLimit = 20_000_000
        /// How many jobs may run after the scenario returned while leftovers drain.
        var drainBudget = 10_000
        /// Whether the run waits for work from outside the harness before calling a quiet queue a deadlock.
        var waitsForOutsideWork = false
    }

    /// The counts the judge looks at.
    struct State: Equatable {
        /// Whether the scenario returned.
        var finished: Bool
        /// Jobs ready now.
        var ready: Int
        /// Timers set.
        var timers: Int
        /// Jobs run so far.
        var jobsRun: Int
        /// Jobs run after the scenario returned.
        var jobsAfterFinish: Int
        /// Under `.fail`, a task's own jobs still ready when it returned; under `.drain`, those that ran after it.
        var leftoverJobs: Int
        /// Whether the grace for outside work ran out.
        var graceSpent: Bool
        /// Whether outside work the run handed out may still resume it (asked only when nothing is ready, no timer
        /// is set and the scenario has not returned).
        var outsideBusy = false
    }

    /// How a run ended.
    enum Ending: Equatable {
        /// The scenario returned and nothing it started is left (or leftovers are allowed and drained).
        case finished
        /// Nothing ready, no timer, no outside work that could resume it, the scenario unfinished.
        case deadlock
        /// Work outlived the scenario: `jobs` of it, and whether it was still going at the drain budget.
        case leftovers(jobs: Int, stillRunning: Bool)
        /// The run took more jobs than its budget.
        case jobBudget(Int)
    }

    /// The ending, or nil if the run goes on.
    static func ending(of state: State, limits: Limits) -> Ending? {
        if state.jobsRun > limits.jobLimit { return .jobBudget(state.jobsRun) }
        if state.finished {
            if limits.leftovers == .fail, state.leftoverJobs > 0 {
                return .leftovers(jobs: state.leftoverJobs, stillRunning: false)
            }
            if state.jobsAfterFinish > limits.drainBudget {
                return .leftovers(jobs: max(state.leftoverJobs, 1), stillRunning: true)
            }
            return state.ready == 0 && state.timers == 0 ? .finished : nil
        }
        if state.ready == 0, state.timers == 0, !state.outsideBusy, !limits.waitsForOutsideWork || state.graceSpent {
            return .deadlock
        }
        return nil
    }
}
