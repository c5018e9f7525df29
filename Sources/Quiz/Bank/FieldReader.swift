
/// Reads the fields of one JSON object of the bank, and turns every mistake into a `QuizBankError` that names
/// the file, the entry and the full path of the field.
///
/// Every field read is remembered, so that `finish()` can refuse a field nobody reads: a misspelt `expcet` is an
/// error, never silently ignored.
struct FieldReader {
    /// Where the object is: file, entry and the path of the object itself.
    let place: Place
    /// The object's fields.
    let fields: [String: JSONValue]
    /// The fields this reader accepts; `finish()` rejects any other.
    private(set) var known: Set<String> = []

    /// Where a value sits in the bank.
    struct Place {
        /// The bank file.
        var file: String
        /// The entry's id, once known.
        var entry: String?
        /// The path from the entry (or the file) to this value.
        var path: String?

        /// The place of a field inside this one.
        func appending(_ field: String) -> Place {
            var inner = self
            inner.path = path.map { "\($0).\(field)" } ?? field
            return inner
        }

        /// The place of an element of the array at this place.
        func index(_ index: Int) -> Place {
            var inner = self
            inner.path = (path ?? "") + "[\(index)]"
            return inner
        }

        /// An error at this place.
        func error(_ message: String) -> QuizBankError {
            QuizBankError(file: file, entry: entry, field: path, message)
        }
    }

    /// A reader of `value`, which must be an object.
    init(_ value: JSONValue, at place: Place) throws(QuizBankError) {
        guard case .object(let fields) = value else {
            throw place.error("expected an object, found \(value.kindName)")
        }
        self.place = place
        self.fields = fields
    }

    /// Whether the object has `name`.
    func has(_ name: String) -> Bool {
        fields[name] != nil
    }

    /// The raw value of an optional field.
    mutating func value(_ name: String) -> JSONValue? {
        known.insert(name)
        return fields[name]
    }

    /// A required string.
    mutating func string(_ name: String) throws(QuizBankError) -> String {
        guard let text = try optionalString(name) else {
            throw place.appending(name).error("is missing (a string is required)")
        }
        return text
    }

    /// An optional string; present but not a string is an error.
    mutating func optionalString(_ name: String) throws(QuizBankError) -> String? {
        guard let value = value(name) else { return nil }
        guard case .string(let text) = value else {
            throw place.appending(name).error("expected a string, found \(value.kindName)")
        }
        guard !text.isEmpty else { throw place.appending(name).error("is empty") }
        return text
    }

    /// The field `name`, one of `Choice`'s words (`choices` lists them for the error), or `base` when absent;
    /// required if there is no `base`.
    mutating func choice<Choice: RawRepresentable>(_ name: String, base: Choice?, choices: String)
        throws(QuizBankError) -> Choice where Choice.RawValue == String
    {
        guard let text = try optionalString(name) else {
            guard let base else { throw place.appending(name).error("is missing (\(choices))") }
            return base
        }
        guard let chosen = Choice(rawValue: text) else {
            throw place.appending(name).error("\"\(text)\" is not \(choices)")
        }
        return chosen
    }

    /// An optional whole number.
    mutating func optionalInt(_ name: String) throws(QuizBankError) -> Int? {
        guard let value = value(name) else { return nil }
        guard case .int(let number) = value else {
            throw place.appending(name).error("expected a whole number, found \(value.kindName)")
        }
        return number
    }

    /// An optional Boolean.
    mutating func optionalBool(_ name: String) throws(QuizBankError) -> Bool? {
        guard let value = value(name) else { return nil }
        guard case .bool(let flag) = value else {
            throw place.appending(name).error("expected true or false, found \(value.kindName)")
        }
        return flag
    }

    /// An optional array of strings.
    mutating func optionalStrings(_ name: String) throws(QuizBankError) -> [String]? {
        guard let value = value(name) else { return nil }
        guard case .array(let items) = value else {
            throw place.appending(name).error("expected an array of strings, found \(value.kindName)")
        }
        var strings: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else {
                throw place.appending(name).index(index).error("expected a string, found \(item.kindName)")
            }
            strings.append(text)
        }
        return strings
    }

    /// An optional object of string values (an environment).
    mutating func optionalStringMap(_ name: String) throws(QuizBankError) -> [String: String]? {
        guard let value = value(name) else { return nil }
        let reader = try FieldReader(value, at: place.appending(name))
        var map: [String: String] = [:]
        for (key, item) in reader.fields {
            guard case .string(let text) = item else {
                throw reader.place.appending(key).error("expected a string, found \(item.kindName)")
            }
            map[key] = text
        }
        return map
    }

    /// A reader of a nested object field, optional.
    mutating func optionalObject(_ name: String) throws(QuizBankError) -> FieldReader? {
        guard let value = value(name) else { return nil }
        return try FieldReader(value, at: place.appending(name))
    }

    /// Fails on any field this reader did not read.
    func finish() throws(QuizBankError) {
        let unknown = Set(fields.keys).subtracting(known).sorted()
        guard let first = unknown.first else { return }
        throw place.appending(first).error("is not a field this object has (known: \(known.sorted().joined(separator: ", ")))")
    }
}
