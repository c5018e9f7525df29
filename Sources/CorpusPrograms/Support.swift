import Synchronization

/// A list of lines that any thread may append to, as code that logs does.
final class Lines: Sendable {
    /// The lines, in the order they came.
    private let lines = Mutex<[String]>([])

    /// Appends `line`.
    func append(_ line: String) { lines.withLock { $0.append(line) } }

    /// The lines so far, joined by commas.
    var joined: String { lines.withLock { $0.joined(separator: ", ") } }
}

/// `≥ 50 ms` if at least `duration` passed since `start` on the continuous clock, else `< 50 ms`: a claim about time
/// that holds at any load, because a loaded machine only makes waits longer.
func waited(_ duration: Duration, since start: ContinuousClock.Instant) -> String {
    let elapsed = start.duration(to: .now)
    return elapsed >= duration ? "≥ \(milliseconds(duration))" : "< \(milliseconds(duration))"
}

/// `50 ms`.
func milliseconds(_ duration: Duration) -> String {
    "\(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000) ms"
}

/// `[1, 2, 3]`.
func list<T>(_ items: [T]) -> String {
    "[" + items.map { "\($0)" }.joined(separator: ", ") + "]"
}

/// A switch that any thread may turn on, once.
final class Switch: Sendable {
    /// Whether it is on.
    private let on = Atomic(false)
    /// Whether it is on.
    var isOn: Bool { on.load(ordering: .acquiring) }
    /// Turns it on.
    func turnOn() { on.store(true, ordering: .releasing) }
}

/// A value under a `Mutex` that closures can share (a `Mutex` itself cannot be captured by an escaping closure).
final class Locked<Value: Sendable>: Sendable {
    /// The value.
    private let mutex: Mutex<Value>
    /// `value`, locked.
    init(_ value: Value) { mutex = Mutex(value) }
    /// Runs `body` with the value, under the lock.
    func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
    /// The value now.
    var value: Value { mutex.withLock { $0 } }
}

/// A count of events — a timer's firings, a loop's rounds — and who waits for the next one.
final class Ticks: Sendable {
    /// The events so far, and who waits for the next one.
    private let state = Mutex<(count: Int, waiters: [CheckedContinuation<Int, Never>])>((0, []))

    /// One more event: every waiter gets its number.
    func tick() {
        let (count, waiters) = state.withLock { state in
            state.count += 1
            defer { state.waiters = [] }
            return (state.count, state.waiters)
        }
        for waiter in waiters { waiter.resume(returning: count) }
    }

    /// The number of the next event, when it comes.
    func next() async -> Int {
        await withCheckedContinuation { continuation in state.withLock { $0.waiters.append(continuation) } }
    }
}

/// Counts arrivals from any thread; the `count`-th runs `last`, once.
final class Arrivals: Sendable {
    /// Arrivals so far.
    private let arrived = Mutex(0)
    /// How many make the last.
    private let count: Int
    /// What the last arrival runs.
    private let last: @Sendable () -> Void

    /// Runs `last` at the `count`-th arrival.
    init(_ count: Int, last: @escaping @Sendable () -> Void) {
        self.count = count
        self.last = last
    }

    /// One more arrival.
    func arrive() {
        if arrived.withLock({ $0 += 1; return $0 }) == count { last() }
    }
}

/// `n`, after a 1 ms sleep: a child task's work.
func number(_ n: Int) async -> Int {
    try? await Task.sleep(for: .milliseconds(1))
    return n
}
