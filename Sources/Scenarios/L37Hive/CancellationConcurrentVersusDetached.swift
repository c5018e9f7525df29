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

/// Lesson 37's trick card ("which of the three notice?"): a task starts an `async let` child, a `Task.detached`
/// child, and calls a `@concurrent` function, each napping for `napTime`; after `cancelAfter` the task is cancelled.
/// The lesson printed "async let: cancelled", "detached: finished", "@concurrent: sees cancelled = true".
/// `.asyncLets`, the quiz's control: an `async let` child where the `Task.detached` is, under the same name — the
/// cancellation reaches it.
nonisolated(nonsending) public func concurrentVersusDetached(
    napTime: Duration = .milliseconds(500), cancelAfter: Duration = .milliseconds(100), shape: ChildrenShape = .unstructuredTasks
) async -> ConcurrentVersusDetached {
    let structured = shape == .asyncLets
    let parent = Task {
        async let child = cancellationNap("async let", for: napTime)
        if structured {
            async let standIn = cancellationNap("detached", for: napTime)
            let look = await cancellationLookAround(napping: napTime)
            return ConcurrentVersusDetached(asyncLet: await child, detached: await standIn, concurrentSawCancellation: look)
        }
        let detached = Task.detached { await cancellationNap("detached", for: napTime) }
        let look = await cancellationLookAround(napping: napTime)
        return ConcurrentVersusDetached(
            asyncLet: await child, detached: await detached.value, concurrentSawCancellation: look)
    }
    try? await Task.sleep(for: cancelAfter)
    parent.cancel()
    return await parent.value
}
