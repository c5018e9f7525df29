/// L38 card 13: a child throws, the body never reads the results — the group does not throw. (The body cannot
/// throw, so the call needs no `try`: the compiler's warning on the lesson's `try` says the same.) `.readOne`, the
/// control: the body reads one result. `.forTryAwait` and `.waitsForAll`: the lesson's two fixes.
nonisolated(nonsending) public func throwingGroupUnread(_ shape: UnreadGroupShape = .unread) async -> String {
    do {
        return try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { throw Offline() }
            switch shape {
            case .unread: break
            case .readOne: _ = try await group.next()
            case .forTryAwait: for try await _ in group {}
            case .waitsForAll: try await group.waitForAll()
            }
            return "the body returned"
        }
    } catch {
        return "the group threw \(error)"
    }
}

/// Whether the throwing group's body reads a result.
public enum UnreadGroupShape: String, CaseIterable, Sendable, Decodable {
    /// It never reads one (the lesson).
    case unread
    /// It reads one, the control: the error comes with it.
    case readOne
    /// It reads them all with `for try await` (the lesson's first fix).
    case forTryAwait
    /// It calls `try await group.waitForAll()` (the lesson's second fix).
    case waitsForAll
}

/// The lesson's `weather(_:after:)`: an answer after `seconds`.
nonisolated(nonsending) func weather(_ city: String, after seconds: Double) async throws -> String {
    try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
    return "\(city): fine"
}

/// L38 card 2: a throwing group's results come in the order the children finish. `.tasksInOrderMade`, the control:
/// tasks awaited in the order they were made.
nonisolated(nonsending) public func throwingGroupOrder(_ shape: CollectShape = .taskGroup) async throws -> [String] {
    let tasksInOrderMade = shape == .tasksInOrderMade
    if tasksInOrderMade {
        let tasks = [("Seattle", 0.6), ("Vancouver", 0.2), ("Bergen", 0.4)].map { city, seconds in
            Task { try await weather(city, after: seconds) }
        }
        var answers: [String] = []
        for task in tasks { answers.append(try await task.value) }
        return answers
    }
    return try await withThrowingTaskGroup(of: String.self) { group in
        for (city, seconds) in [("Seattle", 0.6), ("Vancouver", 0.2), ("Bergen", 0.4)] {
            group.addTask { try await weather(city, after: seconds) }
        }
        var answers: [String] = []
        for try await answer in group {
            answers.append(answer)
        }
        return answers
    }
}
