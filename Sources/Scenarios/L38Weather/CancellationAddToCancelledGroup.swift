/// Lesson 38 question 8, as observed.
public struct AddingToCancelledGroup: Hashable, Sendable {
    /// Whether the first add started a child once the group's task was cancelled: `addTaskUnlessCancelled` starts one
    /// exactly when it answers true, so this is its answer, read from what ran.
    public let addedUnlessCancelled: Bool
    /// Whether the child `addTask` started anyway found itself cancelled.
    public let addTaskChildCancelled: Bool

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(addedUnlessCancelled: Bool, addTaskChildCancelled: Bool) {
        self.addedUnlessCancelled = addedUnlessCancelled
        self.addTaskChildCancelled = addTaskChildCancelled
    }
}

/// Lesson 38 question 8: a group's task is cancelled after `cancelAfter` while the body sleeps for `bodyNap`; then
/// the body calls `addTaskUnlessCancelled` and `addTask`. The lesson printed "added after cancellation? false" and
/// "addTask started a child anyway; cancelled? true".
/// `.notCancelled`: nobody cancels the task. `.plainAddAndATask`, the quiz's control: the task is cancelled as in the
/// lesson, but the first child is added with a plain `addTask`, which does not ask, and the second is a `Task { }`,
/// which is not the group's child.
nonisolated(nonsending) public func addingToCancelledGroup(
    bodyNap: Duration = .milliseconds(300), cancelAfter: Duration = .milliseconds(100), shape: GroupCancelShape = .cancelled
) async -> AddingToCancelledGroup {
    let plainAddAndATask = shape == .plainAddAndATask
    let task = Task {
        await withTaskGroup(of: Bool?.self) { group in
            try? await Task.sleep(for: bodyNap)
            let firstStarted = Shared(false)
            let first: @Sendable () async -> Bool? = {
                firstStarted.update { $0 = true }
                return nil
            }
            if plainAddAndATask {
                group.addTask(operation: first)
            } else {
                _ = group.addTaskUnlessCancelled(operation: first)
            }
            var childCancelled = false
            if plainAddAndATask {
                childCancelled = await Task { Task.isCancelled }.value
            } else {
                group.addTask { Task.isCancelled }
            }
            for await answer in group {
                if let answer { childCancelled = answer }
            }
            return AddingToCancelledGroup(addedUnlessCancelled: firstStarted.value, addTaskChildCancelled: childCancelled)
        }
    }
    try? await Task.sleep(for: cancelAfter)
    if shape != .notCancelled { task.cancel() }
    return await task.value
}

/// Whether the group's task is cancelled while its body sleeps, and how the body adds its two children.
public enum GroupCancelShape: String, CaseIterable, Sendable, Decodable {
    /// Cancelled (the lesson).
    case cancelled
    /// Never cancelled.
    case notCancelled
    /// Cancelled, but the first child added with a plain `addTask` and the second started as a `Task { }`: the
    /// first starts though nobody wants it, and the second is not cancelled.
    case plainAddAndATask
}
