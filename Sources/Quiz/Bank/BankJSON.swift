import Foundation

/// A bank file's JSON as a tree, for what error messages name (`found a whole number`) and the values read whole (an
/// expectation, an argument). `true` is a Bool and `1` an Int, never each other.
enum JSONValue: Sendable, Hashable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([JSONValue]), object([String: JSONValue])

    /// The value Foundation's reader made of the JSON, with its numbers told apart: a Boolean, a whole number, a number.
    init(_ any: Any) {
        switch any {
        case let number as NSNumber where type(of: number) == type(of: NSNumber(value: true)): self = .bool(number.boolValue)
        case let number as NSNumber: self = String(cString: number.objCType) == "d" ? .double(number.doubleValue) : .int(number.intValue)
        case let text as String: self = .string(text)
        case let items as [Any]: self = .array(items.map(JSONValue.init))
        case let fields as [String: Any]: self = .object(fields.mapValues(JSONValue.init))
        default: self = .null
        }
    }

    /// Reads `data`, or says in Foundation's words why it is not JSON, with the line and column where it stopped.
    init(reading data: Data) throws(SyntaxError) {
        do { self.init(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) } catch {
            let words = ((error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)").trimmingCharacters(in: ["."])
            // "Invalid value around character 52": the offset counted in bytes, turned into a line and a column.
            guard let range = words.range(of: #" around character [0-9]+"#, options: .regularExpression),
                  let offset = Int(words[range].split(separator: " ").last ?? "")
            else { throw SyntaxError(description: words.prefix(1).lowercased() + words.dropFirst()) }
            let lines = data.prefix(offset).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let what = words[..<range.lowerBound], column = String(decoding: lines.last ?? Data(), as: UTF8.self).count + 1
            throw SyntaxError(description: "line \(lines.count), column \(column): " + what.prefix(1).lowercased() + what.dropFirst())
        }
    }

    /// The value `path` leads to (null where it leads nowhere).
    subscript(path: [any CodingKey]) -> JSONValue {
        path.reduce(self) { value, key in
            switch value {
            case .object(let fields): fields[key.stringValue] ?? .null
            case .array(let items): AnyKey.index(key).flatMap { items.indices.contains($0) ? items[$0] : nil } ?? .null
            default: .null
            }
        }
    }

    /// What kind of value this is, for error messages: "a string", "an object".
    var kindName: String {
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

    /// The first key written twice in one object of `bytes` (valid JSON), which `JSONDecoder` keeps one value of
    /// without a word: the way to it, and the lines of its two appearances.
    static func firstDuplicate(in bytes: [UInt8]) -> (path: [any CodingKey], lines: (Int, Int))? {
        // One frame per open object (its keys so far, with their lines) or array, and where in it the reading is.
        var frames: [(keys: [String: Int]?, key: String, keyNext: Bool, index: Int)] = [], line = 1, at = 0
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["): frames.append((bytes[at] == UInt8(ascii: "{") ? [:] : nil, "", true, 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): frames.removeLast()
            case UInt8(ascii: ","):
                frames[frames.count - 1].keyNext = true
                frames[frames.count - 1].index += 1
            case UInt8(ascii: "\""):
                var end = at + 1
                while bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                if let frame = frames.last, let keys = frame.keys, frame.keyNext {
                    let key = String(decoding: bytes[(at + 1)..<end], as: UTF8.self)
                    (frames[frames.count - 1].key, frames[frames.count - 1].keyNext) = (key, false)
                    if let first = keys[key] {
                        return (frames.map { $0.keys == nil ? AnyKey(intValue: $0.index) : AnyKey($0.key) }, (first, line))
                    }
                    frames[frames.count - 1].keys?[key] = line
                }
                at = end
            default: break
            }
            at += 1
        }
        return nil
    }
}

/// Text that is not JSON: where reading stopped (line and column, when Foundation says where) and why.
struct SyntaxError: Error, CustomStringConvertible {
    var description: String
}
