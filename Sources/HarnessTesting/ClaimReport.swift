import Harness
import Testing

/// What `verify` records for one claim's result: at most one issue for its runs (and one for a control that held),
/// each with what was observed first, the claim, then how to see it again; and the attachments of a miss.
///
/// A pure function of the result, so tests read its text and attachments without recording anything.
struct ClaimReport<Outcome: Hashable & Sendable> {
    /// One issue's text and severity.
    struct Entry: Equatable {
        /// The comment.
        var text: String
        /// A warning (a replay string of another case, a run without evidence) or an error.
        var warning = false
    }

    /// The issues, in order.
    var issues: [Entry] = []
    /// Attachments, by file name: the timeline a miss shows first, and the line that replays it.
    var attachments: [(name: String, text: String)] = []
    /// Whether the process must check, as it ends, that a pasted `HARNESS_SCHEDULE` fitted some run.
    var checksTheReplayFitted = false

    /// The first counterexample whose run can be replayed and so made smaller: a run on the harness's thread.
    static func shrinkable(_ result: ClaimResult<Outcome>) -> Counterexample? {
        result.counterexamples.first { $0.interleaving != nil && $0.schedule?.isVirtualTime == true }
    }

    /// The report of `result`; `shrunk`, if given, is its first shrinkable counterexample made small.
    /// `replaying`: a `HARNESS_SCHEDULE` string is in effect (its run is shown even when the claim held).
    init(_ result: ClaimResult<Outcome>, shrunk: ShrunkCounterexample<Outcome>? = nil,
         replaying: Bool = ClaimReport.replayStringInEffect) {
        if let bad = result.badSetting {
            issues.append(Entry(text: "\(result.statement) — nothing ran: \(bad)"))
            return
        }
        if let misfit = result.misfit {
            // Another case's string (a filter selects every case): said, as a warning; the process ends in an error
            // only if the string fitted no run at all.
            checksTheReplayFitted = true
            issues.append(Entry(text: "\(result.statement) — its seeded runs were not replayed: \(misfit)", warning: true))
        }
        if let first = result.counterexamples.first {
            issues.append(Entry(text: missed(result, first: first, shrunk: shrunk)))
        }
        if replaying, result.counterexamples.isEmpty, result.misfit == nil,
           let played = result.runs.first(where: { if case .replay = $0.schedule { true } else { false } }) {
            // A pasted string whose run now holds: what it did is what the reader came for, so it is shown, as a warning.
            let timeline = switch played.result {
            case .success(let outcome): played.timeline.render() + "\n    ✔  the run returned \(abbreviated(outcome))"
            case .failure(let failure): played.timeline.render(ending: failure.summary)  // as the claim expects
            }
            issues.append(Entry(text: "\(result.statement) — held on the replayed run, \(played.schedule):\n\(timeline)",
                                warning: true))
            attachments = [("timeline.txt", timeline)]
        }
        if let why = result.noEvidence {
            // A time limit cut a run twice: not a failure of the claim (a timeout is never a catch), and not a pass with
            // evidence either; said, as a warning.
            issues.append(Entry(text: "\(result.statement) — unguarded, \(why)", warning: true))
        }
        if case .held? = result.control {
            issues.append(Entry(text: "\(result.statement) — \(result.control!)"))
        }
    }

