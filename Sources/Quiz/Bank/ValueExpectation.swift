import Foundation

/// What the bank expects of one observed value.
///
/// Written in the bank as a plain JSON value (`1000`, `true`, `["Bea", "Cia", "Ada"]`: equal to it), a range in a
/// string (`"1...5"`, `"0..<700"`, `"1..."`, `"...0.5"`), any other string (equal to it), or an object with one of
/// `equals`, `set` (the same elements in any order), `order` (these elements appear in this order, others may come
/// between), `contains`, `range` or `matches` (a regular expression over a string). In a check's `linux` block,
/// `null` says the lesson's value is not checked on Linux (the note says why; the report still shows what was seen).
public enum ValueExpectation: Sendable, Hashable, CustomStringConvertible {
    /// Not checked on this platform: only a `linux` block's `null` makes one, and the check drops it.
    case notChecked
    case equals(ObservedValue)
    case set([ObservedValue])
    case order([ObservedValue])
    case contains(ObservedValue)
    case range(lower: Double?, upper: Double?, includesUpper: Bool)
    case matches(String)

    /// Whether `value` meets the expectation.
    public func holds(for value: ObservedValue) -> Bool {
        switch self {
        case .notChecked:
            return true
        case .equals(let expected):
            return Self.same(expected, value)
        case .set(let expected):
            guard case .list(let items) = value, items.count == expected.count else { return false }
            var left = items
            for item in expected {
                guard let index = left.firstIndex(where: { Self.same(item, $0) }) else { return false }
                left.remove(at: index)
            }
            return true
        case .order(let expected):
            guard case .list(let items) = value else { return false }
            var rest = items[...]
            for item in expected {
                guard let index = rest.firstIndex(where: { Self.same(item, $0) }) else { return false }
                rest = rest[(index + 1)...]
            }
            return true
        case .contains(let expected):
            guard case .list(let items) = value else { return false }
            return items.contains { Self.same(expected, $0) }
        case .range(let lower, let upper, let includesUpper):
            guard let number = value.number else { return false }
            if let lower, number < lower { return false }
            if let upper, includesUpper ? number > upper : number >= upper { return false }
            return true
        case .matches(let pattern):
            guard case .string(let text) = value,
                  let regex = try? NSRegularExpression(pattern: pattern) else { return false }
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    /// Equal, treating a whole number and the same number with a fraction alike.
    private static func same(_ expected: ObservedValue, _ value: ObservedValue) -> Bool {
        if let left = expected.number, let right = value.number { return left == right }
        if case .list(let left) = expected, case .list(let right) = value {
            return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
        }
        return expected == value
    }

    /// `= 1`, `in 1...5`, `≈ set ["a", "b"]`: how the report shows what was expected.
    public var description: String {
        switch self {
        case .notChecked: "not checked here"
        case .equals(let value): "\(value)"
        case .set(let values): "any order of \(ObservedValue.list(values))"
        case .order(let values): "in order \(ObservedValue.list(values))"
        case .contains(let value): "containing \(value)"
        case .range(let lower, let upper, let includesUpper):
            (lower.map(Self.format) ?? "") + (includesUpper ? "..." : "..<") + (upper.map(Self.format) ?? "")
        case .matches(let pattern): "matching /\(pattern)/"
        }
    }

    /// `5` rather than `5.0` for whole bounds.
    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
