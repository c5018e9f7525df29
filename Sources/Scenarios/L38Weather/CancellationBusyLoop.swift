/// Lesson 38 question 5, as observed: how far a loop that never acts on cancellation got, and whether it was
/// cancelled while it ran.
public struct BusyLoopRun: Hashable, Sendable {
    /// The steps the loop ran.
    public let stepsRun: Int
    /// The steps it was meant to run.
    public let steps: Int
    /// Whether its task had been cancelled before its last step.
    public let cancelledBeforeTheEnd: Bool

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(stepsRun: Int, steps: Int, cancelledBeforeTheEnd: Bool) {
        self.stepsRun = stepsRun
        self.steps = steps
        self.cancelledBeforeTheEnd = cancelledBeforeTheEnd
    }
}

/// Lesson 38 question 5: a loop of `steps` steps that never acts on cancellation is cancelled half way through. The
/// lesson measured time ("cancelled at 0.1 s; it returned at 1.0 sec"); here the loop counts its steps. Half way it
/// hands the scenario a continuation and waits for it, so the cancel lands mid-run under every schedule; the wait is
/// not a cancellation check: a checked continuation waits whether or not the task is cancelled.
/// `.actsOnCancellation`, the quiz's control: the loop stops when it sees the cancellation.
nonisolated(nonsending) public func cancelledBusyLoop(
    steps: Int = 1000, shape: BusyLoopShape = .ignoresCancellation
) async -> BusyLoopRun {
    let acting = shape == .actsOnCancellation
    precondition(steps >= 2, "cancelledBusyLoop(steps:) needs at least 2 steps to cancel in between, got \(steps)")
    let (halfway, reachedHalfway) = AsyncStream.makeStream(of: CheckedContinuation<Void, Never>.self)
    /// The loop. It computes, so it runs on the pool (`@concurrent`).
    @concurrent func busy() async -> BusyLoopRun {
        var n = 0
        var cancelledBeforeTheEnd = false
        while n < steps {
            n += 1
            if n == steps / 2 {
                await withCheckedContinuation { reachedHalfway.yield($0) }
            }
            // looking, never acting: the loop goes on either way
            if n < steps && Task.isCancelled {
                cancelledBeforeTheEnd = true
                if acting { break }
            }
        }
        return BusyLoopRun(stepsRun: n, steps: steps, cancelledBeforeTheEnd: cancelledBeforeTheEnd)
    }
    let task = Task { await busy() }
    for await goOn in halfway {
        task.cancel()
        goOn.resume()
        break
    }
    reachedHalfway.finish()
    return await task.value
}

/// What the busy loop does when it sees its cancellation.
public enum BusyLoopShape: String, CaseIterable, Sendable, Decodable {
    /// It looks and goes on (the lesson).
    case ignoresCancellation
    /// It stops, the control.
    case actsOnCancellation
}
