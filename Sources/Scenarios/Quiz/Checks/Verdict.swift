/// What checking an entry (or one of its checks) found.
public enum Verdict: Sendable, Hashable, CustomStringConvertible {
    /// The lesson's answer holds here.
    case validated
    /// What happened here is not what the lesson says (or the check could not run to its end).
    case contradicted
    /// Nothing here can check it; the reason says why (an Apple platform, another toolchain).
    case skipped(String)
    /// The check needs something not yet in the package (a scenario still being written).
    case notCovered(String)

    /// `validated`, `contradicted`, `skipped: needs Swift 6.4`, `not covered: …`.
    public var description: String {
        switch self {
        case .validated: "validated"
        case .contradicted: "contradicted"
        case .skipped(let reason): "skipped: \(reason)"
        case .notCovered(let reason): "not covered: \(reason)"
        }
    }

    /// `validated`, `contradicted`, `skipped`, `not covered`: the word alone, for counts and JSON.
    public var word: String {
        switch self {
        case .validated: "validated"
        case .contradicted: "contradicted"
        case .skipped: "skipped"
        case .notCovered: "not covered"
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

    /// A result.
    public init(_ verdict: Verdict, observed: String, differs: String? = nil) {
        self.verdict = verdict
        self.observed = observed
        self.differs = differs
    }
}

/// What checking one entry found: its verdict, and every check's result.
public struct EntryResult: Sendable, Hashable {
    /// The entry's id.
    public var id: String
    /// The checks' results, in the bank's order.
    public var checks: [CheckResult]

    /// An entry's results.
    public init(id: String, checks: [CheckResult]) {
        self.id = id
        self.checks = checks
    }

    /// Contradicted if any check is; else not covered if any is; else validated if any is; else skipped.
    public var verdict: Verdict {
        if checks.contains(where: { $0.verdict == .contradicted }) { return .contradicted }
        if let missing = checks.first(where: { if case .notCovered = $0.verdict { true } else { false } }) {
            return missing.verdict
        }
        if checks.contains(where: { $0.verdict == .validated }) { return .validated }
        let reasons = checks.compactMap { result -> String? in
            if case .skipped(let reason) = result.verdict { return reason }
            return nil
        }
        return .skipped(reasons.joined(separator: "; "))
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
