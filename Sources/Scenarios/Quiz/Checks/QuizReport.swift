import Foundation
import Synchronization

/// The quiz's report: one line per entry, then the counts; or the same as JSON.
public enum QuizReport {
    /// `L37-C13   validated     jar.pourSlowly: drops 1 (strict); …`
    public static func line(_ result: EntryResult) -> String {
        let id = result.id.padding(toLength: 9, withPad: " ", startingAt: 0)
        var text = "\(id) \(result.verdict)"
        if !result.observed.isEmpty { text += "  " + result.observed }
        if result.verdict == .validated, !result.differences.isEmpty {
            text += "  [validated on Linux; differs from the lesson: " + result.differences.joined(separator: " / ") + "]"
        }
        return text
    }

    /// How many entries got each verdict.
    public static func counts(_ results: [EntryResult]) -> [String: Int] {
        var counts = ["validated": 0, "contradicted": 0, "skipped": 0, "not covered": 0]
        for result in results { counts[result.verdict.word, default: 0] += 1 }
        return counts
    }

    /// `150 validated, 0 contradicted, 9 skipped, 5 not covered`
    public static func summary(_ results: [EntryResult]) -> String {
        let counts = counts(results)
        return "\(counts["validated"]!) validated, \(counts["contradicted"]!) contradicted, \(counts["skipped"]!) skipped, "
            + "\(counts["not covered"]!) not covered"
    }

    /// Whether the run passes: nothing contradicted, nothing not covered.
    public static func passes(_ results: [EntryResult]) -> Bool {
        let counts = counts(results)
        return counts["contradicted"] == 0 && counts["not covered"] == 0
    }

    /// The whole report as JSON.
    public static func json(_ results: [EntryResult], seconds: Double) -> String {
        let entries: [[String: Any]] = results.map { result in
            var entry: [String: Any] = ["id": result.id, "verdict": result.verdict.word, "observed": result.observed]
            switch result.verdict {
            case .skipped(let reason), .notCovered(let reason): entry["reason"] = reason
            default: break
            }
            if !result.differences.isEmpty { entry["differsFromTheLesson"] = result.differences }
            entry["checks"] = result.checks.map { check -> [String: Any] in
                var item: [String: Any] = ["verdict": check.verdict.word, "observed": check.observed]
                switch check.verdict {
                case .skipped(let reason), .notCovered(let reason): item["reason"] = reason
                default: break
                }
                if let differs = check.differs { item["differsFromTheLesson"] = differs }
                return item
            }
            return entry
        }
        let root: [String: Any] = ["entries": entries, "counts": counts(results), "summary": summary(results),
                                   "seconds": (seconds * 10).rounded() / 10]
        guard let data = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys]),
              let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text
    }
}

/// Prints entries' lines in the bank's order as their results arrive: each line as soon as every entry before it
/// is printed.
public final class OrderedPrinter: Sendable {
    /// The ids in the bank's order, the results that came early, and how many lines are out.
    private let state: Mutex<(order: [String], waiting: [String: EntryResult], printed: Int)>
    /// Where lines go.
    private let write: @Sendable (String) -> Void

    /// A printer for entries in `order`, writing each line with `write`.
    public init(order: [String], write: @escaping @Sendable (String) -> Void = { print($0) }) {
        state = Mutex((order, [:], 0))
        self.write = write
    }

    /// Takes one entry's result, and prints every line that is now due.
    public func take(_ result: EntryResult) {
        let due: [EntryResult] = state.withLock { state in
            state.waiting[result.id] = result
            var due: [EntryResult] = []
            while state.printed < state.order.count, let next = state.waiting.removeValue(forKey: state.order[state.printed]) {
                due.append(next)
                state.printed += 1
            }
            return due
        }
        for result in due { write(QuizReport.line(result)) }
    }
}
