import Foundation

/// What a bank file's types read against, handed to them in `JSONDecoder.userInfo`: the file's JSON tree (for what
/// error messages name), the catalog its names must be in, and the snippet folder (nil: not looked for).
struct BankReader: Sendable {
    static let key = CodingUserInfoKey(rawValue: "QuizBankReader")!
    var root: JSONValue, catalog: Catalog, snippets: String?

    /// `error`, thrown while reading `file`, as the bank's mistake: in the entry it is inside (by id, or `entries[3]`
    /// while the id is not valid), at the field the rest of its path names.
    func mistake(in file: String, _ error: any Error) -> QuizBankError {
        let kinds = ["String": "a string", "Bool": "true or false", "Array<Any>": "an array", "Dictionary<String, Any>": "an object"]
        let (path, message): ([any CodingKey], String) = switch error {
        case let refusal as Refusal: (refusal.path, refusal.message)
        case DecodingError.keyNotFound(let key, let context): (context.codingPath + [key], "is missing")
        case DecodingError.typeMismatch(let type, let context), DecodingError.valueNotFound(let type, let context):
            (context.codingPath, "expected \(kinds["\(type)"] ?? "\(type)"), found \(root[context.codingPath].kindName)")
        case DecodingError.dataCorrupted(let context): (context.codingPath, context.debugDescription)
        default: ([], "\(error)")
        }
        var rest = path[...], entry: String?
        if path.count > 1, path[0].stringValue == "entries", let index = AnyKey.index(path[1]) {
            let id = root[Array(path.prefix(2))][[AnyKey("id")]]
            entry = if case .string(let id) = id, QuizBankLoader.isID(id) { id } else { "entries[\(index)]" }
            rest = path.dropFirst(2)
        }
        let field = rest.reduce(into: "") { text, key in
            text += AnyKey.index(key).map { "[\($0)]" } ?? (text.isEmpty ? key.stringValue : ".\(key.stringValue)")
        }
        return QuizBankError(file: file, entry: entry, field: field.isEmpty ? nil : field, message)
    }
}

/// A mistake a bank type found while reading itself: where (the way from the file's root) and what.
struct Refusal: Error {
    var path: [any CodingKey], message: String
}

/// A key of any name, or an array's index (`Index 3`, as `JSONDecoder` names it).
struct AnyKey: CodingKey {
    var stringValue: String, intValue: Int?
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.init(stringValue) }
    init(intValue: Int) { (stringValue, self.intValue) = ("Index \(intValue)", intValue) }

    /// The index `key` stands for, if it is an array's.
    static func index(_ key: any CodingKey) -> Int? { key.intValue.flatMap { key.stringValue == "Index \($0)" ? $0 : nil } }
}

extension Decoder {
    /// The bank being read: the bank's types are read by `QuizBankLoader` only.
    var bank: BankReader {
        get throws {
            guard let bank = userInfo[BankReader.key] as? BankReader else { throw refuse("read by QuizBankLoader only") }
            return bank
        }
    }

    /// A mistake at this value, or at the field `keys` lead to inside it.
    func refuse(_ message: String, at keys: [String] = []) -> Refusal {
        Refusal(path: codingPath + keys.map { AnyKey($0) }, message: message)
    }

    /// Refuses this value, or the field `keys` lead to inside it, unless `condition` holds.
    func require(_ condition: Bool, _ message: @autoclosure () -> String, at keys: String...) throws {
        if !condition { throw refuse(message(), at: keys) }
    }

    /// This object's fields, which `Keys` names all of: a misspelt `anwser`, a null or an empty string is refused.
    func fields<Keys: CodingKey & CaseIterable>(_: Keys.Type) throws -> KeyedDecodingContainer<Keys> {
        let fields = try container(keyedBy: Keys.self)
        guard case .object(let values) = try bank.root[codingPath] else { return fields }
        let known = { Keys.allCases.map(\.stringValue).sorted().joined(separator: ", ") }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            try require(Keys(stringValue: name) != nil, "is not a field this object has (known: \(known()))", at: name)
            try require(value != .null, "is null: give it a value or leave it out", at: name)
            try require(value != .string(""), "is empty", at: name)
        }
        return fields
    }
}

extension KeyedDecodingContainer {
    /// The field at `key`, which must be there.
    func decode<T: Decodable>(_ key: Key) throws -> T { try decode(T.self, forKey: key) }

    /// The field at `key`, if it is there.
    subscript<T: Decodable>(key: Key) -> T? { get throws { try decodeIfPresent(T.self, forKey: key) } }

    /// A whole number (`JSONDecoder`'s own refusal of a fraction names no field).
    func whole(_ key: Key, _ decoder: any Decoder) throws -> Int? {
        guard contains(key) else { return nil }
        let value = try decoder.bank.root[decoder.codingPath][[key]]
        guard case .int(let number) = value else {
            throw decoder.refuse("expected a whole number, found \(value.kindName)", at: [key.stringValue])
        }
        return number
    }

    /// The object at `key`, if any, as `T`, which reads the fields `Keys` names and no other.
    func decodeIfPresent<T: Decodable, Keys: CodingKey & CaseIterable>(_: T.Type, forKey key: Key, only: Keys.Type) throws -> T? {
        guard contains(key) else { return nil }
        let decoder = try superDecoder(forKey: key)
        _ = try decoder.fields(only)
        return try T(from: decoder)
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
        guard let word = Self(rawValue: text) else { throw decoder.refuse("\"\(text)\" is not \(Self.choices)") }
        self = word
    }
}
