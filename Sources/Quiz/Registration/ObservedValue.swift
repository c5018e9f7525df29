/// One value a scenario observed, in a form the bank can name and compare: a count, a flag, a string, a list.
public enum ObservedValue: Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    case list([ObservedValue])

    /// `1`, `true`, `"MainActor"`, `["Bea", "Cia"]`: how the report shows it.
    public var description: String {
        switch self {
        case .int(let value): "\(value)"
        case .double(let value): "\((value * 1000).rounded() / 1000)"
        case .bool(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        }
    }

    /// The value as a number, for ranges.
    public var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The value as JSON, for `swift run quiz --json`.
    public var json: Any {
        switch self {
        case .int(let value): value
        case .double(let value): value
        case .bool(let value): value
        case .string(let value): value
        case .list(let values): values.map(\.json)
        }
    }
}

/// Conversions that keep scenario code short: `["drops": 1, "where": "MainActor"]`.
extension ObservedValue: ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral, ExpressibleByFloatLiteral
{
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: ObservedValue...) { self = .list(elements) }
    public init(floatLiteral value: Double) { self = .double(value) }

    /// A list of strings.
    public static func strings(_ values: [String]) -> ObservedValue { .list(values.map { .string($0) }) }
    /// A list of whole numbers.
    public static func ints(_ values: [Int]) -> ObservedValue { .list(values.map { .int($0) }) }
    /// A list of flags.
    public static func bools(_ values: [Bool]) -> ObservedValue { .list(values.map { .bool($0) }) }
}
