/// Lesson 37's trick card: after its task was cancelled, what an `async let` child, a `Task.detached` child and a
/// `@concurrent` function each noticed.
public struct ConcurrentVersusDetached: Hashable, Sendable {
    /// "async let: cancelled" or "async let: finished".
    public let asyncLet: String
    /// "detached: cancelled" or "detached: finished".
    public let detached: String
    /// Whether the `@concurrent` function saw `Task.isCancelled` after its own nap.
    public let concurrentSawCancellation: Bool

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(asyncLet: String, detached: String, concurrentSawCancellation: Bool) {
        self.asyncLet = asyncLet
        self.detached = detached
        self.concurrentSawCancellation = concurrentSawCancellation
    }
}

/// Naps, ignoring how the nap ended, then reports whether its task is cancelled. `@concurrent`: it moves the
/// *same* task to the shared pool, so it sees its caller's cancellation.
@concurrent func cancellationLookAround(napping time: Duration) async -> Bool {
    try? await Task.sleep(for: time)
    return Task.isCancelled
}

/// The same nap, as a `@concurrent` function: it moves the same task to the pool, so it hears its caller's
/// cancellation — what the `.detachedAsConcurrent` control puts where the `Task.detached` is.
@concurrent func concurrentNap(_ who: String, for time: Duration) async -> String {
    await cancellationNap(who, for: time)
}

/// Lesson 37's trick card ("which of the three notice?"): a task starts an `async let` child, a `Task.detached`
/// child, and calls a `@concurrent` function, each napping for `napTime`; after `cancelAfter` the task is cancelled.
/// The lesson printed "async let: cancelled", "detached: finished", "@concurrent: sees cancelled = true".
/// `shape`, the quiz's controls, each one of the three written otherwise (`HearingShape`).
nonisolated(nonsending) public func concurrentVersusDetached(
    napTime: Duration = .milliseconds(500), cancelAfter: Duration = .milliseconds(100), shape: HearingShape = .lesson
) async -> ConcurrentVersusDetached {
    let parent = Task {
        // Each of the three is started before the cancel comes, as in the lesson, whichever shape it has.
        let childAsTask = shape == .childAsTask ? Task { await cancellationNap("async let", for: napTime) } : nil
        async let child = childAsTask == nil ? cancellationNap("async let", for: napTime) : ""
        let detached = shape == .detachedAsAsyncLet || shape == .detachedAsConcurrent ? nil
            : Task.detached { await cancellationNap("detached", for: napTime) }
        async let detachedAsChild = shape == .detachedAsAsyncLet ? cancellationNap("detached", for: napTime) : ""
        let look = shape == .concurrentAsDetached
            ? await Task.detached { await cancellationLookAround(napping: napTime) }.value
            : await cancellationLookAround(napping: napTime)
        let childLine = if let childAsTask { await childAsTask.value } else { await child }
        let detachedLine = if let detached { await detached.value }
            // the parent task itself, which is cancelled by now
            else if shape == .detachedAsConcurrent { await concurrentNap("detached", for: napTime) }
            else { await detachedAsChild }
        return ConcurrentVersusDetached(asyncLet: childLine, detached: detachedLine, concurrentSawCancellation: look)
    }
    try? await Task.sleep(for: cancelAfter)
    parent.cancel()
    return await parent.value
}

/// Which of lesson 37's three is written otherwise: each case is the control for one of the card's answers.
public enum HearingShape: String, CaseIterable, Sendable, Decodable {
    /// An `async let` child, a `Task.detached`, a `@concurrent` function (the lesson).
    case lesson
    /// A `Task { }` where the `async let` child is: the cancellation does not reach it.
    case childAsTask
    /// An `async let` child where the `Task.detached` is, under its name: the cancellation reaches it.
    case detachedAsAsyncLet
    /// A `@concurrent` function where the `Task.detached` is — the same task, so it hears the cancellation.
    case detachedAsConcurrent
    /// The `@concurrent` function's look made in a `Task.detached` instead — a new task, which hears nothing.
    case concurrentAsDetached
}
