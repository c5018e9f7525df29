import ConcurrencyHarness
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

    /// The first counterexample whose run can be replayed and so made smaller: a run on the harness's thread that
    /// made a choice (a run with no choice point is the only schedule its scenario has: nothing to shrink).
    static func shrinkable(_ result: ClaimResult<Outcome>) -> Counterexample? {
        result.counterexamples.first {
            $0.schedule?.isVirtualTime == true && $0.interleaving.map { !$0.hasNoChoicePoint } == true
        }
    }

    /// The report of `result`; `shrunk`, if given, is its first shrinkable counterexample made small, and
    /// `shrunkMiss` what the claim's condition says of its outcome (`10 bees at once left 18 drops: lost 2`).
    /// `claim`: the claim's key (`Claim.key`), which its replay lines name so that they replay it alone.
    /// `replaying`: a `HARNESS_SCHEDULE` string is in effect (its run is shown even when the claim held); nil: as the
    /// result's plan says.
    init(_ result: ClaimResult<Outcome>, shrunk: ShrunkCounterexample<Outcome>? = nil, shrunkMiss: String? = nil,
         claim: String? = nil, replaying: Bool? = nil) {
        self.claim = claim
        let replaying = replaying ?? (result.plan.replay != nil)
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
            issues.append(Entry(text: missed(result, first: first, shrunk: shrunk, shrunkMiss: shrunkMiss)))
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
        if result.counterexamples.isEmpty, result.misfit == nil, !result.notExplored.isEmpty {
            // Held on every seed — but not over what no seed could pause: said, as a warning.
            issues.append(Entry(text: "\(result.statement) — held on every seeded run\(result.notExplored)", warning: true))
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

    /// The claim's key, which every replay line names (`HARNESS_CLAIM=…`); nil for none.
    private var claim: String? = nil

    /// The one issue of a claim that missed: the first miss as observed, the claim, the smallest counterexample
    /// (or the first as found) with its timeline and replay line, the other misses by name, then every run, once.
    /// Misses whose runs made the same choices are one run, shown once with the seeds that ran it.
    private mutating func missed(_ result: ClaimResult<Outcome>, first: Counterexample,
                                 shrunk: ShrunkCounterexample<Outcome>?, shrunkMiss: String?) -> String {
        var text = "\(observed(first, in: result))\nThe claim: \(result.statement) (expected \(result.expectation))."
        let groups = Self.sameRuns(result.counterexamples)
        /// The other seeds that ran `miss`'s very run, said after its replay line.
        func sameRun(as miss: Counterexample) -> String {
            let others = (groups.first { $0.contains(miss) } ?? []).filter { $0 != miss }.compactMap(\.schedule)
            guard !others.isEmpty else { return "" }
            let why = miss.interleaving?.hasNoChoicePoint == true ? "the scenario has no choice point: every seed runs it"
                : "their schedules made the same choices"
            return "\n  (the same run under \(Self.listed(others.map(\.description))): \(why))"
        }
        let shrinkable = Self.shrinkable(result)
        var shown = first
        if let shrunk, let found = shrinkable, case .success(let outcome) = shrunk.result {
            let replayed = found.schedule.map { if case .replay = $0 { true } else { false } } ?? false
            let ending = shrunkMiss ?? "the run returned \(abbreviated(outcome))"
            let timeline = shrunk.timeline.render(ending: ending)
            let replay = replayCommand(for: .replay(shrunk.interleaving), claim: claim)
            text += "\n\(smallestLine(shrunk, ending: ending, replayed: replayed))\n\(timeline)\n  replay: \(replay)"
            attachments = [("timeline.txt", timeline), ("replay.txt", replay)]
            // A replayed string is its own first-found run: shown once, above.
            if !replayed {
                text += "\nAs first found, \(observed(found, in: result)):\n"
                    + found.timeline.render(maxRows: 12, ending: found.what, legend: false)
                    + "\n  replay: \(replayLine(for: found, claim: claim))"
            }
            text += sameRun(as: found)
            shown = found
        } else {
            let timeline = first.timeline.render(maxRows: 16, ending: first.what)
            let replay = replayLine(for: first, claim: claim)
            if first.schedule != nil { text += "\nHow the run went:\n\(timeline)" }
            text += "\n  replay: \(replay)" + sameRun(as: first)
            attachments = first.schedule != nil ? [("timeline.txt", timeline), ("replay.txt", replay)] : [("replay.txt", replay)]
            if let shrinkable, shrinkable.interleaving.map({ $0.choices.count > maxChoicePointsToShrink }) == true {
                text += "\n(Not shrunk: its run made \(shrinkable.interleaving!.choices.count) choices, and shrinking "
                    + "replays runs of up to \(maxChoicePointsToShrink); a smaller case of the same test shows the shape.)"
            }
        }
        let others = groups.filter { !$0.contains(shown) && !$0.contains(first) }
        for group in others.prefix(2) {
            let miss = group[0]
            text += "\nAlso \(observed(miss, in: result))\n  replay: \(replayLine(for: miss, claim: claim))" + sameRun(as: miss)
        }
        if others.count > 2 { text += "\n…and \(others.count - 2) more missed runs." }
        let missedRuns = result.counterexamples.filter { $0.schedule != nil }.count
        let count = missedRuns > 0 ? "\(missedRuns) of \(counted(result.runs.count, "run")) missed" : counted(result.runs.count, "run")
        text += "\nEvery run (\(count)): \(result.observed { described($0) })"
        return text
    }

    /// `under pct(0x…04, depth 2), the portfolio's PCT at depth 2 (7 seeds in 20), seeded run 5 of 100: 10 bees at once
    /// left 4 drops: lost 16`: a miss, with the strategy that gave it its schedule and which of the claim's seeded runs it was.
    func observed(_ miss: Counterexample, in result: ClaimResult<Outcome>) -> String {
        let seeded = result.runs.filter { $0.schedule.isVirtualTime }
        guard let schedule = miss.schedule, let under = miss.under, schedule.isVirtualTime, seeded.count > 1,
              let index = seeded.firstIndex(where: { $0.schedule == schedule }) else { return miss.description }
        return "\(under), seeded run \(index + 1) of \(seeded.count): \(miss.what)"
    }

    /// The misses, grouped by run: misses whose runs made the same choices and missed alike are one run under several
    /// seeds (every seed of a scenario with no choice point runs the same one). In order of each group's first.
    static func sameRuns(_ misses: [Counterexample]) -> [[Counterexample]] {
        var groups: [[Counterexample]] = []
        for miss in misses {
            if let interleaving = miss.interleaving, miss.schedule?.isVirtualTime == true,
               let index = groups.firstIndex(where: { $0[0].interleaving == interleaving && $0[0].what == miss.what
                   && $0[0].schedule?.isVirtualTime == true }) {
                groups[index].append(miss)
            } else {
                groups.append([miss])
            }
        }
        return groups
    }

    /// `a`, `a and b`, `a, b and c`, `a, b, c and 4 more`.
    static func listed(_ names: [String]) -> String {
        let shown = names.count > 4 ? Array(names.prefix(3)) + ["\(names.count - 3) more"] : names
        return shown.count <= 1 ? shown.joined() : shown.dropLast().joined(separator: ", ") + " and " + shown.last!
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

/// The line that leads a shrunk counterexample: what it showed (`ending`: the claim's miss, or what the run
/// returned), its preemptions and what it was shrunk from, each number said for what it counts. Shrunk from the run
/// as found (or, `replayed`, from the run a HARNESS_SCHEDULE string played), or, when no smaller one turned up, that
/// run itself: "shrunk from 1" would say a replay had been made smaller when it was not.
func smallestLine<Outcome>(_ shrunk: ShrunkCounterexample<Outcome>, ending: String, replayed: Bool) -> String {
    let run = replayed ? "the replayed run" : "the run as first found"
    let replays = counted(shrunk.runs, "replay")
    let budget = shrunk.stoppedAtBudget ? ", stopped at its budget" : ""
    let origin = shrunk.preemptions < shrunk.original.preemptions
        ? "\(run) had \(shrunk.original.preemptions); \(replays) to shrink it\(budget)"
        : "as in \(run) itself: no smaller one in \(replays)\(budget)"
    return "Smallest counterexample found: \(ending) — a schedule with \(counted(shrunk.preemptions, "preemption")) "
        + "(\(origin)):"
}

/// The line that replays `miss`: its interleaving (and its seed), its schedule's command, or — when no single run
/// shows it — a wider slice of seeds; each naming `claim` (its key), so that only this claim runs.
func replayLine(for miss: Counterexample, claim: String? = nil) -> String {
    guard let schedule = miss.schedule else { return "HARNESS_SEEDS=0..<10000 \(replayCommand(for: nil, claim: claim))" }
    switch schedule {
    case .system: return replayCommand(for: .system, claim: claim) + " (reruns it: the real pool has no schedule to replay)"
    case .strict:
        return replayCommand(for: .strict, claim: claim) + " (the strict pool runs first in, first out: every run is this run)"
    default:
        return miss.interleaving.map { replayText(for: schedule, $0, claim: claim) } ?? replayCommand(for: schedule, claim: claim)
    }
}
