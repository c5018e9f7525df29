/// Lesson 38 question 4: in a throwing task group read with `for try await`, Seattle fails after `failAfter` while
/// Bergen sleeps for `sleeperNap`. Returns the console; the lesson printed "Bergen was cancelled", "the group threw
/// Offline()": the error leaves the body, the group cancels the children that are left, waits for them, and throws.
/// `.catchInsideEachChild`, the lesson's contrast ("then catch inside each child"): each child catches its own error
/// and gives nil, so nothing leaves the body, nothing is cancelled, and the group returns what it has.
nonisolated(nonsending) public func throwingGroupCancelsTheRest(
    failAfter: Duration = .milliseconds(100), sleeperNap: Duration = .seconds(2), shape: ThrowingGroupShape = .errorLeavesTheBody
) async -> [String] {
    let log = EventLog()
    /// One city's answer after `time`, or `Offline` if it `fails`; notes a cancellation. It only waits.
    @Sendable nonisolated(nonsending) func weather(_ city: String, after time: Duration, fails: Bool = false)
        async throws -> String
    {
        do {
            try await Task.sleep(for: time)
        } catch {
            log.record("\(city) was cancelled")
            throw error
        }
        if fails { throw Offline() }
        return city
    }
    do {
        if shape == .catchInsideEachChild {
            try await withThrowingTaskGroup(of: String?.self) { group in
                group.addTask { try? await weather("Seattle", after: failAfter, fails: true) }
                group.addTask { try? await weather("Bergen", after: sleeperNap) }
                for try await city in group {
                    log.record("got \(city ?? "nothing")")
                }
            }
            log.record("the group returned")
        } else {
            try await withThrowingTaskGroup(of: String.self) { group in
                group.addTask { try await weather("Seattle", after: failAfter, fails: true) }
                group.addTask { try await weather("Bergen", after: sleeperNap) }
                for try await city in group {
                    log.record("got \(city)")
                }
            }
        }
    } catch {
        log.record("the group threw \(error)")
    }
    return log.entries
}

/// Where a throwing group's children's errors go.
public enum ThrowingGroupShape: String, CaseIterable, Sendable, Decodable {
    /// Out of the children and the body, through `for try await` (the lesson).
    case errorLeavesTheBody
    /// Caught inside each child with `try?`, the lesson's contrast: nothing leaves the body.
    case catchInsideEachChild
}
