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
/// and the operation is cancelled, again before the witness wakes.
nonisolated(nonsending) public func timeoutRace(operationTakes: Duration, limit: Duration) async -> TimeoutRace {
    let log = EventLog()
    let witness = Task {
        try? await Task.sleep(for: (operationTakes + limit) / 2)
        log.record("halfway between the answer and the limit")
    }
    let answer: String
    do {
        answer = try await withTimeout(limit) {
            do {
                try await Task.sleep(for: operationTakes)
            } catch {
                log.record("the operation was cancelled")
                throw error
            }
            log.record("the operation answered")
            return "answer"
        }
    } catch {
        answer = "\(error)"
    }
    log.record("withTimeout returned")
    await witness.value
    return TimeoutRace(answer: answer, events: log.entries)
}

/// Whether the timeout is shorter than the slow operation.
public enum TimeoutShape: String, CaseIterable, Sendable, Decodable {
    /// The slow operation takes 1 s, the limit is 100 ms.
    case limitShorter
    /// The limit is 2 s: nothing times out.
    case limitLonger
}
