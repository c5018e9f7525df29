/// The architecture seed's debounce with its cancel left out — the wrong shape the quiz's control runs: each
/// `save(_:)` schedules its own write after `delay` and stops none of the earlier ones, so three taps are three
/// requests.
public actor UncancelledSaver<Value: Sendable> {
    /// How long each write waits.
    private let delay: Duration
    /// The write: to the server, or a test's stand-in that records what arrives.
    private let persist: @Sendable (Value) async -> Void

    /// A saver that writes every value with `persist`, `delay` after it was saved.
    public init(delay: Duration, persist: @escaping @Sendable (Value) async -> Void) {
        self.delay = delay
        self.persist = persist
    }

    /// Schedules a write of `value` after `delay`; nothing ever stops it.
    public func save(_ value: Value) {
        Task { [delay, persist] in
            try? await Task.sleep(for: delay)
            await persist(value)
        }
    }
}
