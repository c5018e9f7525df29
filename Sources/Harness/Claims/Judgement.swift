// Where a verdict is decided: one rule for every kind of check — a claim's runs under the harness, a snippet the
// compiler reads, a program built and run, a crash in a child process. Each kind only says what its runs showed
// (`ControlEvidence`); what that evidence is worth is written here, once: `judge(held:control:)` for the verdict,
// `ControlResult.judging` for the control, `Expectation.evidence` for which runs of a claim's control count.

/// What one run of a control showed about the check it guards.
package enum ControlEvidence: Sendable, Hashable {
    /// The check missed under the control, as it must: what showed it.
    case missed(String)
    /// The check held under the control too: what was observed.
    case held(String)
    /// The run did not get as far as the property the check is about — it did not finish, did not compile, did
    /// not build, crashed where a crash is what is checked — so it shows nothing either way: why.
    case noEvidence(String)
    /// A time limit cut the run (a harness run's twice, `HarnessFailure.hitTimeLimit`: a loaded machine, a pool held by
    /// other work; a child process that ran out of its time, `ChildOutcome.ranOutOfTime`), as the words say: it shows
    /// nothing about the scenario, and a control with such a run and no miss cannot be said to hold.
    case cutByTimeLimit(String)

    /// Whether the check missed under the control.
    package var isMissed: Bool { if case .missed = self { true } else { false } }

    /// The words, whichever it is.
    package var text: String {
        switch self {
        case .missed(let text), .held(let text), .noEvidence(let text), .cutByTimeLimit(let text): text
        }
    }
}

/// The verdict on a check, before any kind-specific wording: the lesson's answer held here and its control made
/// it fail (validated), held with nothing to show it could have failed (unguarded, with why), or did not hold.
package enum Judgement: Sendable, Hashable {
    /// The expectation held, and its control made it miss: the check could have failed, and did not.
    case validated
    /// The expectation held, but nothing shows it could have failed: why (no control, none ran, or it held too).
    case unguarded(String)
    /// The expectation did not hold.
    case contradicted
}

/// The one rule: validated only if the expectation held and the control made it miss; unguarded if it held but no
/// control exists (with why), none ran, the control held too, or its runs showed nothing either way (no evidence
/// that the check could fail); contradicted if the expectation did not hold.
package func judge(held: Bool, control: ControlResult?) -> Judgement {
    guard held else { return .contradicted }
    switch control {
    case .failed?: return .validated
    case .held(let name, let observed)?: return .unguarded("control \(name) held too: \(observed)")
    case .none(let why)?: return .unguarded(why)
    case nil: return .unguarded("no control ran")
    }
}

extension ControlResult {
    /// The control named `name`, from what its runs showed: failed with the first miss's evidence if any run that
    /// shows something missed; otherwise held — as `observed` says, or as its runs' words say — if any run showed
    /// the check holding. A run a time limit cut keeps it from holding, and runs that all showed nothing (each ended
    /// before the property the check is about) are no evidence: then the control is unguarded with why, never
    /// "held too".
    package static func judging(_ name: String, _ runs: [ControlEvidence], observed: String? = nil) -> ControlResult {
        for case .missed(let evidence) in runs {
            return .failed(name: name, evidence: evidence)
        }
        for case .cutByTimeLimit(let why) in runs {
            return .none(why: "no evidence: control \(name) gave none: \(why)")
        }
        guard runs.contains(where: { if case .held = $0 { true } else { false } }) else {
            let why = runs.isEmpty ? "it did not run" : Array(Set(runs.map(\.text))).sorted().joined(separator: "; ")
            return .none(why: "no evidence: every run of control \(name) ended before showing anything (\(why))")
        }
        return .held(name: name, observed: observed ?? runs.map(\.text).joined(separator: "; "))
    }
}

extension Expectation {
    /// What each run of a control shows against this expectation: a run that ended in a harness failure (a
    /// deadlock, a leftover) is no evidence — where values were expected it has none, and where the claim is that
    /// runs end in a failure of some kind, only a control that finishes shows the failure comes from what the claim
    /// names; a finished run missed or held; and, among the finished runs, none showing what `some` wants is a
    /// miss of them all.
    /// A failure of a kind in `missedBy` is a miss: the claim names it as what its control's wrong shape shows (a
    /// producer that never stops ends in leftover work).
    package func evidence(_ runs: [ClaimRun<Outcome>], missedBy: Set<HarnessFailure.Kind> = []) -> [ControlEvidence] {
        let finished = runs.filter { if case .success = $0.result { true } else { false } }
        var shown: [ControlEvidence] = runs.map { run in
            if case .failure(let failure) = run.result {
                if missedBy.contains(failure.kind), !failure.hitTimeLimit {
                    return .missed("under \(run.schedule): \(failure.kind.rawValue), as the claim says its wrong shape ends")
                }
                return failure.hitTimeLimit ? .cutByTimeLimit("its run hit its time limit twice (\(failure.summary))")
                    : .noEvidence(failure.kind.rawValue)
            }
            // This run's own miss (one with its schedule), not what `some` says of a pool of one.
            return misses([run]).first { $0.schedule != nil }.map { .missed($0.description) } ?? .held("")
        }
        if !finished.isEmpty, let collective = misses(finished).first(where: { $0.schedule == nil }) {
            shown.append(.missed(collective.description))
        }
        return shown
    }
}

/// `items` grouped by `key`, most frequent first (ties in order of first appearance): how a distribution of seeded
/// runs is shown everywhere (the claim's line, the quiz's JSON, an exploration's summary).
package func mostFrequentFirst<Item, Key: Hashable>(_ items: [Item], by key: (Item) -> Key) -> [(key: Key, items: [Item])] {
    var order: [Key] = []
    var groups: [Key: [Item]] = [:]
    for item in items {
        let one = key(item)
        if groups[one] == nil { order.append(one) }
        groups[one, default: []].append(item)
    }
    return order.enumerated()
        .sorted { left, right in
            let (l, r) = (groups[left.element]!.count, groups[right.element]!.count)
            return l != r ? l > r : left.offset < right.offset
        }
        .map { ($0.element, groups[$0.element]!) }
}
