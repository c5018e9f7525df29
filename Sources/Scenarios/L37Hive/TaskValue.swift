/// The Task value: its type, its size, its value, and whether a copy reaches the same task.
public struct TaskValue: Sendable, Hashable {
    public var type: String, size: Int, value: Int, copyCancelReachesTask: Bool
    /// Whether the copy holds the same bits as the sleeper's value: the address of one task object.
    public var copyIsSameAddress: Bool
    /// Whether `.value` read through the copy is what the sleeper's own body returned: each sleeping task's body
    /// takes a ticket of its own, so another task's value carries another ticket.
    public var copyValueIsTasks: Bool
}

/// L37 card 9: `Task { 42 }` is a pointer — eight bytes — and cancelling a copy cancels the task, and `.value` on a
/// copy is the task's result. `.cancelAnotherTask`, the control: what is cancelled and read is another task, not a
/// copy.
nonisolated(nonsending) public func taskValue(_ shape: TaskCopyShape = .cancelACopy) async -> TaskValue {
    let cancelAnotherTask = shape == .cancelAnotherTask
    let tickets = Shared(0)
    /// A second's sleep that says whether it was cancelled, and which ticket its body took.
    @Sendable func sleep() async -> (cancelled: Bool, ticket: Int) {
        let ticket = tickets.updated { $0 += 1 }
        try? await Task.sleep(for: .seconds(1))
        return (Task.isCancelled, ticket)
    }
    let task = Task { 42 }
    let sleeper = Task { await sleep() }
    let copy = cancelAnotherTask ? Task { await sleep() } : sleeper
    copy.cancel()
    let sameAddress = unsafeBitCast(copy, to: UInt.self) == unsafeBitCast(sleeper, to: UInt.self)
    let slept = await sleeper.value
    let readThroughTheCopy = await copy.value
    return TaskValue(type: "\(type(of: task))", size: MemoryLayout.size(ofValue: task), value: await task.value,
                     copyCancelReachesTask: slept.cancelled, copyIsSameAddress: sameAddress,
                     copyValueIsTasks: readThroughTheCopy.ticket == slept.ticket)
}

/// What is cancelled.
public enum TaskCopyShape: String, CaseIterable, Sendable, Decodable {
    /// A copy of the task value (the lesson).
    case cancelACopy
    /// Another task, the control.
    case cancelAnotherTask
}