    /// The one issue of a claim that missed: the first miss as observed, the claim, the smallest counterexample
    /// (or the first as found) with its timeline and replay line, the other misses by name, then every run, once.
    private mutating func missed(_ result: ClaimResult<Outcome>, first: Counterexample,
                                 shrunk: ShrunkCounterexample<Outcome>?) -> String {
        var text = "\(first)\nThe claim: \(result.statement) (expected \(result.expectation))."
        let shrinkable = Self.shrinkable(result)
        var shown = first
        if let shrunk, let found = shrinkable, case .success(let outcome) = shrunk.result {
            let replayed = found.schedule.map { if case .replay = $0 { true } else { false } } ?? false
            let timeline = shrunk.timeline.render(ending: "the run returned \(abbreviated(outcome))")
            let replay = replayCommand(for: .replay(shrunk.interleaving))
            text += "\n\(smallestLine(shrunk, outcome: outcome, replayed: replayed))\n\(timeline)\n  replay: \(replay)"
            attachments = [("timeline.txt", timeline), ("replay.txt", replay)]
            // A replayed string is its own first-found run: shown once, above.
            if !replayed {
                text += "\nAs first found, \(found):\n" + found.timeline.render(maxRows: 12, ending: found.what, legend: false)
                    + "\n  replay: \(replayLine(for: found))"
            }
            shown = found
        } else {
            let timeline = first.timeline.render(maxRows: 16, ending: first.what)
            let replay = replayLine(for: first)
            if first.schedule != nil { text += "\nHow the run went:\n\(timeline)" }
            text += "\n  replay: \(replay)"
            attachments = first.schedule != nil ? [("timeline.txt", timeline), ("replay.txt", replay)] : [("replay.txt", replay)]
            if let shrinkable, shrinkable.interleaving.map({ $0.choices.count > maxChoicePointsToShrink }) == true {
                text += "\n(Not shrunk: its run made \(shrinkable.interleaving!.choices.count) choices, and shrinking "
                    + "replays runs of up to \(maxChoicePointsToShrink); a smaller case of the same test shows the shape.)"
            }
        }
        let others = result.counterexamples.filter { $0 != shown && $0 != first }
        for miss in others.prefix(2) {
            text += "\nAlso \(miss)\n  replay: \(replayLine(for: miss))"
        }
        if others.count > 2 { text += "\n…and \(others.count - 2) more." }
        let missedRuns = result.counterexamples.filter { $0.schedule != nil }.count
        let count = missedRuns > 0 ? "\(missedRuns) of \(counted(result.runs.count, "run")) missed" : counted(result.runs.count, "run")
        text += "\nEvery run (\(count)): \(result.observed { described($0) })"
        return text
    }

    /// Whether this process plays a `HARNESS_SCHEDULE` string in its seeded runs.
    static var replayStringInEffect: Bool {
        guard case .success(let settings) = Settings.current else { return false }
        return settings.exploration.schedule != nil
    }

    /// Records the issues and the attachments at `sourceLocation`.
    func record(sourceLocation: SourceLocation) {
        if checksTheReplayFitted { TestProcess.exitsIfNothingFitted() }
        // A test of the adapter's own words captures the issues (`capturingIssues`): it attaches nothing either.
        if IssueCapture.current == nil {
            for (name, text) in attachments {
                Attachment.record(text, named: name, sourceLocation: sourceLocation)
            }
        }
        for issue in issues {
            report(Comment(rawValue: issue.text), severity: issue.warning ? .warning : .error, sourceLocation: sourceLocation)
        }
    }
}

/// The line that leads a shrunk counterexample: what it returned, its preemptions, and where it came from. Shrunk
/// from the run as found (or, `replayed`, from the run a HARNESS_SCHEDULE string played), or, when no smaller one
/// turned up, that run itself: "shrunk from 1" would say a replay had been made smaller when it was not.
func smallestLine<Outcome>(_ shrunk: ShrunkCounterexample<Outcome>, outcome: Outcome, replayed: Bool) -> String {
    let origin = shrunk.preemptions < shrunk.original.preemptions
        ? "shrunk from \(replayed ? "the replayed run's " : "")\(shrunk.original.preemptions) in \(counted(shrunk.runs, "run"))"
        : "\(replayed ? "the replayed run itself" : "the run as found"): no smaller one in \(counted(shrunk.runs, "run"))"
    return "Smallest counterexample found: \(abbreviated(outcome)), with \(counted(shrunk.preemptions, "preemption")) "
        + "(\(origin)\(shrunk.stoppedAtBudget ? ", stopped at its budget" : "")):"
}

/// The line that replays `miss`: its interleaving (and its seed), its schedule's command, or — when no single run
/// shows it — a wider slice of seeds.
func replayLine(for miss: Counterexample) -> String {
    guard let schedule = miss.schedule else { return "HARNESS_SEEDS=0..<10000 \(replayCommand(for: nil))" }
    switch schedule {
    case .system: return replayCommand(for: .system) + " (reruns it: the real pool has no schedule to replay)"
    case .strict: return replayCommand(for: .strict) + " (the strict pool runs first in, first out: every run is this run)"
    default: return miss.interleaving.map { replayText(for: schedule, $0) } ?? replayCommand(for: schedule)
    }
}
