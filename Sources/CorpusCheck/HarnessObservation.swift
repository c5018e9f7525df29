import ConcurrencyProofsCorpusPrograms
import ConcurrencyHarness

/// The four ways the corpus is run under the harness, with default `RunOptions`: ordinary code, no special options.
public enum Trial: String, Sendable, CaseIterable {
    /// The strict pool: one thread, first in first out, real time (so a timer may be late, as on the real runtime).
    case strict
    /// Seeded schedules: one thread, seeded picks, virtual time (exact timers).
    case seeded
    /// PCT schedules (depth 3): one thread, priorities with change points, virtual time.
    case pct = "PCT"
    /// The seeded schedules again: the same seed must give the same schedule and the same outcome.
    case rerun = "same seed twice"
}

/// One run of a program under the harness.
public struct HarnessRun: Sendable {
    /// The outcome, or the harness's failure.
    public var result: Result<String, HarnessFailure>
    /// The schedule it ran under.
    public var schedule: Schedule
    /// Its choices (up to the failure, for one that failed): what replays it.
    public var interleaving: Interleaving
    /// The schedule's hash (0 when it failed).
    public var scheduleHash: UInt64
    /// The pass it belongs to: 1, or 2 for the same trials again in the same process (where state the first pass
    /// made — a `static let` with a thread of its own — is already there).
    public var pass = 1
    /// Times a job waited for a `Synchronization.Mutex` another held (virtual-time runs).
    public var mutexWaits = 0

    /// The outcome, or the failure's kind: `[2]`, `deadlock`.
    public var label: String {
        switch result {
        case .success(let outcome): outcome
        case .failure(let failure): failure.kind.rawValue
        }
    }

    /// Whether the harness failed the run.
    public var failed: Bool {
        if case .failure = result { return true }
        return false
    }

    /// What the run gave, in the terms of `program`'s set: its outcome; `Program.deadlock` for a deadlock the program
    /// allows and the harness reported as a lock-order inversion naming both holders (`LockWaits`); nil for any other
    /// failure, which is never an outcome.
    public func outcome(of program: Program) -> String? {
        switch result {
        case .success(let outcome):
            return outcome
        case .failure(let failure):
            guard program.mayDeadlock, failure.kind == .deadlock, LockWaits(failure.summary)?.isCycle == true else {
                return nil
            }
            return Program.deadlock
        }
    }
}

/// The waits a deadlock report names (`task 2 waits for lock 2, held by task 1; task 1 waits for lock 1, held by
/// task 2`), read back from its words: the harness says them only in its summary.
public struct LockWaits: Sendable {
    /// Each wait: the waiting task, the lock's number, the task holding it.
    public var waits: [(waiter: String, lock: String, holder: String)]

