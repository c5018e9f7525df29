import Foundation
import Scenarios

/// A JSON value as the bank files hold it, read strictly: `true` is a Bool and `1` an Int, never each other.
///
/// The bank is read into this tree first and checked field by field afterwards, so that a mistake can be reported
/// with the entry and the field it is in, which a `Decodable` model cannot do.
public enum JSONValue: Sendable, Hashable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Decodes whichever kind of value is there, trying the strictest reading first.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// What kind of value this is, for error messages: "a string", "an object".
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .int: "a whole number"
        case .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value written back as compact JSON-like text.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let fields): "{" + fields.keys.sorted().map { "\"\($0)\": \(fields[$0]!)" }.joined(separator: ", ") + "}"
        }
    }
}
