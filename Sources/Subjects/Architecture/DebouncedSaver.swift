/// The architecture seed's debounce: three taps on "+" should be one request, not three. Each `save(_:)` cancels the
/// write still waiting and schedules its own after `delay`: cancel-and-reschedule is the whole debounce. A cancelled
/// `Task.sleep` throws; `try?` swallows that, so the `isCancelled` check after it is what stops a superseded write.
public actor DebouncedSaver<Value: Sendable> {
    /// How long a value must stay the newest before it is written.
    private let delay: Duration
    /// The write: to the server, or a test's stand-in that records what arrives.
    private let persist: @Sendable (Value) async -> Void
    /// The write still waiting, if any.
    private var persistTask: Task<Void, Never>?

    /// A saver that writes with `persist` once a value has been the newest for `delay`. A negative delay is a mistake.
    public init(delay: Duration, persist: @escaping @Sendable (Value) async -> Void) {
        precondition(delay >= .zero, "DebouncedSaver(delay:) must not be negative, got \(delay)")
        self.delay = delay
        self.persist = persist
    }

    /// Saves `value` after `delay`, unless another save comes first.
    public func save(_ value: Value) {
        persistTask?.cancel()
        persistTask = Task { [delay, persist] in
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            await persist(value)
        }
    }
}