    /// The waits `summary` names after its lock-order inversion sentence, or nil if it names none.
    public init?(_ summary: String) {
        guard summary.contains("(a lock-order inversion)"),
              let list = summary.firstMatch(of: #/only a waiting task can release: (?<list>[^.]+)\./#)?.list
        else { return nil }
        waits = list.split(separator: "; ").compactMap { wait in
            wait.wholeMatch(of: #/(?<waiter>.+) waits for lock (?<lock>\d+), held by (?<holder>.+)/#)
                .map { (waiter: String($0.waiter), lock: String($0.lock), holder: String($0.holder)) }
        }
        guard !waits.isEmpty else { return nil }
    }

    /// Whether the waits are a cycle in which every lock's holder is named: two locks at least, each holder itself
    /// one of the waiting tasks, each waiting task the holder of a lock another waits for.
    public var isCycle: Bool {
        let waiters = Set(waits.map(\.waiter)), holders = Set(waits.map(\.holder))
        return Set(waits.map(\.lock)).count >= 2 && waiters.count == waits.count && waiters == holders
    }
}

/// What the harness made of one program: every run of every trial.
public struct HarnessObservation: Sendable {
    /// The program.
    public let program: Program
    /// The runs of each trial, in order, pass after pass (for `rerun`, the second run of each seed).
    public var runs: [Trial: [HarnessRun]] = [:]
    /// How many passes were made.
    public var passes = 1

    /// The runs of `trial`.
    public subscript(trial: Trial) -> [HarnessRun] { runs[trial] ?? [] }
}

/// A false verdict of the harness, by kind: every run of one trial that showed the same thing.
public struct Finding: Sendable, CustomStringConvertible {
    /// The trial.
    public var trial: Trial
    /// What those runs showed: a failure's kind, an outcome outside the set, or for `rerun` "X, then Y".
    public var observed: String
    /// The runs that showed it.
    public var runs: [HarnessRun]
    /// How many runs the trial made.
    public var of: Int
    /// How many passes the trial was run in.
    public var passes = 1

    /// `seeded: deadlock on 215 of 500 runs`, and with two passes `(first pass 100, second 115)`.
    public var description: String {
        var text = "\(trial.rawValue): \(observed) on \(runs.count) of \(of) runs"
        if passes > 1 {
            let perPass = (1...passes).map { pass in runs.count(where: { $0.pass == pass }) }
            text += " (" + perPass.enumerated().map { "\(Self.ordinal($0.offset + 1)) pass \($0.element)" }
                .joined(separator: ", ") + ")"
        }
        return text
    }

    /// `first`, `second`, `pass 3`.
    public static func ordinal(_ pass: Int) -> String {
        switch pass {
        case 1: "first"
        case 2: "second"
        default: "\(pass)th"
        }
    }
}

extension HarnessObservation {
    /// Runs `program` under the harness, `passes` times over in this process: each pass `strictRuns` runs under
    /// `strict`; `seeds` seeds seeded, the same seeds again, and as many PCT seeds (`HARNESS_SEEDS`,
    /// `HARNESS_ITERATIONS` and `HARNESS_SEED` apply as to every explorer). A second pass meets what the first left
    /// in the process: a `static let` made at first use, with its thread, queue or timer.
    ///
    /// - Throws: a `badSetting` failure for a malformed `HARNESS_*` variable: nothing was run.
    public static func observe(_ program: Program, strictRuns: Int = 20, seeds: Int, passes: Int = 2)
        async throws(HarnessFailure) -> HarnessObservation
    {
        var observation = HarnessObservation(program: program)
        for pass in 1...max(passes, 1) {
            let runs = try await observeOnce(program, strictRuns: strictRuns, seeds: seeds)
            for (trial, trialRuns) in runs.runs {
                observation.runs[trial, default: []] += trialRuns.map { run in
                    var run = run
                    run.pass = pass
                    return run
                }
            }
        }
        observation.passes = max(passes, 1)
        return observation
    }

    /// One pass of `observe`.
    private static func observeOnce(_ program: Program, strictRuns: Int, seeds: Int) async throws(HarnessFailure)
        -> HarnessObservation
    {
        var observation = HarnessObservation(program: program)
        let body = program.body
        var strict: [HarnessRun] = []
        for _ in 0..<strictRuns {
            do {
                let run = try await run(.strict, body)
                strict.append(HarnessRun(result: .success(run.value), schedule: run.ranAs, interleaving: run.interleaving,
                                         scheduleHash: run.scheduleHash))
            } catch where error.kind == .badSetting {
                throw error
            } catch {
                strict.append(HarnessRun(result: .failure(error), schedule: .strict, interleaving: Interleaving([]),
                                         scheduleHash: 0))
            }
        }
        observation.runs[.strict] = strict
        observation.runs[.seeded] = try await explore(program.name, seeds: seeds, strategy: .random, body)
            .runs.map(HarnessRun.init)
        observation.runs[.rerun] = try await explore(program.name, seeds: seeds, strategy: .random, body)
            .runs.map(HarnessRun.init)
        observation.runs[.pct] = try await explore(program.name, seeds: seeds,
                                                   strategy: .pct(depth: Search.defaultPCTDepth), body)
            .runs.map(HarnessRun.init)
        return observation
    }

    /// Every false verdict, grouped by trial and by what was seen: a failure where real runs finish (any, on any
    /// trial); an outcome the language does not allow (on `strict`, which runs in real time, any of
    /// `Program.allowed`; on the virtual-time trials, only `Program.onTime`); a seed whose second run differed from
    /// its first, in outcome or in schedule.
    public var findings: [Finding] {
        var findings: [Finding] = []
        func group(_ trial: Trial, _ runs: [HarnessRun], _ observed: (HarnessRun) -> String?) {
            var seen: [String: [HarnessRun]] = [:]
            var order: [String] = []
            for run in runs {
                guard let what = observed(run) else { continue }
                if seen[what] == nil { order.append(what) }
                seen[what, default: []].append(run)
            }
            findings += order.map {
                Finding(trial: trial, observed: $0, runs: seen[$0]!, of: runs.count, passes: passes)
            }
        }
        group(.strict, self[.strict]) { run in
            guard let outcome = run.outcome(of: program) else { return run.label }
            return program.allows(outcome) ? nil : "\"\(outcome)\""
        }
        for trial in [Trial.seeded, .pct] {
            group(trial, self[trial]) { run in
                guard let outcome = run.outcome(of: program) else { return run.label }
                return program.allowsOnTime(outcome) ? nil : "\"\(outcome)\""
            }
        }
        let pairs = zip(self[.seeded], self[.rerun]).map { (first: $0, second: $1) }
        var differing: [HarnessRun] = []
        var what: [String] = []
        for (first, second) in pairs where first.label != second.label || first.scheduleHash != second.scheduleHash {
            differing.append(second)
            what.append(first.label == second.label ? "\(first.label), then another schedule"
                                                    : "\(first.label), then \(second.label)")
        }
        if !differing.isEmpty {
            let shown = Array(Set(what)).sorted().prefix(3).joined(separator: "; ")
            findings.append(Finding(trial: .rerun, observed: "another result (\(shown))", runs: differing, of: pairs.count,
                                    passes: passes))
        }
        return findings
    }
}

extension HarnessRun {
    /// The run of an exploration.
    init(_ run: SeededRun<String>) {
        self.init(result: run.result, schedule: run.schedule, interleaving: run.interleaving,
                  scheduleHash: run.scheduleHash)
        mutexWaits = run.mutexWaits
    }
}

extension HarnessObservation {
    /// The runs counted, with the findings in words.
    public var tally: HarnessTally {
        var tally = HarnessTally(name: program.name)
        for trial in [Trial.strict, .seeded, .pct] {
            var counts = HarnessTally.Counts()
            for run in self[trial] {
                if let outcome = run.outcome(of: program) {
                    counts.outcomes[outcome, default: 0] += 1
                } else {
                    counts.failures[run.label, default: 0] += 1
                }
            }
            tally.trials[trial.rawValue] = counts
        }
        let findings = findings
        tally.rerunSeeds = self[.rerun].count
        tally.rerunDiffered = findings.first { $0.trial == .rerun }?.runs.count ?? 0
        tally.findings = findings.map(\.description)
        tally.passes = passes
        let virtual = self[.seeded] + self[.pct]
        let contended = virtual.filter { $0.mutexWaits > 0 }.count
        if program.inlineLocks || contended > 0 {
            tally.notExplored = contended > 0 ? String(NotExplored.mutex(contended: contended, of: virtual.count).dropFirst(3))
                : "not explored: " + NotExplored.mutexSections
        }
        return tally
    }
}
