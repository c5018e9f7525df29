/// Lesson 38, question 3: ask several at once and keep the first answer. Two shapes side by side. Returning from a
/// task group's body does not cancel its children — "a group always waits for all of its child tasks to complete
/// before it returns" — so the first shape takes as long as the slowest asker; the second says it is done.
public enum FirstAnswer {
    /// The first answer, returned only once every other asker has finished too: nobody told them to stop.
    nonisolated(nonsending) public static func waitingForTheRest<Answer: Sendable>(
        _ askers: [@Sendable () async -> Answer?]
    ) async -> Answer? {
        await withTaskGroup(of: Answer?.self) { group in
            for ask in askers {
                group.addTask { await ask() }
            }
            return await group.next() ?? nil
        }
    }

    /// The first answer, and `cancelAll()`: the other askers are cancelled, and the group returns as soon as they
    /// notice.
    nonisolated(nonsending) public static func cancellingTheRest<Answer: Sendable>(
        _ askers: [@Sendable () async -> Answer?]
    ) async -> Answer? {
        await withTaskGroup(of: Answer?.self) { group in
            for ask in askers {
                group.addTask { await ask() }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
