import ConcurrencyProofsSubjects

/// Lesson 40 step 5: the countdown as a stream, read with `for await`. Returns the console: "3", "2", "1", "Liftoff"
/// — `finish()` is the `nil` that ends the loop once the buffer is read.
/// `.finishedFirst`, the quiz's control: a countdown stream finished before it yields anything.
nonisolated(nonsending) public func streamCountdownLoop(_ shape: CountdownStreamShape = .countsDown) async -> [String] {
    let finishFirst = shape == .finishedFirst
    var lines: [String] = []
    let stream = finishFirst ? AsyncStream<Int> { continuation in
        continuation.finish()
        for number in stride(from: 3, to: 0, by: -1) { continuation.yield(number) }
    } : countdownStream(from: 3)
    for await number in stream {
        lines.append("\(number)")
    }
    lines.append("Liftoff")
    return lines
}

/// The countdown stream the loop reads.
public enum CountdownStreamShape: String, CaseIterable, Sendable, Decodable {
    /// 3, 2, 1, then `finish()` (the lesson).
    case countsDown
    /// Finished before it yields anything, the control.
    case finishedFirst
}

/// Lesson 40's trick card "what does yield return after the stream has been finished?": `.terminated` — "after
/// finish: terminated" — and the value goes nowhere. The stream is kept alive across the yield: a stream that has
/// been let go answers `.terminated` too, and then `finish()` would not be what this shows.
/// `.yieldThenFinish`, the quiz's control: the yield comes before the finish.
nonisolated(nonsending) public func streamYieldAfterFinish(
    _ shape: YieldAfterFinishShape = .finishThenYield
) async -> StreamYield {
    let yieldFirst = shape == .yieldThenFinish
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    if yieldFirst {
        defer { continuation.finish() }
        return withExtendedLifetime(stream) { StreamYield(continuation.yield(1)) }
    }
    continuation.finish()
    return withExtendedLifetime(stream) {
        StreamYield(continuation.yield(1))
    }
}

/// What a yield after `finish()` answered, and what a loop over the stream read afterwards.
public struct YieldAfterFinish: Hashable, Sendable {
    /// The yield's answer, as the lesson prints it: "terminated".
    public let result: String
    /// What the loop read: nothing, when the value went nowhere.
    public let read: [Int]
}

/// Lesson 40's trick card "what does yield return after the stream has been finished?", with the value followed: the
/// stream is finished, 1 is yielded, and then a loop reads the stream — which is held all along, so that the finish is
/// the only reason. Returns "terminated" and [] (the value went nowhere).
/// `.yieldThenFinish`, the quiz's control: the yield comes before the finish, and the loop reads [1].
nonisolated(nonsending) public func streamYieldAfterFinishThenRead(
    _ shape: YieldAfterFinishShape = .finishThenYield
) async -> YieldAfterFinish {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let result: StreamYield
    if shape == .yieldThenFinish {
        result = StreamYield(continuation.yield(1))
        continuation.finish()
    } else {
        continuation.finish()
        result = StreamYield(continuation.yield(1))
    }
    var read: [Int] = []
    for await value in stream {
        read.append(value)
    }
    return YieldAfterFinish(result: result.description, read: read)
}

/// The order of the yield and the finish.
public enum YieldAfterFinishShape: String, CaseIterable, Sendable, Decodable {
    /// `finish()`, then the yield (the card).
    case finishThenYield
    /// The yield first, the control.
    case yieldThenFinish
}

/// Lesson 40's trick card "when does onTermination run after finish()?": at once. Two values are yielded, the stream
/// finished, and only then a loop reads. Returns the console: "terminated: finished" before "got 1", "got 2".
/// `.finishAfterTheLoopReads`, the quiz's control: the producer finishes only after the loop has read both values.
nonisolated(nonsending) public func streamTerminationAfterFinish(
    _ shape: TerminationShape = .finishBeforeTheLoop
) async -> [String] {
    let finishLater = shape == .finishAfterTheLoopReads
    let log = EventLog()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.onTermination = { reason in log.record("terminated: \(reason)") }
    continuation.yield(1)
    continuation.yield(2)
    if finishLater {
        Task {
            while !log.entries.contains("got 2") { await Task.yield() }
            continuation.finish()
        }
    } else {
        continuation.finish()
    }
    for await n in stream {
        log.record("got \(n)")
    }
    return log.entries
}

/// When the producer finishes.
public enum TerminationShape: String, CaseIterable, Sendable, Decodable {
    /// Before a loop reads the two values (the card).
    case finishBeforeTheLoop
    /// Only after the loop has read both, the control.
    case finishAfterTheLoopReads
}

/// Lesson 40's card "stop the work that feeds a stream when nobody is listening": a task loops over a stream that never
/// yields, and is cancelled after `cancelAfter`. Returns the console: "terminated: cancelled" (from `onTermination`),
/// "the loop ended", and what a yield answers afterwards ("a yield now gives terminated"). `.producerFinishes`, the
/// quiz's control: the producer finishes the stream instead of the consumer's task being cancelled.
nonisolated(nonsending) public func streamConsumerCancelled(cancelAfter: Duration = .milliseconds(100),
                                                          shape: ConsumerEndShape = .consumerCancelled) async -> [String]
{
    let finishing = shape == .producerFinishes
    let log = EventLog()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.onTermination = { reason in log.record("terminated: \(reason)") }
    let listener = Task {
        for await _ in stream {}
        log.record("the loop ended")
    }
    try? await Task.sleep(for: cancelAfter)
    if finishing { continuation.finish() } else { listener.cancel() }
    await listener.value
    log.record("a yield now gives \(StreamYield(continuation.yield(1)))")
    return log.entries
}

