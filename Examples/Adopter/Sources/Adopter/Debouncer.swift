/// Passes on a value only once no newer value came for `quiet`: the last of a burst of keystrokes. It takes its
/// deadlines from `clock.now`, as operator libraries do.
public actor Debouncer {
    /// How long the input must stay quiet before a value is passed on.
    private let quiet: Duration
    /// The clock deadlines are read from.
    private let clock = ContinuousClock()
    /// When the newest value came.
    private var newest: ContinuousClock.Instant?
    /// The values passed on, in order.
    public private(set) var emitted: [Int] = []

    /// A debouncer that waits `quiet` after each value.
    public init(quiet: Duration) {
        self.quiet = quiet
    }

    /// Takes `value`, waits until `quiet` after now, and passes it on unless a newer value came meanwhile. Each
    /// value is sent from a task of its own, as a text field's handler does.
    public func send(_ value: Int) async {
        let stamp = clock.now
        newest = stamp
        do {
            try await clock.sleep(until: stamp + quiet)
        } catch {
            return
        }
        if newest == stamp { emitted.append(value) }
    }
}
