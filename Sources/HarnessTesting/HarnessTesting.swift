// The one file of the harness that knows Swift Testing: it turns the harness's findings into
// issues that name the schedule, the seed and the command that replays them. Everything it reports
// comes from `Harness`, which never imports Testing.
import Foundation
import Harness
import Testing

/// The real schedules a stress test runs under as `@Test(arguments:)`; seeds go through `explore`.
public let realSchedules: [Schedule] = [.strict, .system]

/// Records `failure` as an issue at `sourceLocation`: what the run showed first, then `claim` (the
/// lesson's point), then how the tasks interleaved up to the failure, then the replay command.
public func record(_ failure: HarnessFailure, claim: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    TestProcess.start()
    var text = "\(failure)"
    if let claim { text += "\nThe claim: \(claim)." }
    if !failure.timeline.entries.isEmpty {
        text += "\nHow the run went:\n" + failure.timeline.render(maxRows: 16, ending: "\(failure.kind.rawValue)")
    }
    // A HARNESS_SCHEDULE string that another case of a parameterized test printed plays in every case
    // the filter selects: where it does not fit, that is said, as a warning, not a failure of this case.
    // If the string fits no run of the whole process, it replayed nothing: the process ends with an error then.
    let misfit = failure.isScheduleMisfit
    if misfit { TestProcess.exitsIfNothingFitted() }
    report(Comment(rawValue: text + "\nreplay: \(replayLines(for: failure))"),
                 severity: misfit ? .warning : .error, sourceLocation: sourceLocation)
}

