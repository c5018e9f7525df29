/// The Task value: its type, its size, its value, and whether a copy reaches the same task.
public struct TaskValue: Sendable, Hashable {
    public var type: String, size: Int, value: Int, copyCancelReachesTask: Bool
    /// Whether the copy holds the same bits as the sleeper's value: the address of one task object.
    public var copyIsSameAddress: Bool
}

/// L37 card 9: `Task { 42 }` is a pointer — eight bytes — and cancelling a copy cancels the task. `.cancelAnotherTask`,
/// the control: what is cancelled is another task, not a copy.
nonisolated(nonsending) public func taskValue(_ shape: TaskCopyShape = .cancelACopy) async -> TaskValue {
    let cancelAnotherTask = shape == .cancelAnotherTask
    let task = Task { 42 }
    let sleeper = Task {
        try? await Task.sleep(for: .seconds(1))
        return Task.isCancelled
    }
    let copy = cancelAnotherTask ? Task { try? await Task.sleep(for: .seconds(1)); return Task.isCancelled } : sleeper
    copy.cancel()
    let sameAddress = unsafeBitCast(copy, to: UInt.self) == unsafeBitCast(sleeper, to: UInt.self)
    return TaskValue(type: "\(type(of: task))", size: MemoryLayout.size(ofValue: task), value: await task.value,
                     copyCancelReachesTask: await sleeper.value, copyIsSameAddress: sameAddress)
}

/// What is cancelled.
public enum TaskCopyShape: String, CaseIterable, Sendable, Decodable {
    /// A copy of the task value (the lesson).
    case cancelACopy
    /// Another task, the control.
    case cancelAnotherTask
}
