/// Lesson 38 question 8, as observed.
public struct AddingToCancelledGroup: Hashable, Sendable {
    /// What `addTaskUnlessCancelled` returned once the group's task was cancelled.
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
/// `.notCancelled`, the control: nobody cancels the task.
nonisolated(nonsending) public func addingToCancelledGroup(
    bodyNap: Duration = .milliseconds(300), cancelAfter: Duration = .milliseconds(100), shape: GroupCancelShape = .cancelled
) async -> AddingToCancelledGroup {
    let task = Task {
        await withTaskGroup(of: Bool?.self) { group in
            try? await Task.sleep(for: bodyNap)
            let added = group.addTaskUnlessCancelled { nil }
            group.addTask { Task.isCancelled }
            var childCancelled = false
            for await answer in group {
                if let answer { childCancelled = answer }
            }
            return AddingToCancelledGroup(addedUnlessCancelled: added, addTaskChildCancelled: childCancelled)
        }
    }
    try? await Task.sleep(for: cancelAfter)
    if shape == .cancelled { task.cancel() }
    return await task.value
}

/// Whether the group's task is cancelled while its body sleeps.
public enum GroupCancelShape: String, CaseIterable, Sendable, Decodable {
    /// Cancelled (the lesson).
    case cancelled
    /// Never cancelled, the control.
    case notCancelled
}
