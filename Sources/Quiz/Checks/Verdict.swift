import ConcurrencyHarness

/// What checking an entry (or one of its checks) found.
public enum Verdict: Sendable, Hashable, CustomStringConvertible {
    /// The lesson's answer holds here, and a control shows the check could have failed.
    case validated
    /// What happened here is not what the lesson says (or the check could not run to its end).
    case contradicted
    /// The expectation held, but nothing shows the check could have failed: no counterfactual exists (the reason
    /// says why), or the control held too.
    case unguarded(String)
    /// Nothing here can check it; the reason says why (an Apple platform, another toolchain).
    case skipped(String)
    /// The check needs something not yet in the package (a scenario still being written).
    case notCovered(String)

    /// `validated`, `contradicted`, `unguarded: …`, `skipped: needs Swift 6.4`, `not covered: …`.
    public var description: String {
        switch self {
        case .validated: "validated"
        case .contradicted: "contradicted"
        case .unguarded(let reason): "unguarded: \(reason)"
        case .skipped(let reason): "skipped: \(reason)"
        case .notCovered(let reason): "not covered: \(reason)"
        }
    }

    /// `validated`, `contradicted`, `unguarded`, `skipped`, `not covered`: the word alone.
    public var word: String {
        switch self {
        case .validated: "validated"
        case .contradicted: "contradicted"
        case .unguarded: "unguarded"
        case .skipped: "skipped"
        case .notCovered: "not covered"
        }
    }

    /// The reason a skipped, unguarded or not-covered verdict gives.
    public var reason: String? {
        switch self {
        case .skipped(let reason), .notCovered(let reason), .unguarded(let reason): reason
        default: nil
        }
    }
}

extension Verdict {
    /// The harness's judgement in the quiz's words.
    package init(_ judgement: Judgement) {
        switch judgement {
        case .validated: self = .validated
        case .unguarded(let why): self = .unguarded(why)
        case .contradicted: self = .contradicted
        }
    }
}

/// Where a validated check's evidence came from — what the listing's third column and `--json`'s `"on"` say.
public enum EvidenceSource: String, Sendable, Hashable, CaseIterable {
    /// The real runtime: a `system` run (Linux's global pool, the real main actor) whose control failed there, a
    /// crash check's child process, a `run` check's built program.
    case runtime
    /// The harness's one-thread model only (`strict`, seeds): the control failed there, and no runtime run shows it.
    case model
    /// The compiler: what `swiftc` says about a snippet and its control.
    case compiler

    /// Where a `validated` check of `kind` (`runtime`, `compile`, `run`, `crash`) got its evidence; for a runtime
    /// check, where its control failed.
    init(kind: String, controlFailedOn: ObservedOn?) {
        switch kind {
        case "compile": self = .compiler
        case "runtime": self = controlFailedOn == .runtime ? .runtime : .model
        default: self = .runtime
        }
    }

    /// `on the runtime`, `in the harness's model`, `by the compiler`: how the report says it.
    public var phrase: String {
        switch self {
        case .runtime: "on the runtime"
        case .model: "in the harness's model"
        case .compiler: "by the compiler"
        }
    }
}

/// What one check observed, and its verdict.
public struct CheckResult: Sendable, Hashable {
    /// The check's verdict.
    public var verdict: Verdict
    /// What was observed, in a line: `drops: 1 (strict); 1 → 20 seeds`.
    public var observed: String
    /// Where Linux measurably differs from the lesson, the note that says how (set when the Linux expectation
    /// was the one checked).
    public var differs: String?
    /// The expectation, in words (runtime checks).
    public var expect: String?
    /// What each schedule observed (runtime checks).
    public var runs: [RunSummary]
    /// The control's result (runtime checks whose expectation held).
    package var control: ControlResult?
    /// How the lesson's example was adapted in a way that changes what is measured.
    public var adapted: String?
    /// The check's kind: runtime, compile, crash, platform, toolchain.
    public var kind = ""
    /// Why the control is what it is (the bank's `why`).
    public var controlWhy: String?
    /// For a runtime check whose control failed: where (a run on the real runtime, or only in the harness's model).
    package var controlFailedOn: ObservedOn?
    /// For a validated check: where its evidence came from (set by `QuizRunner.validate`, which knows the kind).
    public var on: EvidenceSource?
    /// For a compile check: the snippet's line (from 1) of the diagnostic that decided it, if one did — the line the
    /// full form shows first.
    public var snippetLine: Int?
    /// For a compile check: the snippet did not compile. A control that fails an `output` or `warning` check only by
    /// not compiling shows nothing about the output or the warning (`CompileValidator.validate`).
    public var failedToCompile = false
    /// For a compile check: the words of every error the compiler gave (`Diagnostic.message`). An `error` check's
    /// control that brings an error the check's own snippet did not have shows nothing (`CompileValidator.validate`).
    public var compileErrors: [String] = []
    /// For a compile, run or crash check: why its child process shows nothing, if it ran out of its time
    /// (`ChildOutcome.ranOutOfTime`). The check is then unguarded for that reason; a control's such run is no evidence.
    public var ranOutOfTime: String?
    /// How long judging the check took, in seconds of wall time (set by `QuizRunner.validate`): where a quiz run's
    /// time goes, never part of a verdict.
    public var seconds: Double?

    /// A result.
    package init(_ verdict: Verdict, observed: String, differs: String? = nil, expect: String? = nil,
                runs: [RunSummary] = [], control: ControlResult? = nil, adapted: String? = nil) {
        self.verdict = verdict
        self.observed = observed
        self.differs = differs
        self.expect = expect
        self.runs = runs
        self.control = control
        self.adapted = adapted
    }

