/// A line of the package's source: where a scenario is registered (as the compiler gave it, `#filePath` and `#line`),
/// where a function or a shape's case is declared.
public struct SourceLine: Sendable, Hashable, CustomStringConvertible {
    /// The file: its path from the package's root (`Sources/QuizCatalog/L37.swift`), or as the compiler gave it.
    public var file: String
    /// The line, from 1.
    public var line: Int

    /// A line of `file`.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `Sources/QuizCatalog/L37.swift:139`.
    public var description: String { "\(file):\(line)" }
}
