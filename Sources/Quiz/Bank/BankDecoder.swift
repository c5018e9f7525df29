/// One bank file being read: its name, its JSON, and what its names must resolve against.
struct BankContext {
    var file: String
    var root: JSONValue
    var catalog: Catalog
    /// The snippet folder (nil: snippets are not looked for).
    var snippets: String?

    /// A mistake at `path`: in the entry it is inside (by id, or `entries[3]` while the id is not valid), at the
    /// field the rest of the path names.
    func error(_ message: String, at path: [JSONValue.PathStep]) -> QuizBankError {
        var steps = path[...], entry: String?
        if case .key("entries")? = steps.first, steps.count > 1, case .index(let index) = steps[1] {
            entry = "entries[\(index)]"
            if case .object(let top) = root, case .array(let items)? = top["entries"], index < items.count,
               case .object(let fields) = items[index], case .string(let id)? = fields["id"], QuizBankLoader.isID(id) {
                entry = id
            }
            steps = steps.dropFirst(2)
        }
        let field = steps.reduce(into: "") { text, step in
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return QuizBankError(file: file, entry: entry, field: field.isEmpty ? nil : field, message)
    }
}

/// A key of the bank's objects, written as a string literal: `c.decode(String.self, forKey: "why")`.
struct BankKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }
}

/// Decodes the bank's types from one value of a bank file, strictly: `true` is no number and `1` no string, a
/// field's string is never empty, and a key the type did not read — a misspelt `anwser` — is refused. Every mistake
/// is a `QuizBankError` that names the file, the entry and the field.
final class BankDecoder: Decoder {
    let value: JSONValue
    let path: [JSONValue.PathStep]
    let context: BankContext
    /// Whether scenario names are looked up in the catalog: not inside a toolchain requirement this compiler does
    /// not meet, whose scenarios may exist only under that toolchain.
    var resolvesNames: Bool
    /// The keys of this object the type read.
    var read: Set<String> = []
    var codingPath: [any CodingKey] { path.map { if case .key(let key) = $0 { BankKey(stringValue: key) } else { BankKey(stringValue: "\($0)") } } }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, at path: [JSONValue.PathStep], _ context: BankContext, resolvesNames: Bool = true) {
        self.value = value
        self.path = path
        self.context = context
        self.resolvesNames = resolvesNames
    }

    /// The value itself, for a type that reads it whole (an expectation, an argument): every key of it is read.
    func whole() -> JSONValue {
        if case .object(let fields) = value { read.formUnion(fields.keys) }
        return value
    }

    /// A mistake at this value, or at the field `keys` lead to inside it.
    func error(_ message: String, at keys: String...) -> QuizBankError {
        error(message, at: keys)
    }

    /// A mistake at the field `keys` lead to inside this value.
    func error(_ message: String, at keys: [String]) -> QuizBankError {
        context.error(message, at: path + keys.map { .key($0) })
    }

    /// This value as `T`; a field's string (`field`) may not be empty. An object whose keys `T` did not all read
    /// is refused, naming the first.
    func decode<T: Decodable>(_ type: T.Type, field: Bool = false) throws -> T {
        func expected(_ what: String) -> QuizBankError { error("expected \(what), found \(value.kindName)") }
        switch (value, type) {
        case (.string(let text), is String.Type):
            if field, text.isEmpty { throw error("is empty") }
            return text as! T
        case (_, is String.Type): throw expected("a string")
        case (.int(let number), is Int.Type): return number as! T
        case (_, is Int.Type): throw expected("a whole number")
        case (.bool(let flag), is Bool.Type): return flag as! T
        case (_, is Bool.Type): throw expected("true or false")
        case (.int(let number), is Double.Type): return Double(number) as! T
        case (.double(let number), is Double.Type): return number as! T
        case (_, is Double.Type): throw expected("a number")
        default:
            let decoded = try T(from: self)
            if case .object(let fields) = value, let unknown = fields.keys.filter({ !read.contains($0) }).min() {
                throw error("is not a field this object has (known: \(read.sorted().joined(separator: ", ")))", at: unknown)
            }
            return decoded
        }
    }

    /// `value`, one step further in, as `T`.
    func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, at step: JSONValue.PathStep, field: Bool = false) throws -> T {
        try BankDecoder(value, at: path + [step], context, resolvesNames: resolvesNames).decode(type, field: field)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = value else { throw error("expected an object, found \(value.kindName)") }
        return KeyedDecodingContainer(Keyed(decoder: self, fields: fields))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw error("expected an array, found \(value.kindName)") }
        return Unkeyed(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    /// An object's fields; a missing one is "is missing", with what is required where the type says it.
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: BankDecoder
        let fields: [String: JSONValue]
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }
        func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }
        // A null is a value the type must take or refuse, never an absent field.
        func decodeNil(forKey key: Key) throws -> Bool { decoder.read.insert(key.stringValue); return false }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            decoder.read.insert(key.stringValue)
            guard let value = fields[key.stringValue] else {
                let what = [ObjectIdentifier(String.self): "a string", ObjectIdentifier(Int.self): "a whole number",
                            ObjectIdentifier(Bool.self): "true or false"][ObjectIdentifier(T.self)]
                throw decoder.error("is missing" + (what.map { " (\($0) is required)" } ?? ""), at: key.stringValue)
            }
            return try decoder.decode(type, value, at: .key(key.stringValue), field: true)
        }
        func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type, forKey key: Key) throws -> KeyedDecodingContainer<Nested> {
            try superDecoder(forKey: key).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try superDecoder(forKey: key).unkeyedContainer() }
        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            decoder.read.insert(key.stringValue)
            return BankDecoder(fields[key.stringValue] ?? .null, at: decoder.path + [.key(key.stringValue)], decoder.context,
                               resolvesNames: decoder.resolvesNames)
        }
    }

    /// An array's items, in order.
    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: BankDecoder
        let items: [JSONValue]
        var currentIndex = 0
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }
        mutating func decodeNil() throws -> Bool { false }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            defer { currentIndex += 1 }
            return try decoder.decode(type, items[currentIndex], at: .index(currentIndex))
        }
        mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type) throws -> KeyedDecodingContainer<Nested> {
            try superDecoder().container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try superDecoder().unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder {
            defer { currentIndex += 1 }
            return BankDecoder(items[currentIndex], at: decoder.path + [.index(currentIndex)], decoder.context,
                               resolvesNames: decoder.resolvesNames)
        }
    }

    /// The value itself.
    struct Single: SingleValueDecodingContainer {
        let decoder: BankDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        func decodeNil() -> Bool { decoder.value == .null }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
    }
}

extension Decoder {
    /// The bank's decoder: the bank's types are read by nothing else.
    func bank() throws -> BankDecoder {
        guard let decoder = self as? BankDecoder else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "read by QuizBankLoader only"))
        }
        return decoder
    }
}

/// A word of the bank that names one of a few choices (`strict`, `card`, `signal`): any other is refused, listing them.
public protocol BankWord: RawRepresentable<String>, CaseIterable, Decodable {}

extension BankWord {
    /// `strict, seeded or system`.
    public static var choices: String {
        let words = allCases.map(\.rawValue)
        return words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let word = Self(rawValue: text) else { throw try decoder.bank().error("\"\(text)\" is not \(Self.choices)") }
        self = word
    }
}
