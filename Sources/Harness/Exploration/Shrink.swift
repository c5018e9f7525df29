/// A failing schedule made small: the fewest preemptions (and then choice points) that still fail
/// the same way, found within a budget of runs; the one the student reads first.
package struct ShrunkCounterexample<Outcome: Sendable>: Sendable {
    /// The shrunk schedule: its choices up to its last preemption, then it never preempts.
    package var interleaving: Interleaving
    /// How the shrunk run ended.
    package var result: Result<Outcome, HarnessFailure>
    /// Its preemptions: choices other than running on the work the last job handed on.
    package var preemptions: Int
    /// Its choice points.
    package var choicePoints: Int
    /// The schedule it was shrunk from, and that one's preemptions.
    package var original: (interleaving: Interleaving, preemptions: Int)
    /// Runs spent shrinking.
    package var runs: Int
    /// Whether shrinking stopped at its budget of runs, before it had tried all it would.
    package var stoppedAtBudget: Bool
    /// The shrunk run's notes, with the tasks that left them.
    package var timeline: Timeline
}

extension Exploration {
    /// Shrinks `run`'s schedule (delta debugging over its preemptions, Zeller and Hildebrandt 2002):
    /// turns chunks of preemptions, halves then quarters and so on down to single ones, into calm
    /// choices, and keeps each change after which the run still `fails` with fewer preemptions, or
    /// as many and fewer choice points; at most `budget` runs. The budget counts runs, never seconds:
    /// the shown counterexample is the same on a quiet machine and a loaded one (a slow machine only
    /// takes longer to show it). Callers keep big scenarios out by their choice points
    /// (`maxChoicePointsToShrink`). Nil if the exploration cannot rerun its scenario, or `run` does not
    /// fail again when replayed, or its plan says not to shrink (`HARNESS_SHRINK=off`, `Plan.shrinks`).
    package func shrink(
        _ run: SeededRun<Outcome>, budget: Int = 300,
        where fails: @escaping @Sendable (Result<Outcome, HarnessFailure>) -> Bool
    ) async -> ShrunkCounterexample<Outcome>? {
        guard let rerun, plan.shrinks else { return nil }
        var spent = 0
        /// Runs `directives`; the run and its canonical directives if it fails the same way.
        func attempt(_ directives: [UInt32]) async -> (run: SeededRun<Outcome>, trace: [ChoicePoint])? {
            spent += 1
            let (candidate, trace) = await rerun(.replay(Interleaving(directives)))
            return fails(candidate.result) ? (candidate, trace) : nil
        }
        guard var best = await attempt(run.interleaving.choices) else { return nil }
        let original = (run.interleaving, best.trace.filter(\.preempts).count)
        var directives = Self.calmed(best.trace)
        var chunk = max(best.trace.filter(\.preempts).count / 2, 1)
        while spent < budget {
            let preempting = directives.indices.filter { directives[$0] != ReplayPicker.calm }
            guard !preempting.isEmpty else { break }
            var improved = false
            for start in stride(from: 0, to: preempting.count, by: chunk) where spent < budget {
                var candidate = directives
                for position in preempting[start..<min(start + chunk, preempting.count)] {
                    candidate[position] = ReplayPicker.calm
                }
                guard let found = await attempt(candidate) else { continue }
                if Self.measure(found.trace) < Self.measure(best.trace) {
                    best = found
                    directives = Self.calmed(found.trace)
                    improved = true
                    break
                }
            }
            if !improved {
                if chunk == 1 { break }
                chunk = max(chunk / 2, 1)
            } else {
                chunk = min(chunk, max(directives.filter { $0 != ReplayPicker.calm }.count / 2, 1))
            }
        }
        // Removing preemptions one at a time can leave two that fail only together, because a choice
        // is named by its place: once one is gone, the other names another choice point. So try single
        // preemptions near them: the run up to the first is calm either way, so those places hold.
        let preempting = best.trace.indices.filter { best.trace[$0].preempts }
        if preempting.count > 1, spent < budget {
            spent += 1
            let calmTrace = await rerun(.replay(Interleaving([]))).1
            let window = max(preempting.first! - 2, 0)..<min(preempting.last! + 3, calmTrace.count)
            search: for position in window {
                let point = calmTrace[position]
                for rank in 1..<max(point.count, 1) where spent < budget {
                    let directives = Array(repeating: ReplayPicker.calm, count: position) + [DepthFirst.index(ofRank: rank, at: point)]
                    if let found = await attempt(directives), Self.measure(found.trace) < Self.measure(best.trace) {
                        best = found
                        break search
                    }
                }
            }
        }
        return ShrunkCounterexample(interleaving: Interleaving(Self.calmed(best.trace), points: best.trace.count), result: best.run.result,
                              preemptions: best.trace.filter(\.preempts).count, choicePoints: best.trace.count,
                              original: original, runs: spent,
                              stoppedAtBudget: spent >= budget, timeline: best.run.timeline)
    }

    /// A run's choices with every calm one written as "calm" (so it stays calm wherever it falls),
    /// ending at the last preemption.
    static func calmed(_ trace: [ChoicePoint]) -> [UInt32] {
        var directives = trace.map { $0.preempts ? $0.index : ReplayPicker.calm }
        while directives.last == ReplayPicker.calm { directives.removeLast() }
        return directives
    }

    /// What shrinking makes smaller: preemptions first, then choice points.
    static func measure(_ trace: [ChoicePoint]) -> (Int, Int) {
        (trace.filter(\.preempts).count, trace.count)
    }
}

extension Claim {
    /// Shrinks `miss`, a counterexample of this claim's `every` condition from a run on the harness's
    /// thread, as `Exploration.shrink` does: the smallest schedule found whose run still misses it. Nil
    /// if the miss has no interleaving, the expectation no `every`, or the replay no longer misses (or a setting is bad).
    package func shrink(_ miss: Counterexample, budget: Int = 300) async -> ShrunkCounterexample<Outcome>? {
        guard let plan = try? Plan.resolve() else { return nil }
        return await shrink(miss, budget: budget, plan: plan)
    }

    /// `shrink(_:budget:)` under `plan`: the plan its check ran under (`ClaimResult.plan`).
    package func shrink(_ miss: Counterexample, budget: Int = 300, plan: Plan) async -> ShrunkCounterexample<Outcome>? {
        guard let every = expectation.every, expectation.fails == nil, let interleaving = miss.interleaving,
              miss.schedule?.isVirtualTime == true else { return nil }
        let body = self.body, options = self.options
        var exploration = Exploration<Outcome>(label: "claim", runs: [])
        exploration.plan = plan
        exploration.rerun = { schedule in
            await tracedRun(seed: 0, schedule, options: options, plan: plan) {
                try await Pace.$current.withValue(.virtual) { try await body() }
            }
        }
        let found = SeededRun<Outcome>(seed: 0, result: .failure(HarnessFailure(.threw, schedule: nil, summary: "not run")),
                                       scheduleHash: 0, elapsed: .zero, schedule: .replay(interleaving), interleaving: interleaving)
        return await exploration.shrink(found, budget: budget) { result in
            if case .success(let outcome) = result { return every.miss(outcome) != nil }
            return false
        }
    }
}
