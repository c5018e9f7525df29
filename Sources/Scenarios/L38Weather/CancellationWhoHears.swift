/// Lesson 37 question 6 and lesson 38 question 6: what each of three tasks said when its nap ended, after the task
/// that made them was cancelled.
public struct WhoHearsCancellation: Hashable, Sendable {
    /// The `async let` child's line: "async let child: cancelled" or "… finished".
    public let asyncLetChild: String
    /// The `Task { }` line.
    public let unstructuredTask: String
    /// The `Task.detached { }` line.
    public let detachedTask: String

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(asyncLetChild: String, unstructuredTask: String, detachedTask: String) {
        self.asyncLetChild = asyncLetChild
        self.unstructuredTask = unstructuredTask
        self.detachedTask = detachedTask
    }
}

/// A nap that says how it ended: "<who>: finished" or "<who>: cancelled". It only waits, so it stays on its caller.
nonisolated(nonsending) func cancellationNap(_ who: String, for time: Duration) async -> String {
    do {
        try await Task.sleep(for: time)
        return "\(who): finished"
    } catch {
        return "\(who): cancelled"
    }
}

/// Lesson 37 question 6 / lesson 38 question 6: a task starts an `async let` child, a `Task { }` and a
/// `Task.detached { }`, each napping for `napTime`; after `cancelAfter` the task is cancelled. The lesson printed
/// "async let child: cancelled", "Task { }: finished", "Task.detached: finished": only the child is structured.
/// `shape`, the quiz's controls: `.asyncLets`, `async let` children where the `Task { }` and the `Task.detached` are,
/// under the same names — the cancellation reaches them; `.childAsTask`, a `Task { }` where the `async let` child is —
/// the cancellation reaches nothing.
nonisolated(nonsending) public func whoHearsCancellation(
    napTime: Duration = .milliseconds(500), cancelAfter: Duration = .milliseconds(100), shape: ChildrenShape = .unstructuredTasks
) async -> WhoHearsCancellation {
    let parent = Task {
        switch shape {
        case .asyncLets:
            async let child = cancellationNap("async let child", for: napTime)
            async let unstructured = cancellationNap("Task { }", for: napTime)
            async let detached = cancellationNap("Task.detached", for: napTime)
            return WhoHearsCancellation(
                asyncLetChild: await child, unstructuredTask: await unstructured, detachedTask: await detached)
        case .childAsTask:
            let child = Task { await cancellationNap("async let child", for: napTime) }
            let unstructured = Task { await cancellationNap("Task { }", for: napTime) }
            let detached = Task.detached { await cancellationNap("Task.detached", for: napTime) }
            return WhoHearsCancellation(
                asyncLetChild: await child.value, unstructuredTask: await unstructured.value,
                detachedTask: await detached.value)
        case .unstructuredTasks:
            async let child = cancellationNap("async let child", for: napTime)
            let unstructured = Task { await cancellationNap("Task { }", for: napTime) }
            let detached = Task.detached { await cancellationNap("Task.detached", for: napTime) }
            return WhoHearsCancellation(
                asyncLetChild: await child, unstructuredTask: await unstructured.value, detachedTask: await detached.value)
        }
    }
    try? await Task.sleep(for: cancelAfter)
    parent.cancel()
    return await parent.value
}

/// What a cancelled task started.
public enum ChildrenShape: String, CaseIterable, Sendable, Decodable {
    /// An `async let` child, a `Task { }` and a `Task.detached`, as the lessons write them: cancelling the parent
    /// reaches only the child.
    case unstructuredTasks
    /// `async let` children in place of the `Task { }` and the `Task.detached`, under the same names, the control for
    /// them: the cancellation reaches them.
    case asyncLets
    /// A `Task { }` in place of the `async let` child, under its name, the control for it: the cancellation reaches
    /// nothing.
    case childAsTask
}
