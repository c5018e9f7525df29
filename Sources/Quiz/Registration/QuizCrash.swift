/// A scenario that stops its process (or logs as it goes on), run in a child process: by `swift run quiz
/// --crash-child <name>` or by an exit test.
public struct QuizCrash: Sendable {
    /// The name the bank uses.
    public var name: String
    /// The body: it should not return if the claim holds (or return after logging).
    public var run: @Sendable () async -> Void
    /// Where it is registered, as the compiler says.
    public var registeredAt: SourceLine

    /// A crash scenario.
    public init(_ name: String, file: String = #filePath, line: Int = #line, run: @escaping @Sendable () async -> Void) {
        self.name = name
        self.run = run
        registeredAt = SourceLine(file: file, line: line)
    }
}