/// Runs `body` under `schedule`; a harness failure (deadlock, blocked thread, leftovers, time
/// limit, an error thrown) becomes an issue naming the schedule and the replay command, and the
/// result is nil. A run a time limit cut (`HarnessFailure.hitTimeLimit`: the machine, or a pool or main actor held by
/// other tests, did not finish it in time) is no evidence either way, and is run once more before anything is said.
/// `claim`, if given, leads the issue: what the scenario should have shown.
public func runRecordingIssues<Value: Sendable>(
    _ schedule: Schedule,
    options: RunOptions = RunOptions(),
    claim: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async throws -> Value
) async -> Run<Value>? {
    TestProcess.start()
    var cut = false
    while true {
        do {
            return try await run(schedule, options: options, body)
        } catch where error.hitTimeLimit && !cut {
            cut = true
        } catch {
            record(error, claim: claim, sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// Explores `body` over seeds and prints the distribution; each failing seed (up to five) becomes
/// an issue with its replay command, led by `claim` if given. Nil only if the settings are bad (also
/// an issue).
public func exploreRecordingIssues<Outcome: Hashable & Sendable>(
    _ label: String,
    seeds: Int = 200,
    options: RunOptions = RunOptions(),
    claim: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async throws -> Outcome
) async -> Exploration<Outcome>? {
    TestProcess.start()
    let exploration: Exploration<Outcome>
    do {
        exploration = try await explore(label, seeds: seeds, options: options, body)
    } catch {
        record(error, sourceLocation: sourceLocation)
        return nil
    }
    report(exploration)
    let failures = exploration.failures
    for (_, failure) in failures.prefix(5) {
        record(failure, claim: claim, sourceLocation: sourceLocation)
    }
    if failures.count > 5 {
        report("…and \(failures.count - 5) more failing seeds of \(exploration.runs.count).",
                     sourceLocation: sourceLocation)
    }
    return exploration
}

/// Prints an exploration's distribution in the test's output.
public func report<Outcome>(_ exploration: Exploration<Outcome>) {
    let name = Test.current?.displayName ?? Test.current?.name ?? "scenario"
    let unit = if case .exhaustive = exploration.strategy { "run" } else { "seed" }
    print("◇ \(name): \(exploration) (\(counted(exploration.runs.count, unit)), \(counted(exploration.distinctSchedules, "distinct schedule")))")
}

/// Expects `holds` for the outcome of every seed; the issue lists the counterexamples with the
/// command that replays each.
public func expectEverySeed<Outcome>(
    _ exploration: Exploration<Outcome>,
    _ claim: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ holds: (Outcome) -> Bool
) {
    let bad = exploration.runs.compactMap { run -> (SeededRun<Outcome>, Outcome)? in
        guard case .success(let outcome) = run.result, !holds(outcome) else { return nil }
        return (run, outcome)
    }
    guard let (first, outcome) = bad.first else { return }
    // The first counterexample whole — how its tasks interleaved, then the line that replays it — and
    // the next ones by their seed.
    var text = "\(bad.count) of \(counted(exploration.runs.count, "seed")) broke the claim (\(exploration)).\n"
    text += "The claim: \(claim).\nThe first: \(name(of: first)) → \(abbreviated(outcome))\n"
    if !first.timeline.entries.isEmpty { text += first.timeline.render(maxRows: 16, ending: "the run returned \(abbreviated(outcome))") + "\n" }
    text += "  replay: \(replayText(for: first))"
    for (run, outcome) in bad.dropFirst().prefix(2) {
        text += "\nAlso \(name(of: run)) → \(abbreviated(outcome))\n  replay: \(replayText(for: run))"
    }
    report(Comment(rawValue: text), sourceLocation: sourceLocation)
}

/// `seed 0x…` for a seeded run, else its schedule: how a report names one run of an exploration.
func name<Outcome>(of run: SeededRun<Outcome>) -> String {
    if case .seeded(let seed) = run.schedule { return "seed \(Seed.format(seed))" }
    return "\(run.schedule)"
}

/// Expects `holds` for at least one seed's outcome: a bug that must show under some schedule.
public func expectSomeSeed<Outcome>(
    _ exploration: Exploration<Outcome>,
    _ claim: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ holds: (Outcome) -> Bool
) {
    guard exploration.seeds(where: holds).isEmpty else { return }
    report("""
        Never happened in \(counted(exploration.runs.count, "seed")) (\(exploration)). The claim: \(claim).
        Rerun a wider slice: HARNESS_SEEDS=0..<10000 \(replayCommand(for: nil))
        """, sourceLocation: sourceLocation)
}

/// Expects the run of `body` under `schedule` to fail with `kind` (a deadlock that must happen);
/// a run that finishes, or fails otherwise, is an issue naming the schedule and the replay command.
/// Returns the failure when it is the expected kind.
@discardableResult
public func expectFailure<Value: Sendable>(
    _ kind: HarnessFailure.Kind,
    under schedule: Schedule,
    options: RunOptions = RunOptions(),
    _ claim: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async throws -> Value
) async -> HarnessFailure? {
    TestProcess.start()
    do {
        let run = try await run(schedule, options: options, body)
        report("""
            \(claim) — expected \(kind.rawValue) under \(run.ranAs), but the scenario finished with \(abbreviated(run.value))
            replay: \(replayCommand(for: schedule))
            """, sourceLocation: sourceLocation)
        return nil
    } catch where error.kind == kind {
        return error
    } catch {
        report("""
            \(claim) — expected \(kind.rawValue), got: \(error)
            replay: \(replayCommand(for: schedule))
            """, sourceLocation: sourceLocation)
        return nil
    }
}

/// Expects `holds` for the outcome of every run of `exploration`, like `expectEverySeed`; a
/// counterexample is also shrunk (`Exploration.shrink`, at most `shrinkBudget` runs), and the issue
/// shows the smallest one first — its timeline of notes and its replay string — then the first
/// counterexample as found.
public func expectEveryRun<Outcome>(
    _ exploration: Exploration<Outcome>,
    _ claim: String,
    shrinkBudget: Int = 300,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ holds: @escaping @Sendable (Outcome) -> Bool
) async {
    let bad = exploration.runs.filter { run in
        guard case .success(let outcome) = run.result else { return false }
        return !holds(outcome)
    }
    guard let first = bad.first else { return }
    var unit = "seeds"
    if case .exhaustive = exploration.strategy { unit = "schedules" }
    else if case .replay = first.schedule { unit = "replayed runs (HARNESS_SCHEDULE)" }
    var text = "\(bad.count) of \(exploration.runs.count) \(unit) broke the claim (\(exploration)).\nThe claim: \(claim)."
    let fails: @Sendable (Result<Outcome, HarnessFailure>) -> Bool = { result in
        guard case .success(let outcome) = result else { return false }
        return !holds(outcome)
    }
    var shown = false
    if first.interleaving.choices.count > maxChoicePointsToShrink {
        text += "\n(Not shrunk: its run made \(first.interleaving.choices.count) choices, and shrinking replays runs of up " +
            "to \(maxChoicePointsToShrink); a smaller case of the same test shows the shape.)"
    } else if let shrunk = await exploration.shrink(first, budget: shrinkBudget, where: fails),
              case .success(let outcome) = shrunk.result {
        shown = true
        text += """

            \(smallestLine(shrunk, outcome: outcome, replayed: first.schedule.isReplay))
            \(shrunk.timeline.render(ending: "the run returned \(abbreviated(outcome))"))
              replay: \(replayCommand(for: .replay(shrunk.interleaving)))
            """
    }
    // A replayed string is its own first-found run: shown once, above.
    var replayed = false
    if case .replay = first.schedule { replayed = shown }
    if !replayed {
        let found = (try? first.result.get()).map { abbreviated($0) } ?? ""
        text += "\nAs first found: \(name(of: first)) → \(found)\n"
        text += first.timeline.render(maxRows: 12, ending: "the run returned \(found)") + "\n"
        text += "  replay: \(replayText(for: first))"
    }
    report(Comment(rawValue: text), sourceLocation: sourceLocation)
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

extension Schedule {
    /// Whether this is a replayed interleaving (a HARNESS_SCHEDULE string, or one asked for by name).
    var isReplay: Bool {
        if case .replay = self { return true }
        return false
    }
}
