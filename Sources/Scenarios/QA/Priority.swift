/// Priorities as the Q&A seed names them.
public struct PriorityAliases: Sendable, Hashable {
    public var highIsUserInitiated: Bool, lowIsUtility: Bool
}

/// The Q&A seed: `.high` is `.userInitiated`, `.low` is `.utility`.
public func priorityAliases() -> PriorityAliases {
    PriorityAliases(highIsUserInitiated: TaskPriority.high == .userInitiated, lowIsUtility: TaskPriority.low == .utility)
}

/// What children inherit, and what escalation does.
public struct PriorityInheritance: Sendable, Hashable {
    public var asyncLetChild: String, groupChild: String, lowBeforeAwait: String, escalated: String
}

/// `high`, `low`, …: a priority's name.
func name(of priority: TaskPriority) -> String {
    switch priority {
    case .high: "high"
    case .medium: "medium"
    case .low: "low"
    case .background: "background"
    default: "\(priority.rawValue)"
    }
}

/// The current task's priority, asked by a child.
nonisolated(nonsending) func currentPriorityName() async -> String {
    name(of: Task.currentPriority)
}

/// The Q&A seed: async let and group children inherit the parent's priority; a high-priority task awaiting a
/// low-priority one raises it (the low task reads its priority before and after it is awaited).
/// `.notInherited`, the quiz's control: `priorityWithoutInheritance()` — no children, and nobody awaiting the low task.
nonisolated(nonsending) public func priorityInheritance(
    _ shape: PriorityShape = .inherited
) async -> PriorityInheritance {
    let notInherited = shape == .notInherited
    return await Task(priority: .high) {
        if notInherited { return await priorityWithoutInheritance() }
        async let child = currentPriorityName()
        let fromGroup = await withTaskGroup(of: String.self) { group in
            group.addTask { name(of: Task.currentPriority) }
            return await group.next() ?? ""
        }
        // The low task says when it has read its priority; waiting on a stream raises nobody.
        let (hasRead, said) = AsyncStream<Void>.makeStream()
        let low = Task(priority: .low) { () -> (String, String) in
            let before = name(of: Task.currentPriority)
            said.finish()
            // Until someone raises it, up to a second: a fixed wait would lose to a parent that is late to await on
            // a loaded machine.
            for _ in 0..<100 where Task.currentPriority == .low {
                try? await Task.sleep(for: .milliseconds(10))
            }
            return (before, name(of: Task.currentPriority))
        }
        // Only once the low task has read its priority does anyone await it: a fixed 20 ms wait once lost to a
        // loaded machine, which started the low task after the await had already raised it.
        for await _ in hasRead {}
        let (before, escalated) = await low.value
        return PriorityInheritance(asyncLetChild: await child, groupChild: fromGroup, lowBeforeAwait: before,
                                   escalated: escalated)
    }.value
}

/// Whether anything inherits or raises a priority.
public enum PriorityShape: String, CaseIterable, Sendable, Decodable {
    /// Children, and a low task awaited by a high one (the seed).
    case inherited
    /// `priorityWithoutInheritance()`, the control: no children, nobody awaits the low task.
    case notInherited
}

/// The same high-priority parent with the two properties removed: detached tasks where the children are (they
/// inherit nothing), and the low task's answer waited for through a continuation instead of `task.value`, which no
/// priority can flow through. Each task hands its reading back through a continuation, so nothing awaits a task.
nonisolated(nonsending) func priorityWithoutInheritance() async -> PriorityInheritance {
    let standIn = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
        Task.detached { continuation.resume(returning: name(of: Task.currentPriority)) }
    }
    let groupStandIn = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
        Task.detached { continuation.resume(returning: name(of: Task.currentPriority)) }
    }
    let (before, after) = await withCheckedContinuation { (continuation: CheckedContinuation<(String, String), Never>) in
        Task(priority: .low) {
            let before = name(of: Task.currentPriority)
            // As long as the lesson's shape waits for the raise, at most: 200 ms here, since nothing can raise it.
            for _ in 0..<20 where Task.currentPriority == .low {
                try? await Task.sleep(for: .milliseconds(10))
            }
            continuation.resume(returning: (before, name(of: Task.currentPriority)))
        }
    }
    return PriorityInheritance(asyncLetChild: standIn, groupChild: groupStandIn, lowBeforeAwait: before, escalated: after)
}
