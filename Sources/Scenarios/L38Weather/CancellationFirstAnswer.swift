import ConcurrencyProofsSubjects

/// Lesson 38 question 3, as observed: the first answer, and the console in order.
public struct FirstAnswerRace: Hashable, Sendable {
    /// The answer the group returned.
    public let first: String?
    /// "Seattle answered", then "Bergen answered" or "Bergen was cancelled", and "the group returned" in its place.
    public let events: [String]

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(first: String?, events: [String]) {
        self.first = first
        self.events = events
    }
}

/// Lesson 38 question 3: a task group asks Seattle (answers after `fast`) and Bergen (after `slow`) and returns the
/// first answer — with `FirstAnswer.waitingForTheRest` (the lesson's first version) or
/// `FirstAnswer.cancellingTheRest` (with `cancelAll()`). Without `cancelAll()` the group returned only after Bergen
/// answered ("first: Seattle after 2.0 sec"); with it, "Bergen was cancelled" and the group returned at once.
nonisolated(nonsending) public func firstAnswerRace(
    _ shape: RaceShape, fast: Duration = .milliseconds(200), slow: Duration = .seconds(2)
) async -> FirstAnswerRace {
    let cancellingTheRest = shape == .cancelsTheRest
    let log = EventLog()
    /// One city's answer after `time`, or nil if cancelled first. It only waits, so it stays on its caller.
    @Sendable nonisolated(nonsending) func weather(_ city: String, after time: Duration) async -> String? {
        do {
            try await Task.sleep(for: time)
            log.record("\(city) answered")
            return city
        } catch {
            log.record("\(city) was cancelled")
            return nil
        }
    }
    let askers: [@Sendable () async -> String?] = [
        { await weather("Seattle", after: fast) },
        { await weather("Bergen", after: slow) },
    ]
    let first =
        cancellingTheRest
        ? await FirstAnswer.cancellingTheRest(askers) : await FirstAnswer.waitingForTheRest(askers)
    log.record("the group returned")
    return FirstAnswerRace(first: first, events: log.entries)
}

/// Whether a race cancels its loser.
public enum RaceShape: String, CaseIterable, Sendable, Decodable {
    /// `group.cancelAll()` after the first answer.
    case cancelsTheRest
    /// No `cancelAll()`: the group waits for the loser.
    case waitsForTheRest
}
