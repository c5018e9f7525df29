import Synchronization

// Cancellation claims only the quiz asks about; the cancellation scenarios of lesson 38's questions are issue 4's.

/// A loop that looks at Task.isCancelled, and the turns the rest got while it ran.
public struct CancelledLoop: Sendable, Hashable {
    public var stopped: Bool, laps: Int, otherTurnsWhileLooping: Int
}

/// L37 card 5: `while !Task.isCancelled { n += 1; await Task.yield() }` stops when its task is cancelled, and its
/// `Task.yield()` gives other tasks turns meanwhile (on one thread, without it nothing else would ever run).
/// `stopped` is whether the loop ended before a cap of ten thousand laps (by the cancellation, not the cap);
/// `otherTurnsWhileLooping` counts, of the caller's three turns after the loop began, those in which it had not ended. `wrong`, the
/// control: a loop that neither looks at cancellation nor yields, ended only by the cap.
nonisolated(nonsending) public func isCancelledLoop(_ shape: LessonShape = .lesson) async -> CancelledLoop {
    let wrong = shape == .wrong
    let cap = 10_000
    let laps = Shared(0)
    let loop = Task {
        while wrong || !Task.isCancelled {
            laps.update { $0 += 1 }
            if laps.value >= cap { break }
            if !wrong { await Task.yield() }
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

/// L38 card 3: `try Task.checkCancellation()` ends a 100-lap loop soon after its task is cancelled at 150 ms.
/// `.wrong`, the control: no `checkCancellation()`, and `try?` around the sleep.
nonisolated(nonsending) public func checkCancellationLoop(_ shape: LessonShape = .lesson) async -> String {
    let wrong = shape == .wrong
    let task = Task {
        var done = 0
        for _ in 1...100 {
            if wrong {
                try? await Task.sleep(for: .milliseconds(10))
            } else {
                try Task.checkCancellation()
                try await Task.sleep(for: .milliseconds(10))
            }
            done += 1
        }
        return done
    }
    try? await Task.sleep(for: .milliseconds(150))
    task.cancel()
    do {
        return "finished: \(try await task.value)"
    } catch {
        return "stopped: \(error)"
    }
}

/// A screen's state, loaded by a task that may be replaced by a newer one.
final class LoadingScreen: Sendable {
    /// What the screen shows, and the load in flight.
    private let state = Mutex<(shown: String, task: Task<Void, Never>?)>(("nothing", nil))
    /// Whether a new load cancels the one before it.
    let cancelsPrevious: Bool

    init(cancelsPrevious: Bool) {
        self.cancelsPrevious = cancelsPrevious
    }

    /// Starts a load that answers `value` after `delay`; with `cancelsPrevious`, the one before is cancelled.
    func load(_ value: String, after delay: Duration) {
        let task = Task {
            do {
                try await Task.sleep(for: delay)
            } catch {
                return
            }
            self.state.withLock { $0.shown = value }
        }
        let previous = state.withLock { state in
            defer { state.task = task }
            return state.task
        }
        if cancelsPrevious { previous?.cancel() }
    }

    /// What the screen shows.
    var shown: String {
        state.withLock { $0.shown }
    }
}

/// What the screen showed in the end, with and without cancelling the previous load.
public struct ReplacedLoad: Sendable, Hashable {
    public var withCancel: String, withoutCancel: String
}

/// The architecture seed: cancelling the previous load stops a slow first response landing after a fast retry.
/// `.swapped`, the control: the screen that cancels measured where the one that does not is, and the other way round.
nonisolated(nonsending) public func replaceLoad(_ shape: SwapShape = .lesson) async -> ReplacedLoad {
    let swapped = shape == .swapped
    var shown: [String] = []
    for cancels in swapped ? [false, true] : [true, false] {
        let screen = LoadingScreen(cancelsPrevious: cancels)
        screen.load("first", after: .milliseconds(300))
        try? await Task.sleep(for: .milliseconds(10))
        screen.load("second", after: .milliseconds(50))
        try? await Task.sleep(for: .milliseconds(400))
        shown.append(screen.shown)
    }
    return ReplacedLoad(withCancel: shown[0], withoutCancel: shown[1])
}
