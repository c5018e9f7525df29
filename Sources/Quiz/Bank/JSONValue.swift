import Foundation

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

extension JSONValue {
    /// One step of the way from a file's root to a value: an object's key or an array's index.
    public enum PathStep: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// A key written twice in one object. `JSONDecoder` keeps one of the two values without a word,
    /// so a bank author's correction written below the mistake could be the one lost.
    public struct DuplicateKey: Sendable, Hashable {
        /// The way to the object that holds the key twice.
        public var path: [PathStep]
        /// The key.
        public var key: String
        /// The line (1-based) of its first appearance, whose value is the one kept.
        public var firstLine: Int
        /// The line of its second appearance.
        public var secondLine: Int
    }

    /// Text that is not JSON, with the line and column (both 1-based) where reading stopped.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The line of the mistake.
        public var line: Int
        /// The column of the mistake, in characters.
        public var column: Int
        /// What was expected there.
        public var message: String

        /// `line 3, column 7: expected ':' after a key`.
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    /// Reads `data` as one JSON value, strictly (RFC 8259: no comments, no trailing commas), and lists
    /// every key written twice in one object (the value kept is the first).
    public static func parse(_ data: Data) throws(SyntaxError) -> (value: JSONValue, duplicates: [DuplicateKey]) {
        var parser = StrictParser(bytes: Array(data))
        return try parser.document()
    }

    /// A recursive-descent reader over UTF-8 bytes that knows where it is.
    struct StrictParser {
        /// The text.
        let bytes: [UInt8]
        /// The next byte to read.
        var at = 0
        /// The way from the root to the value being read.
        var path: [PathStep] = []
        /// Keys written twice, in the order met.
        var duplicates: [DuplicateKey] = []
        /// How deep values may nest before the text is refused (a stack overflow is not an error message).
        static let maxDepth = 512

        /// The whole text: one value and nothing after it but whitespace.
        mutating func document() throws(SyntaxError) -> (value: JSONValue, duplicates: [DuplicateKey]) {
            skipSpace()
            let value = try value(depth: 0)
            skipSpace()
            guard at == bytes.count else { throw fail("unexpected \(shown()) after the end of the JSON value") }
            return (value, duplicates)
        }

        /// An error at the current position.
        func fail(_ message: String) -> SyntaxError {
            var line = 1, column = 1
            for byte in bytes[..<min(at, bytes.count)] {
                if byte == UInt8(ascii: "\n") {
                    line += 1; column = 1
                } else if byte & 0xC0 != 0x80 {  // count characters, not a character's continuation bytes
                    column += 1
                }
            }
            return SyntaxError(line: line, column: column, message: message)
        }

        /// The byte at the current position, in words.
        func shown() -> String {
            guard at < bytes.count else { return "end of file" }
            let byte = bytes[at]
            return byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        }

        /// The line the current position is on.
        func line(at offset: Int) -> Int { 1 + bytes[..<min(offset, bytes.count)].lazy.filter { $0 == UInt8(ascii: "\n") }.count }

        /// Steps over whitespace.
        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
        }

