/// A loop that looks at Task.isCancelled, and the turns the rest got while it ran.
public struct CancelledLoop: Sendable, Hashable {
    public var stopped: Bool, laps: Int, otherTurnsWhileLooping: Int
}

/// L37 card 5: `while !Task.isCancelled { n += 1; await Task.yield() }` stops when its task is cancelled, and its
/// `Task.yield()` gives other tasks turns meanwhile (on one thread, without it nothing else would ever run). `stopped`
/// is whether the loop ended before a cap of ten thousand laps (by the cancellation, not the cap);
/// `otherTurnsWhileLooping` counts, of the caller's three turns after the loop began, those in which it had not ended.
/// `shape`, the controls, each without one of the two: `.yieldsButNeverChecks` (ended only by the cap) and
/// `.checksButNeverYields` (on one thread nothing else runs while it loops).
nonisolated(nonsending) public func isCancelledLoop(
    _ shape: CancelledLoopShape = .checksAndYields
) async -> CancelledLoop {
    let checks = shape != .yieldsButNeverChecks, yields = shape != .checksButNeverYields
    let cap = 10_000
    let laps = Shared(0)
    let loop = Task {
        while !checks || !Task.isCancelled {
            laps.update { $0 += 1 }
            if laps.value >= cap { break }
            if yields { await Task.yield() }
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
    /// It yields but never looks at `Task.isCancelled`: only the cap ends it.
    case yieldsButNeverChecks
    /// It looks at `Task.isCancelled` but never yields: a loop with no await, which never suspends.
    case checksButNeverYields
}
