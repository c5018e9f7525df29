import Synchronization

/// A screen's state, loaded by a task that may be replaced by a newer one.
final class LoadingScreen: Sendable {
    /// What the screen shows, and the load in flight.
    private let state = Mutex<(shown: String, task: Task<Void, Never>?)>(("nothing", nil))
    /// Whether a new load cancels the one before it.
    let cancelsPrevious: Bool

    init(cancelsPrevious: Bool) {
        self.cancelsPrevious = cancelsPrevious
    }

    /// Starts a load that answers `value` after `delay`; with `cancelsPrevious`, the one before is cancelled first, as
    /// the seed's `load()` does (`loadTask?.cancel()`, then `loadTask = Task { … }`).
    func load(_ value: String, after delay: Duration) {
        state.withLock { state in
            if cancelsPrevious { state.task?.cancel() }
            state.task = Task {
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    return
                }
                self.state.withLock { $0.shown = value }
            }
        }
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
