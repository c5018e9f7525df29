
/// A mistake in the bank, named by file, entry and field: `Quiz/L37.json: L37-C13: checks[0].expect.drops: …`.
public struct QuizBankError: Error, Equatable, CustomStringConvertible {
    /// The bank file, relative to the bank's folder.
    public var file: String
    /// The entry's id, when the mistake is inside an entry (or `entries[3]` when the id itself is missing).
    public var entry: String?
    /// The path to the field: `checks[0].expect.drops`.
    public var field: String?
    /// What is wrong, and what was expected instead.
    public var message: String

    /// A mistake in `file`, at `field` of `entry`.
    public init(file: String, entry: String? = nil, field: String? = nil, _ message: String) {
        self.file = file
        self.entry = entry
        self.field = field
        self.message = message
    }

    /// `L37.json: entry L37-C13: field checks[0].expect.drops: expected …`
    public var description: String {
        var parts = [file]
        if let entry { parts.append("entry \(entry)") }
        if let field { parts.append("field \(field)") }
        return parts.joined(separator: ": ") + ": " + message
    }
}