/// How the loop over the stream ends.
public enum ConsumerEndShape: String, CaseIterable, Sendable, Decodable {
    /// Its task is cancelled (the card).
    case consumerCancelled
    /// The producer finishes the stream, the control.
    case producerFinishes
}

/// Lesson 40 question 3: five values are buffered, a loop reads two and `break`s. The stream is not finished: a
/// yield after the loop is still enqueued. It terminates, as cancelled, only when the last reference to the stream
/// goes. Returns the console: "got 1", "got 2", "after the loop; a yield now gives enqueued(remaining:
/// 9223372036854775807)", "terminated: cancelled", then "once the stream was let go, a yield gives terminated".
/// `.letGo`, the quiz's control: the lesson's other way out — the stream is let go before the yield after the loop, so
/// it terminates first and that yield gives terminated.
nonisolated(nonsending) public func streamBreakOutOfLoop(_ shape: BreakShape = .keepTheStream) async -> [String] {
    let letGo = shape == .letGo
    let log = EventLog()
    /// Makes the stream, loops, breaks, and hands back only the continuation: when it returns, the stream and its
    /// iterator are let go. It only waits, so it stays on its caller.
    nonisolated(nonsending) func loopAndBreak() async -> AsyncStream<Int>.Continuation {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        continuation.onTermination = { reason in log.record("terminated: \(reason)") }
        for n in 1...5 {
            continuation.yield(n)
        }
        for await n in stream {
            log.record("got \(n)")
            if n == 2 { break }
        }
        // the stream is still held here, as in the lesson's program: keep it to the end of the function
        withExtendedLifetime(stream) {
            if !letGo {
                log.record("after the loop; a yield now gives \(StreamYield(continuation.yield(6)))")
            }
        }
        return continuation
    }
    let continuation = await loopAndBreak()
    if letGo {
        log.record("after the loop; a yield now gives \(StreamYield(continuation.yield(6)))")
    }
    log.record("once the stream was let go, a yield gives \(StreamYield(continuation.yield(7)))")
    return log.entries
}

/// What happens to the stream after the loop breaks.
public enum BreakShape: String, CaseIterable, Sendable, Decodable {
    /// It is still held when the next value is yielded (question 3).
    case keepTheStream
    /// It is let go first, the control.
    case letGo
}

/// Lesson 40's card "end a stream with an error": "Seattle" is yielded, then `finish(throwing: Lost())`. Returns the
/// console: "got Seattle", then "the loop threw Lost()" — the error comes after the values before it.
/// `.plainFinish`, a quiz control: `finish()` without an error. `.valueAfterTheError`, another: "Seattle" yielded only
/// after `finish(throwing:)`, so that no value comes before the error.
nonisolated(nonsending) public func streamFinishThrowing(_ shape: FinishThrowingShape = .throwing) async -> [String] {
    let plainFinish = shape == .plainFinish
    var lines: [String] = []
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: String.self)
    if shape != .valueAfterTheError { continuation.yield("Seattle") }
    continuation.finish(throwing: plainFinish ? nil : Lost())
    if shape == .valueAfterTheError { continuation.yield("Seattle") }
    do {
        for try await city in stream {
            lines.append("got \(city)")
        }
        lines.append("the loop ended without an error")
    } catch {
        lines.append("the loop threw \(error)")
    }
    return lines
}

/// How the stream is finished.
public enum FinishThrowingShape: String, CaseIterable, Sendable, Decodable {
    /// `finish(throwing: Lost())` (the card).
    case throwing
    /// `finish()` without an error, a control.
    case plainFinish
    /// `finish(throwing: Lost())` before "Seattle" is yielded, a control.
    case valueAfterTheError
}

/// Lesson 40's trick card "values yielded before anyone loops: are they lost?": no, the stream buffers them. Returns
/// what a loop started afterwards read: "Seattle", "Vancouver". The stream is made as the card makes it, with no
/// policy written: the default's buffering is what the card claims.
/// `.buffersNothing`, the quiz's control: `.bufferingNewest(0)`.
nonisolated(nonsending) public func streamValuesBeforeTheLoop(
    _ shape: BeforeTheLoopShape = .buffered
) async -> [String] {
    let (stream, continuation) = shape == .buffered
        ? AsyncStream.makeStream(of: String.self)
        : AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(0))
    continuation.yield("Seattle")
    continuation.yield("Vancouver")
    continuation.finish()
    var got: [String] = []
    for await city in stream {
        got.append(city)
    }
    return got
}

/// What the stream keeps of values yielded before anyone loops.
public enum BeforeTheLoopShape: String, CaseIterable, Sendable, Decodable {
    /// Every one: the default, no policy written (the card).
    case buffered
    /// None, `.bufferingNewest(0)`: the control.
    case buffersNothing
}

/// Lesson 40's trick card "a second loop over a finished stream": the first loop reads [1, 2, 3], the second
/// nothing. Returns both.
/// `.freshStream`, the quiz's control: the second loop reads a second stream fed the same values.
nonisolated(nonsending) public func streamSecondLoop(_ shape: SecondLoopShape = .sameStream) async -> [[Int]] {
    let freshStream = shape == .freshStream
    func fed() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        for n in 1...3 {
            continuation.yield(n)
        }
        continuation.finish()
        return stream
    }
    let stream = fed()
    var first: [Int] = []
    for await n in stream { first.append(n) }
    var second: [Int] = []
    for await n in freshStream ? fed() : stream { second.append(n) }
    return [first, second]
}

/// What the second loop reads.
public enum SecondLoopShape: String, CaseIterable, Sendable, Decodable {
    /// The finished stream again (the card).
    case sameStream
    /// A second stream fed the same values, the control.
    case freshStream
}
