import ConcurrencyProofsSubjects

/// Where each of the three ran, from main-actor code: Task { }, Task { } written out by hand, Task.detached.
public struct TaskAndDetached: Sendable, Hashable {
    public var task: String, byHand: String, detached: String
    public var taskOnMainThread: Bool, detachedOnMainThread: Bool
    public var taskOnMainQueue: Bool, detachedOnMainQueue: Bool
    /// Whether the hand-written Task { } ran its body on the main queue: a run-time fact, where `byHand` (from
    /// `#isolation`) is fixed at compile time.
    public var byHandOnMainQueue: Bool
}

/// L37 card 20 and Q9, L38 actors Q4: Task { } takes its creator's actor; Task.detached takes none; Task { } by
/// hand is a detached task that hops to its creator's actor first.
/// `.swapped`, the control: Task.detached where the lesson has Task { }, and the other way round, with a hand-written
/// task that does not hop.
@MainActor public func taskAndDetached(_ shape: SwapShape = .lesson) async -> TaskAndDetached {
    let swapped = shape == .swapped
    let task = swapped ? await Task.detached { (whereAmI(), onMainThread(), onMainQueue()) }.value
        : await Task { (whereAmI(), onMainThread(), onMainQueue()) }.value
    let byHand = await Task.detached(priority: Task.currentPriority) {
        swapped ? (whereAmI(), onMainQueue()) : await MainActor.run { (whereAmI(), onMainQueue()) }
    }.value
    let detached = swapped ? await Task { (whereAmI(), onMainThread(), onMainQueue()) }.value
        : await Task.detached { (whereAmI(), onMainThread(), onMainQueue()) }.value
    return TaskAndDetached(task: task.0, byHand: byHand.0, detached: detached.0, taskOnMainThread: task.1,
                           detachedOnMainThread: detached.1, taskOnMainQueue: task.2, detachedOnMainQueue: detached.2,
                           byHandOnMainQueue: byHand.1)
}