    /// A check whose child process ran out of its time (`ChildOutcome.ranOutOfTime`, `why`): unguarded as "no
    /// evidence" with the reason, never contradicted — a loaded or stuck machine is not a wrong answer.
    public static func outOfTime(_ why: String, observed: String) -> CheckResult {
        var result = CheckResult(.unguarded("no evidence: \(why)"), observed: observed)
        result.ranOutOfTime = why
        return result
    }
}

/// What checking one entry found: its verdict, and every check's result.
public struct EntryResult: Sendable, Hashable {
    /// The entry's id.
    public var id: String
    /// The checks' results, in the bank's order.
    public var checks: [CheckResult]
    /// The answer's clauses, each naming the checks that put it at risk or saying why none does (the bank's).
    public var clauses: [QuizClause]

    /// An entry's results, and its answer's clauses.
    public init(id: String, checks: [CheckResult], clauses: [QuizClause]) {
        self.id = id
        self.checks = checks
        self.clauses = clauses
    }

    /// The checks' verdict alone, clauses aside: contradicted if any check is; else not covered if any is; else
    /// unguarded if any is (one check that could not have failed is enough to doubt the entry); else validated if any
    /// is; else skipped. The entry's own verdict is `clauseVerdict`; this is `--json`'s `checksVerdict`.
    public var verdict: Verdict {
        if checks.contains(where: { $0.verdict == .contradicted }) { return .contradicted }
        if let missing = checks.first(where: { if case .notCovered = $0.verdict { true } else { false } }) {
            return missing.verdict
        }
        if let unguarded = checks.first(where: { if case .unguarded = $0.verdict { true } else { false } }) {
            return unguarded.verdict
        }
        if checks.contains(where: { $0.verdict == .validated }) { return .validated }
        let reasons = checks.compactMap { result -> String? in
            if case .skipped(let reason) = result.verdict { return reason }
            return nil
        }
        return .skipped(reasons.joined(separator: "; "))
    }

    /// Whether `clause` is at risk here: it names checks, and every one of them was validated.
    public func atRisk(_ clause: QuizClause) -> Bool {
        guard case .checks(let named) = clause.evidence, !named.isEmpty else { return false }
        return named.allSatisfy { checks.indices.contains($0) && checks[$0].verdict == .validated }
    }

    /// Why `clause` is not at risk here (nil if it is): the bank's reason, or what became of the checks it names.
    public func whyNotChecked(_ clause: QuizClause) -> String? {
        switch clause.evidence {
        case .notChecked(let why): return why
        case .checks(let named):
            guard !atRisk(clause) else { return nil }
            return named.filter { !checks.indices.contains($0) || checks[$0].verdict != .validated }.map { index in
                checks.indices.contains(index) ? "check \(index + 1) \(checks[index].verdict)" : "check \(index + 1) not run"
            }.joined(separator: "; ")
        }
    }

    /// The clauses no validated check puts at risk, each with why — what makes a validated entry partly guarded.
    public var uncheckedClauses: [(clause: QuizClause, why: String)] {
        clauses.compactMap { clause in whyNotChecked(clause).map { (clause, $0) } }
    }

    /// The unchecked clauses in a line each, `“text” — why`: the `notChecked` of `--json`.
    public var notChecked: [String] {
        uncheckedClauses.map { "\u{201C}\(QuizReport.flat($0.clause.text))\u{201D} — \($0.why)" }
    }

    /// The summary's category: a validated entry is `partlyGuarded` if some clause of its answer is not at risk in a
    /// validated check (a clause whose check was skipped here is not), else `differs` if Linux differs, else `adapted` if
    /// an example had to be adapted, else `validated`; the others are their verdict's.
    public var category: String {
        switch verdict {
        case .validated:
            if clauses.isEmpty || clauses.contains(where: { !atRisk($0) }) { return "partlyGuarded" }
            if !differences.isEmpty { return "differs" }
            if checks.contains(where: { $0.adapted != nil }) { return "adapted" }
            return "validated"
        case .contradicted: return "contradicted"
        case .unguarded: return "unguarded"
        case .skipped: return "skipped"
        case .notCovered: return "notCovered"
        }
    }

    /// The entry's verdict, derived from its clauses — `--json`'s `verdict`: `partlyGuarded` when its checks are
    /// validated but some clause of its answer is not at risk in a validated check; else its checks' verdict word
    /// (`validated`, `contradicted`, `unguarded`, `skipped`, `not covered`). So `validated` here means every clause is
    /// at risk.
    public var clauseVerdict: String {
        category == "partlyGuarded" ? "partlyGuarded" : verdict.word
    }

    /// For a validated entry, where its evidence came from: the harness's model if any check was validated only
    /// there, else the runtime if any check was validated on it, else the compiler. Nil for any other verdict.
    public var validatedOn: EvidenceSource? {
        guard verdict == .validated else { return nil }
        let sources = Set(checks.compactMap { $0.verdict == .validated ? $0.on : nil })
        return [.model, .runtime, .compiler].first { sources.contains($0) }
    }

    /// Every check's observation, joined: what the report prints after the verdict. A check skipped inside an entry
    /// that is not skipped as a whole says so, with its reason.
    public var observed: String {
        let wholeEntrySkipped = if case .skipped = verdict { true } else { false }
        return checks.map { check in
            if case .skipped = check.verdict, !wholeEntrySkipped, check.observed.isEmpty { return "\(check.verdict)" }
            return check.observed
        }.filter { !$0.isEmpty }.joined(separator: " | ")
    }

    /// The Linux differences found, if any.
    public var differences: [String] {
        checks.compactMap(\.differs)
    }
}
