import ConcurrencyHarness
import ConcurrencyProofsSubjects

/// The architecture seed's debounce: `values` are saved through a `DebouncedSaver` with `delay`, `gap` apart (taps on
/// "+", faster than the delay); then the scenario waits twice the delay for the last write. Returns the values that
/// were written: only the last, once — the earlier writes were cancelled and rescheduled away.
/// `.uncancelled`, the quiz's control: the same taps through `UncancelledSaver`, the debounce without its cancel.
nonisolated(nonsending) public func debouncedSaves(
    _ values: [Int] = [1, 2, 3], gap: Duration = .milliseconds(10), delay: Duration = .milliseconds(300),
    shape: DebounceShape = .cancelling
) async -> [Int] {
    let cancelling = shape == .cancelling
    precondition(gap < delay, "debouncedSaves needs taps faster than the delay: gap \(gap) is not less than \(delay)")
    let log = EventLog(leavesNotes: false)
    let persist: @Sendable (Int) async -> Void = { value in
        ScenarioLog.note("writes \(value)")
        log.record("\(value)")
    }
    let saver = DebouncedSaver<Int>(delay: delay, persist: persist)
    let uncancelled = UncancelledSaver<Int>(delay: delay, persist: persist)
    for (index, value) in values.enumerated() {
        if index > 0 { try? await Task.sleep(for: gap) }
        ScenarioLog.note("tap \(index + 1): save(\(value))")
        if cancelling { await saver.save(value) } else { await uncancelled.save(value) }
    }
    try? await Task.sleep(for: delay * 2)
    return log.entries.compactMap { Int($0) }
}

/// Which saver the taps go through.
public enum DebounceShape: String, CaseIterable, Sendable, Decodable {
    /// `DebouncedSaver`, which cancels the write still waiting (the seed).
    case cancelling
    /// `UncancelledSaver`, the debounce without its cancel: the control.
    case uncancelled
}
