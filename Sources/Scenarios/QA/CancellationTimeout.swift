import ConcurrencyProofsSubjects

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
/// race around an operation whose wait no cancellation ends, so the group waits for it all the same;
/// `.takesTheOperations`: a race that takes the operation's answer whenever it comes, passing over a sleep that wins;
/// `.sleepReturnsNothing`: a race whose sleep, when it wins, returns no value instead of throwing `TimedOut`;
/// `.deafLoserAbandoned`: the operation that ignores cancellation, raced by two unstructured tasks that do not wait for
/// the loser — a timeout that abandons its work, which structured concurrency cannot do.
nonisolated(nonsending) public func timeoutRace(operationTakes: Duration, limit: Duration,
                                               _ shape: TimeoutShape = .limitShorter) async -> TimeoutRace {
    let ignoresCancellation = shape == .loserIgnoresCancellation || shape == .deafLoserAbandoned
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
        switch shape {
        case .withoutCancelAll: answer = try await raceLeavingTheLoser(limit, operation)
        case .sleepReturnsNothing: answer = try await raceWithASilentSleep(limit, operation) ?? "no answer"
        case .deafLoserAbandoned: answer = try await raceAbandoningTheLoser(limit, operation)
        case .takesTheOperations:
            answer = try await raceWithASilentSleep(limit, operation, waitingForTheOperation: true) ?? "no answer"
        case .limitShorter, .loserIgnoresCancellation: answer = try await withTimeout(limit, operation)
        }
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

/// The operation raced against a sleep that, when it ends, gives no value instead of throwing `TimedOut`; the loser
/// is cancelled once the race is decided. The first child to end decides — a sleep that wins gives nil, and the caller
/// has nothing to catch — or, `waitingForTheOperation`, a sleep that ends first is passed over and the group waits for
/// the operation's answer.
nonisolated(nonsending) func raceWithASilentSleep<Value: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> Value, waitingForTheOperation: Bool = false
) async throws -> Value? {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        defer { group.cancelAll() }
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        for try await answer in group where answer != nil || !waitingForTheOperation {
            return answer
        }
        preconditionFailure("a group with two children answered nothing")
    }
}

/// A race of two unstructured tasks, the operation and a sleep that throws `TimedOut`: the first to end answers the
/// caller, and the other is left running, waited for by nobody.
nonisolated(nonsending) func raceAbandoningTheLoser<Value: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        let answered = Shared(false)
        /// Hands the first result to the caller; later ones are dropped.
        @Sendable func answer(_ result: Result<Value, any Error>) {
            var first = false
            answered.update { done in
                first = !done
                done = true
            }
            if first { continuation.resume(with: result) }
        }
        Task {
            do {
                answer(.success(try await operation()))
            } catch {
                answer(.failure(error))
            }
        }
        Task {
            try? await Task.sleep(for: limit)
            answer(.failure(TimedOut(limit: limit)))
        }
    }
}

/// The timeout race's shape: the limit against the slow operation, and how the loser is treated.
public enum TimeoutShape: String, CaseIterable, Sendable, Decodable {
    /// The slow operation takes 1 s, the limit is 100 ms (the seed).
    case limitShorter
    /// The seed's limits, in a race that waits for the operation's answer, not the first child's.
    case takesTheOperations
    /// The seed's limits, in a race that does not cancel its loser.
    case withoutCancelAll
    /// The seed's limits and race, around an operation whose wait no cancellation ends.
    case loserIgnoresCancellation
    /// The seed's limits, in a race whose sleep gives no value instead of throwing `TimedOut`.
    case sleepReturnsNothing
    /// The operation of `.loserIgnoresCancellation`, in a race of unstructured tasks that abandons its loser.
    case deafLoserAbandoned
}
