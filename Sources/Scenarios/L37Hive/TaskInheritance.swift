import ConcurrencyProofsSubjects

/// A task-local value, to see who inherits it.
public enum Hive {
    /// The hive's name, set around the code that makes the tasks.
    @TaskLocal public static var name: String?
}

/// What Task { } and Task.detached inherit from main-actor code with a priority and a task-local value.
public struct Inheritance: Sendable, Hashable {
    public var taskIsolation: String, taskTaskLocal: String, taskPriorityIsCallers: Bool
    public var detachedIsolation: String, detachedTaskLocal: String, detachedPriorityIsCallers: Bool
    public var value: Int
    /// Whether each body ran on the main queue: where it ran, observed, beside the isolation `#isolation` names.
    public var taskOnMainQueue: Bool, detachedOnMainQueue: Bool
    /// The base priority the detached body read: "TaskPriority.medium" when it was given none, whatever its
    /// creator's.
    public var detachedPriority: String
}

/// Makes a Task { } and a Task.detached from main-actor code, and asks each what it got.
///
/// Priorities are base priorities: awaiting a task's value escalates it to the awaiter's priority, which would hide
/// what it was given.
@MainActor func makeBoth(_ shape: SwapShape) async -> Inheritance {
    let swapped = shape == .swapped
    let callers = Task.basePriority
    let task = swapped ? await Task.detached { (whereAmI(), Hive.name ?? "none", Task.basePriority, onMainQueue()) }.value
        : await Task { (whereAmI(), Hive.name ?? "none", Task.basePriority, onMainQueue()) }.value
    let detached = swapped ? await Task { (whereAmI(), Hive.name ?? "none", Task.basePriority, 42, onMainQueue()) }.value
        : await Task.detached { (whereAmI(), Hive.name ?? "none", Task.basePriority, 42, onMainQueue()) }.value
    return Inheritance(taskIsolation: task.0, taskTaskLocal: task.1, taskPriorityIsCallers: task.2 == callers,
                       detachedIsolation: detached.0, detachedTaskLocal: detached.1,
                       detachedPriorityIsCallers: detached.2 == callers, value: detached.3,
                       taskOnMainQueue: task.3, detachedOnMainQueue: detached.4,
                       detachedPriority: detached.2.map { "\($0)" } ?? "none")
}

/// L37 card 8, the Q&A seed, the architecture seed: Task { } inherits actor, priority and task-local values;
/// Task.detached inherits none of them. Run from a high-priority main-actor task with `Hive.name` set. `.swapped`,
/// the control: each made the other way.
nonisolated(nonsending) public func detachedInheritsNothing(_ shape: SwapShape = .lesson) async -> Inheritance {
    await Task(priority: .high) { @MainActor in
        await Hive.$name.withValue("hive") {
            await makeBoth(shape)
        }
    }.value
}
