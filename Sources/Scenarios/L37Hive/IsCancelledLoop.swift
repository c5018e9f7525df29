/// A loop that looks at Task.isCancelled, and the turns the rest got while it ran.
public struct CancelledLoop: Sendable, Hashable {
    public var stopped: Bool, laps: Int, otherTurnsWhileLooping: Int
}

/// L37 card 5: `while !Task.isCancelled { n += 1; await Task.yield() }` stops when its task is cancelled, and its
/// `Task.yield()` gives other tasks turns meanwhile (on one thread, without it nothing else would ever run). `stopped`
/// is whether the loop ended before a cap of ten thousand laps (by the cancellation, not the cap);
/// `otherTurnsWhileLooping` counts, of the caller's three turns after the loop began, those in which it had not ended.
/// `.neverChecksNorYields`, the control: a loop that neither looks at cancellation nor yields, ended only by the cap.
nonisolated(nonsending) public func isCancelledLoop(
    _ shape: CancelledLoopShape = .checksAndYields
) async -> CancelledLoop {
    let neverChecksNorYields = shape == .neverChecksNorYields
    let cap = 10_000
    let laps = Shared(0)
    let loop = Task {
        while neverChecksNorYields || !Task.isCancelled {
            laps.update { $0 += 1 }
            if laps.value >= cap { break }
            if !neverChecksNorYields { await Task.yield() }
        }
    }
    while laps.value == 0 { await Task.yield() }
    var turns = 0
    for _ in 0..<3 {
        await Task.yield()
        if (1..<cap).contains(laps.value) { turns += 1 }
    }
    loop.cancel()
    await loop.value
    return CancelledLoop(stopped: laps.value < cap, laps: laps.value, otherTurnsWhileLooping: turns)
}

/// What the loop does each lap.
public enum CancelledLoopShape: String, CaseIterable, Sendable, Decodable {
    /// It looks at `Task.isCancelled` and yields (the lesson).
    case checksAndYields
    /// Neither, the control: only a cap ends it.
    case neverChecksNorYields
}
