/// The question-and-answer seed's timeout: race `operation` against a sleep of `limit` in a throwing task group, take
/// whichever child finishes first, and cancel the other (`cancelAll()` in a `defer`, so on every path). If the sleep
/// wins it throws `TimedOut`. The group still waits for the loser: an operation that ignores cancellation keeps the
/// caller waiting anyway. A negative limit is a mistake.
nonisolated(nonsending) public func withTimeout<Value: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    precondition(limit >= .zero, "withTimeout(_:_:) needs a limit of zero or more, got \(limit)")
    return try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw TimedOut(limit: limit)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else {
            preconditionFailure("a group with two children answered nothing")
        }
        return first
    }
}
