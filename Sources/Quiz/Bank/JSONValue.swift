import Foundation

/// A JSON value as the bank files hold it, read strictly: `true` is a Bool and `1` an Int, never each other.
public enum JSONValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// One step of the way from a file's root to a value: an object's key or an array's index.
    public enum PathStep: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// Reads `data` with Foundation's JSON reader; a syntax error says its line and column. A key written twice in
    /// one object, which that reader keeps one value of without a word, is found by `firstDuplicate(in:)`.
    static func read(_ data: Data) throws(SyntaxError) -> JSONValue {
        do {
            return JSONValue(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
        } catch {
            let words = ((error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)")
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
            // "Invalid value around character 52": the offset counted in bytes, turned into a line and a column.
            guard let range = words.range(of: #" around character [0-9]+"#, options: .regularExpression),
                  let offset = Int(words[range].split(separator: " ").last ?? "")
            else { throw SyntaxError(description: words.prefix(1).lowercased() + words.dropFirst()) }
            let before = data.prefix(offset)
            let line = before.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let column = String(decoding: line.last ?? Data(), as: UTF8.self).count + 1
            let what = words[..<range.lowerBound]
            throw SyntaxError(description: "line \(line.count), column \(column): " + what.prefix(1).lowercased() + what.dropFirst())
        }
    }

    /// The value Foundation read, with its numbers told apart: a Boolean, a whole number, a number.
    init(_ any: Any) {
        switch any {
        case let number as NSNumber where type(of: number) == type(of: NSNumber(value: true)): self = .bool(number.boolValue)
        case let number as NSNumber: self = String(cString: number.objCType) == "d" ? .double(number.doubleValue)
            : .int(number.intValue)
        case let text as String: self = .string(text)
        case let items as [Any]: self = .array(items.map(JSONValue.init))
        case let fields as [String: Any]: self = .object(fields.mapValues(JSONValue.init))
        default: self = .null
        }
    }

    /// The first key written twice in one object of `bytes` (valid JSON): the way to that object, the key, and the
    /// lines of its two appearances.
    static func firstDuplicate(in bytes: [UInt8]) -> (path: [PathStep], key: String, lines: (Int, Int))? {
        // One frame per open object or array: the step that led to it, an object's keys (with their lines), the key
        // whose value is being read and whether a key comes next; an array's index.
        var frames: [(step: PathStep?, keys: [String: Int], key: String, keyNext: Bool, isObject: Bool, index: Int)] = []
        var line = 1, at = 0
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "\n"): line += 1
            case let open where open == UInt8(ascii: "{") || open == UInt8(ascii: "["):
                let step = frames.last.map { $0.isObject ? PathStep.key($0.key) : .index($0.index) }
                frames.append((step, [:], "", true, open == UInt8(ascii: "{"), 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): frames.removeLast()
            case UInt8(ascii: ","):
                if frames[frames.count - 1].isObject { frames[frames.count - 1].keyNext = true } else { frames[frames.count - 1].index += 1 }
            case UInt8(ascii: "\""):
                var end = at + 1
                while bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                if let frame = frames.last, frame.isObject, frame.keyNext {
                    let key = String(decoding: bytes[(at + 1)..<end], as: UTF8.self)
                    if let first = frame.keys[key] { return (frames.compactMap(\.step), key, (first, line)) }
                    frames[frames.count - 1].keys[key] = line
                    frames[frames.count - 1].key = key
                    frames[frames.count - 1].keyNext = false
                }
                at = end
            default: break
            }
            at += 1
        }
        return nil
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

/// Text that is not JSON: where reading stopped (line and column, when Foundation says where) and why.
struct SyntaxError: Error, CustomStringConvertible {
    var description: String
}
