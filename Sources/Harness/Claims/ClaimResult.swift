/// What checking a claim found: every run, the misses, and the control's result.
public struct ClaimResult<Outcome: Hashable & Sendable>: Sendable {
    /// The claim's statement.
    package var statement: String
    /// The expectation, in words.
    package var expectation: String
    /// Every run of the scenario, in order.
    package var runs: [ClaimRun<Outcome>]
    /// The runs (or the absence of one) that show the expectation missed; empty if it held.
    package var counterexamples: [Counterexample]
    /// The control's result (not run when the claim itself missed).
    package var control: ControlResult?
    /// A malformed `HARNESS_*` setting: nothing ran.
    package var badSetting: HarnessFailure?
    /// The plan the claim and its control ran under, resolved once as the check started (every default if a setting
    /// was bad): what a report asks of the settings (whether a replay string played, whether to shrink).
    package var plan = Plan()
    /// Why some run of the claim or its control gave no evidence either way, if one did: a time limit cut it twice
    /// (`HarnessFailure.hitTimeLimit`: a loaded machine, or a pool held by other work). The claim is then unguarded
    /// for that reason (`control` is `.none` with it); a claim's own such run keeps its control from running.
    package var noEvidence: String?
    /// A `HARNESS_SCHEDULE` string this claim's seeded runs do not fit (`HarnessFailure.isScheduleMisfit`):
    /// they replayed nothing, so they are left out of `runs`, and the control is not run.
    package var misfit: HarnessFailure?

    /// Whether the expectation held on every run (a misfit's runs left out).
    public var held: Bool { badSetting == nil && counterexamples.isEmpty }

    /// Whether it held, and the control made it fail: the only result the quiz calls validated
    /// (`judge(held:control:)`).
    public var validated: Bool {
        judge(held: held && misfit == nil, control: control) == .validated
    }

    /// Where the control made the expectation miss: `runtime` if a run on the real runtime shows it, else `model`;
    /// nil if the control did not fail. A claim about what the runtime does is validated only `on: .runtime`.
    package var controlFailedOn: ObservedOn?

    /// ` — not explored: …` where a seeded run waited for a `Synchronization.Mutex` (`NotExplored`); empty elsewhere.
    package var notExplored: String {
        let seeded = runs.filter { $0.schedule.isVirtualTime }
        return NotExplored.mutex(contended: seeded.filter { $0.mutexWaits > 0 }.count, of: seeded.count)
    }

    /// `1 (strict); 1 → 18 seeds, 2 → 2 seeds`: what each schedule gave, seeds as a distribution.
    package func observed(_ show: (Outcome) -> String = { "\($0)" }) -> String {
        ClaimResult.distribution(runs, show)
    }

    /// What `runs` gave: single runs by schedule, seeded runs as a distribution, most frequent first.
    static func distribution(_ runs: [ClaimRun<Outcome>], _ show: (Outcome) -> String) -> String {
        func text(_ result: Result<Outcome, HarnessFailure>) -> String {
            switch result {
            case .success(let outcome): show(outcome)
            case .failure(let failure): failure.kind.rawValue
            }
        }
        var parts = runs.filter { !$0.schedule.isVirtualTime }.map { "\(text($0.result)) (\($0.schedule))" }
        let ranked = mostFrequentFirst(runs.filter { $0.schedule.isVirtualTime }) { text($0.result) }
        let shown = ranked.prefix(4).map { "\($0.key) → \($0.items.count) seed\($0.items.count == 1 ? "" : "s")" }
        if !shown.isEmpty { parts.append(shown.joined(separator: "; ") + (ranked.count > 4 ? "; …" : "")) }
        return parts.joined(separator: "; ")
    }
}

extension ClaimResult {
    /// The result of a claim that did not run: a replay line named another (`HARNESS_CLAIM`). No runs, no misses.
    package init(notRun claim: Claim<Outcome>) {
        self.init(statement: claim.statement, expectation: "\(claim.expectation)", runs: [], counterexamples: [], control: nil)
    }
}
