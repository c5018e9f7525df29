import Subjects

/// The timeout race, as observed.
public struct TimeoutRace: Hashable, Sendable {
    /// The operation's answer, or the error's description ("timed out after …").
    public let answer: String
    /// The console: "the operation answered" or "the operation was cancelled", "withTimeout returned", and, in its
    /// place, "halfway between the answer and the limit" (a witness that sleeps until then).
    public let events: [String]

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(answer: String, events: [String]) {
        self.answer = answer
        self.events = events
    }
}

/// The question-and-answer seed's timeout: `withTimeout(limit)` around an operation that takes `operationTakes`. A
/// witness task sleeps alongside until halfway between the two times, and notes it. When the operation wins, its
/// answer comes back and the losing sleep is cancelled, so `withTimeout` returns before the witness wakes (a group
/// left waiting for its sleep would return only at the limit, after it); when the sleep wins, `TimedOut` comes back
/// and the operation is cancelled, again before the witness wakes. `.withoutCancelAll`: the same race with no
/// `cancelAll()`, so the loser is left to run and the group waits for it; `.loserIgnoresCancellation`: the lesson's
/// race around an operation whose wait no cancellation ends, so the group waits for it all the same.
nonisolated(nonsending) public func timeoutRace(operationTakes: Duration, limit: Duration,
                                               _ shape: TimeoutShape = .limitShorter) async -> TimeoutRace {
    let ignoresCancellation = shape == .loserIgnoresCancellation
    let log = EventLog()
    let witness = Task {
        try? await Task.sleep(for: (operationTakes + limit) / 2)
        log.record("halfway between the answer and the limit")
    }
    let operation: @Sendable () async throws -> String = {
        do {
            if ignoresCancellation {
                await Task.detached { try? await Task.sleep(for: operationTakes) }.value
                try Task.checkCancellation()
            } else {
                try await Task.sleep(for: operationTakes)
            }
        } catch {
            log.record("the operation was cancelled")
            throw error
        }
        log.record("the operation answered")
        return "answer"
    }
    let answer: String
    do {
        answer = shape == .withoutCancelAll ? try await raceLeavingTheLoser(limit, operation)
            : try await withTimeout(limit, operation)
    } catch {
        answer = "\(error)"
    }
    log.record("withTimeout returned")
    await witness.value
    return TimeoutRace(answer: answer, events: log.entries)
}

/// `withTimeout` without its `cancelAll()`: the first child's result is taken, and the other is left to run.
nonisolated(nonsending) func raceLeavingTheLoser<Value: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw TimedOut(limit: limit)
        }
        guard let first = try await group.next() else {
            preconditionFailure("a group with two children answered nothing")
        }
        return first
    }
}

/// The timeout race's shape: the limit against the slow operation, and how the loser is treated.
public enum TimeoutShape: String, CaseIterable, Sendable, Decodable {
    /// The slow operation takes 1 s, the limit is 100 ms (the seed).
    case limitShorter
    /// The limit is 2 s: nothing times out.
    case limitLonger
    /// The seed's limits, in a race that does not cancel its loser.
    case withoutCancelAll
    /// The seed's limits and race, around an operation whose wait no cancellation ends.
    case loserIgnoresCancellation
}
