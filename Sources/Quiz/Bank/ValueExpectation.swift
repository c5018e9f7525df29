import Foundation

/// What the bank expects of one observed value.
///
/// Written in the bank as a plain JSON value (`1000`, `true`, `["Bea", "Cia", "Ada"]`: equal to it), a range in a
/// string (`"1...5"`, `"0..<700"`, `"1..."`, `"...0.5"`), any other string (equal to it), or an object with one of
/// `equals`, `set` (the same elements in any order), `order` (these elements appear in this order, others may come
/// between), `contains`, `range` or `matches` (a regular expression over a string). In a check's `linux` block,
/// `null` says the lesson's value is not checked on Linux (the note says why; the report still shows what was seen).
public enum ValueExpectation: Sendable, Hashable, CustomStringConvertible, Decodable {
    /// Not checked on this platform: only a `linux` block's `null` makes one, and the check drops it.
    case notChecked
    case equals(ObservedValue)
    case set([ObservedValue])
    case order([ObservedValue])
    case contains(ObservedValue)
    case range(lower: Double?, upper: Double?, includesUpper: Bool)
    case matches(String)

    /// Reads an expectation from the bank; `null` is `notChecked`, which only a `linux` block may hold (its reader
    /// refuses it elsewhere).
    public init(from decoder: any Decoder) throws {
        let bank = try decoder.bank(), json = bank.whole()
        switch json {
        case .null:
            self = .notChecked
        case .string(let text):
            self = Self.parseRange(text) ?? .equals(.string(text))
        case .object(let fields):
            guard fields.count == 1, let (kind, value) = fields.first else {
                throw bank.error("an expectation object has exactly one of equals, set, order, contains, range, matches")
            }
            switch (kind, ObservedValue(value)) {
            case ("equals", let expected?): self = .equals(expected)
            case ("set", .list(let items)?): self = .set(items)
            case ("order", .list(let items)?): self = .order(items)
            case ("contains", let expected?): self = .contains(expected)
            case ("equals", nil), ("contains", nil): throw bank.error("expected a value, found \(value.kindName)", at: kind)
            case ("set", _), ("order", _): throw bank.error("expected an array, found \(value.kindName)", at: kind)
            case ("range", _):
                guard case .string(let text) = value, let range = Self.parseRange(text) else {
                    throw bank.error("expected a range such as \"1...5\", \"0..<700\" or \"1...\", found \(value)", at: kind)
                }
                self = range
            case ("matches", _):
                guard case .string(let pattern) = value else { throw bank.error("expected a regular expression", at: kind) }
                guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                    throw bank.error("is not a valid regular expression: \(pattern)", at: kind)
                }
                self = .matches(pattern)
            default:
                throw bank.error("is not an expectation (use equals, set, order, contains, range or matches)", at: kind)
            }
        default:
            guard let expected = ObservedValue(json) else {
                throw bank.error("expected a value, a range string or an expectation object, found \(json.kindName)")
            }
            self = .equals(expected)
        }
    }

    /// `1...5`, `0..<700`, `1...`, `...0.5`: a range of numbers, or nil if `text` is not one.
    static func parseRange(_ text: String) -> ValueExpectation? {
        let number = #"-?[0-9]+(?:\.[0-9]+)?"#
        guard let regex = try? NSRegularExpression(pattern: "^(\(number))?(\\.\\.\\.|\\.\\.<)(\(number))?$"),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        func group(_ index: Int) -> String? {
            Range(match.range(at: index), in: text).map { String(text[$0]) }
        }
        let lower = group(1).flatMap(Double.init)
        let upper = group(3).flatMap(Double.init)
        let halfOpen = group(2) == "..<"
        guard lower != nil || upper != nil, !(halfOpen && upper == nil) else { return nil }
        return .range(lower: lower, upper: upper, includesUpper: !halfOpen)
    }

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

extension ValueExpectation {
    /// Reads an expectation from its JSON text, as the bank writes it (`"1...5"`, `1000`, `{"set": […]}`).
    public init(parsing json: String) throws {
        let value = try JSONValue.read(Data(json.utf8))
        self = try BankDecoder(value, at: [], BankContext(file: "(text)", root: value, catalog: Catalog(), snippets: nil))
            .decode(ValueExpectation.self)
    }
}