        /// Steps over `character` (after whitespace), or fails naming `what` was expected.
        mutating func expect(_ character: Unicode.Scalar, _ what: String) throws(SyntaxError) {
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: character) else {
                throw fail("expected \(what), found \(shown())")
            }
            at += 1
        }

        /// Any value, `depth` containers deep.
        mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
            guard depth < Self.maxDepth else { throw fail("values nested more than \(Self.maxDepth) deep") }
            skipSpace()
            guard at < bytes.count else { throw fail("expected a value, found end of file") }
            switch bytes[at] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw fail("expected a value, found \(shown())")
            }
        }

        /// `true`, `false` or `null`.
        mutating func word(_ text: String) throws(SyntaxError) {
            let expected = Array(text.utf8)
            guard bytes.count - at >= expected.count, Array(bytes[at..<at + expected.count]) == expected else {
                throw fail("expected \(text), found \(shown())")
            }
            at += expected.count
        }

        /// An object, noting keys written twice (the first value is kept).
        mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
            at += 1
            var fields: [String: JSONValue] = [:]
            var offsets: [String: Int] = [:]
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else {
                    throw fail("expected a key in double quotes, found \(shown())")
                }
                let keyOffset = at
                let key = try string()
                try expect(":", "':' after the key \"\(key)\"")
                path.append(.key(key))
                let item = try value(depth: depth + 1)
                path.removeLast()
                // Lines are counted only for a duplicate: counting them for every key made loading quadratic.
                if let first = offsets[key] {
                    duplicates.append(DuplicateKey(path: path, key: key, firstLine: line(at: first),
                                                   secondLine: line(at: keyOffset)))
                } else {
                    fields[key] = item
                    offsets[key] = keyOffset
                }
                skipSpace()
                guard at < bytes.count else { throw fail("expected ',' or '}', found end of file") }
                if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
                guard bytes[at] == UInt8(ascii: ",") else { throw fail("expected ',' or '}' after a value, found \(shown())") }
                at += 1
            }
        }

        /// An array.
        mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
            at += 1
            var items: [JSONValue] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                path.append(.index(items.count))
                items.append(try value(depth: depth + 1))
                path.removeLast()
                skipSpace()
                guard at < bytes.count else { throw fail("expected ',' or ']', found end of file") }
                if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                guard bytes[at] == UInt8(ascii: ",") else { throw fail("expected ',' or ']' after a value, found \(shown())") }
                at += 1
            }
        }

        /// A string, escapes resolved.
        mutating func string() throws(SyntaxError) -> String {
            at += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll()
            }
            while true {
                guard at < bytes.count else { throw fail("a string that never ends (no closing '\"')") }
                let byte = bytes[at]
                switch byte {
                case UInt8(ascii: "\""):
                    at += 1
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    at += 1
                    guard at < bytes.count else { throw fail("a string that never ends (no closing '\"')") }
                    let escaped = bytes[at]
                    at += 1
                    switch escaped {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
                    default:
                        at -= 1
                        throw fail("\\\(Character(UnicodeScalar(escaped))) is not an escape JSON knows")
                    }
                case 0x00..<0x20:
                    throw fail("a control character (0x\(String(byte, radix: 16))) inside a string: write it escaped")
                default:
                    run.append(byte)
                    at += 1
                }
            }
        }

        /// The scalar of `\uXXXX` (the `\u` read), joining a surrogate pair.
        mutating func unicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard bytes.count - at >= 6, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                    throw fail("a lone surrogate \\u\(String(high, radix: 16)) (a pair needs its second half)")
                }
                at += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low),
                      let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                    throw fail("\\u\(String(low, radix: 16)) is not the second half of a surrogate pair")
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw fail("a lone surrogate \\u\(String(high, radix: 16))") }
            return scalar
        }

        /// Four hex digits.
        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard bytes.count - at >= 4, let value = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16)
            else { throw fail("expected four hex digits after \\u") }
            at += 4
            return value
        }

        /// A number: a whole number that fits an `Int` is `.int`, anything else `.double`.
        mutating func number() throws(SyntaxError) -> JSONValue {
            let start = at
            func digits() -> Int {
                let from = at
                while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
                return at - from
            }
            if bytes[at] == UInt8(ascii: "-") { at += 1 }
            let leadingZero = at < bytes.count && bytes[at] == UInt8(ascii: "0")
            let whole = digits()
            guard whole > 0 else { throw fail("expected a digit, found \(shown())") }
            guard !(leadingZero && whole > 1) else { at = start; throw fail("a number with a leading zero") }
            var integral = true
            if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
                at += 1; integral = false
                guard digits() > 0 else { throw fail("expected a digit after '.', found \(shown())") }
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
                at += 1; integral = false
                if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                guard digits() > 0 else { throw fail("expected a digit in the exponent, found \(shown())") }
            }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            if integral, let number = Int(text) { return .int(number) }
            guard let number = Double(text) else { throw fail("\(text) is not a number") }
            return .double(number)
        }
    }
}
