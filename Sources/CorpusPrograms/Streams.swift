import Dispatch
import Foundation
import Synchronization

/// The first three numbers of a ticker: an `AsyncStream` fed by a Task that stops when its stream ends
/// (`onTermination` cancels it). Leaving this function drops the stream and its iterator, which ends it.
func firstThreeTicks(producer: borrowing Mutex<Task<Void, Never>?>) async -> [Int] {
    let stream = AsyncStream<Int> { continuation in
        let task = Task {
            var n = 0
            while !Task.isCancelled {
                continuation.yield(n)
                n += 1
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        producer.withLock { $0 = task }
        continuation.onTermination = { _ in task.cancel() }
    }
    var taken: [Int] = []
    for await n in stream {
        taken.append(n)
        if taken.count == 3 { break }
    }
    return taken
}

/// How many ticks of a 2 ms `DispatchSourceTimer`, read as an `AsyncStream`, came, and whether the third came at
/// least 6 ms after the timer was set. Leaving this function ends the stream, and the timer cancels itself at its
/// next tick (a timer source is not `Sendable`, so the stream's `onTermination` only flips a switch).
func threeDispatchTicks() async -> String {
    let start = ContinuousClock.now
    let stream = AsyncStream<Void> { continuation in
        let ended = Switch()
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "ticker"))
        timer.setEventHandler {
            if ended.isOn { timer.cancel() } else { continuation.yield() }
        }
        continuation.onTermination = { _ in ended.turnOn() }
        timer.schedule(deadline: .now() + .milliseconds(2), repeating: .milliseconds(2))
        timer.resume()
    }
    var ticks = 0
    for await _ in stream {
        ticks += 1
        if ticks == 3 { break }
    }
    return "\(ticks) ticks, the third \(waited(.milliseconds(6), since: start)) in"
}

extension Program {
    /// An `AsyncStream` fed by a Task that yields five numbers, 1 ms apart, then finishes.
    static let streamFromTask = Program(
        "stream-from-task", "AsyncStream { Task { yield 1…5, 1 ms apart; finish() } }, read to the end",
        onTime: ["[1, 2, 3, 4, 5]"],
        because: "an unbounded stream keeps every element in order, and finish() ends the loop after the last"
    ) {
        let stream = AsyncStream<Int> { continuation in
            let producer = Task {
                for n in 1...5 {
                    continuation.yield(n)
                    try? await Task.sleep(for: .milliseconds(1))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in producer.cancel() }
        }
        var got: [Int] = []
        for await n in stream { got.append(n) }
        return list(got)
    }

    /// An `AsyncStream` fed from a `Thread`, as a wrapper of a C library's callback thread is.
    static let streamFromThread = Program(
        "stream-from-thread", "AsyncStream fed by a Thread yielding 1…5 then finishing",
        onTime: ["[1, 2, 3, 4, 5]"],
        because: "yields from one thread arrive in their order, from any thread, and finish() ends the loop"
    ) {
        let stream = AsyncStream<Int> { continuation in
            Thread {
                for n in 1...5 {
                    continuation.yield(n)
                    usleep(300)
                }
                continuation.finish()
            }.start()
        }
        var got: [Int] = []
        for await n in stream { got.append(n) }
        return list(got)
    }

    /// A ticker stream whose consumer takes three and leaves; `onTermination` stops the producer.
    static let streamOnTermination = Program(
        "stream-on-termination", "a Task-fed AsyncStream, the consumer breaking after 3, onTermination cancelling the Task",
        onTime: ["took [0, 1, 2]; producer stopped"],
        because: "the first three yields come in order; dropping the stream calls onTermination, whose cancel ends the producer's loop"
    ) {
        let producer = Mutex<Task<Void, Never>?>(nil)
        let taken = await firstThreeTicks(producer: producer)
        await producer.withLock { $0 }?.value
        return "took \(list(taken)); producer stopped"
    }

    /// One stream fed by two producers in a task group, finished when both are done.
    static let streamTwoProducers = Program(
        "stream-two-producers", "AsyncStream.makeStream fed by two task-group children (1…4 each), then finished",
        onTime: ["sum 20"],
        because: "the order of the two producers' yields varies, their sum does not; finish() comes after both"
    ) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let producers = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        for n in 1...4 {
                            continuation.yield(n)
                            await Task.yield()
                        }
                    }
                }
            }
            continuation.finish()
        }
        var sum = 0
        for await n in stream { sum += n }
        await producers.value
        return "sum \(sum)"
    }

    /// An `AsyncThrowingStream` whose producer yields two values, then fails.
    static let throwingStream = Program(
        "throwing-stream", "AsyncThrowingStream: yield 1, sleep 1 ms, yield 2, finish(throwing:)",
        onTime: ["[1, 2] then Boom"],
        because: "elements before the failure are delivered first, then the loop throws the error"
    ) {
        let stream = AsyncThrowingStream<Int, any Error> { continuation in
            Task {
                continuation.yield(1)
                try? await Task.sleep(for: .milliseconds(1))
                continuation.yield(2)
                continuation.finish(throwing: Boom())
            }
        }
        var got: [Int] = []
        do {
            for try await n in stream { got.append(n) }
            return "\(list(got)) then finished"
        } catch {
            return "\(list(got)) then \(error is Boom ? "Boom" : "\(error)")"
        }
    }

    /// A stream that keeps only the newest element, filled by a task before anyone reads.
    static let streamKeepsNewest = Program(
        "stream-keeps-newest", "makeStream(bufferingPolicy: .bufferingNewest(1)) filled 1…5 by a Task, then read",
        onTime: ["[5]"],
        because: "the producer is done before the first read, and a buffer of the newest one keeps only 5"
    ) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        await Task {
            for n in 1...5 { continuation.yield(n) }
            continuation.finish()
        }.value
        var got: [Int] = []
        for await n in stream { got.append(n) }
        return list(got)
    }

    /// A `DispatchSourceTimer` ticking every 2 ms into an `AsyncStream`, read three times.
    static let streamFromDispatchTimer = Program(
        "stream-from-dispatch-timer", "a 2 ms DispatchSourceTimer yielding into an AsyncStream, three ticks read",
        onTime: ["3 ticks, the third ≥ 6 ms in"],
        because: "the k-th tick of a 2 ms timer fires at least 2k ms after it was set; missed ticks only merge, never come early"
    ) {
        await threeDispatchTicks()
    }
}
