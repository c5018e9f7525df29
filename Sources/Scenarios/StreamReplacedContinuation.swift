import Subjects

/// Lesson 40 question 2's program, for either source: a first loop over `values()`, a second loop over a new
/// `values()`, then 1 and 2 sent and `stop()`. If `cancelFirstAfter` is given, the first loop's task is cancelled that
/// long after the second loop ended; otherwise it is simply awaited — which, for a stranded loop, is forever.
@MainActor
func replacedContinuationProgram(
    values: @escaping @MainActor () -> AsyncStream<Int>, send: (Int) -> Void, stop: () -> Void,
    cancelFirstAfter: Duration?
) async -> [String] {
    let log = CancellationEventLog()
    let first = Task { @MainActor in
        var got: [Int] = []
        for await n in values() { got.append(n) }
        log.record("the first loop ended, with \(got)")
    }
    try? await Task.sleep(for: .milliseconds(100))
    let second = Task { @MainActor in
        var got: [Int] = []
        for await n in values() { got.append(n) }
        log.record("the second loop ended, with \(got)")
    }
    try? await Task.sleep(for: .milliseconds(100))
    send(1)
    send(2)
    stop()
    await second.value
    if let cancelFirstAfter {
        try? await Task.sleep(for: cancelFirstAfter)
        log.record("\(cancelFirstAfter) after stop()")
        first.cancel()
    }
    await first.value
    return log.entries
}

/// Lesson 40 question 2 with `Source`, which replaces its one continuation without finishing it. The second call of
/// `values()` strands the first loop: nothing can yield to its stream or finish it. With `cancelFirstAfter` (the
/// lesson's half second) the console is "the second loop ended, with [1, 2]", "… after stop()", "the first loop
/// ended, with []"; with `nil` the scenario awaits the first loop and never finishes — a deadlock for the harness.
@MainActor public func streamReplacedContinuation(cancelFirstAfter: Duration?) async -> [String] {
    let source = Source()
    return await replacedContinuationProgram(
        values: { source.values() }, send: { source.send($0) }, stop: { source.stop() },
        cancelFirstAfter: cancelFirstAfter)
}

/// Lesson 40 question 2, fixed: with `FinishingSource` the first loop ends — with nothing — as soon as the second
/// `values()` replaces its stream, and the scenario finishes without cancelling anybody: "the first loop ended, with
/// []", "the second loop ended, with [1, 2]".
@MainActor public func streamFinishedBeforeReplaced() async -> [String] {
    let source = FinishingSource()
    return await replacedContinuationProgram(
        values: { source.values() }, send: { source.send($0) }, stop: { source.stop() }, cancelFirstAfter: nil)
}
