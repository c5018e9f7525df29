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

/// A hub that hands each subscriber a stream of its own and sends every event to all of them.
actor Broadcaster {
    /// Each subscriber's continuation.
    private var subscribers: [AsyncStream<Int>.Continuation] = []

    /// A new subscriber's stream: every event sent from now on.
    func subscribe() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        subscribers.append(continuation)
        return stream
    }

    /// Sends `event` to every subscriber.
    func send(_ event: Int) {
        for subscriber in subscribers { subscriber.yield(event) }
    }

    /// Ends every subscriber's stream.
    func finish() {
        for subscriber in subscribers { subscriber.finish() }
        subscribers = []
    }
}

/// Every element of `stream`, read to its end.
func collect(_ stream: AsyncStream<Int>) async -> [Int] {
    var got: [Int] = []
    for await n in stream { got.append(n) }
    return got
}

/// A connection whose delegate callbacks come on a serial queue of its own: connected, two pieces of data, closed.
final class Connection: Sendable {
    /// The connection's queue.
    private let queue = DispatchQueue(label: "connection")

    /// Opens the connection; `event` is called with each event, in order, on its queue.
    func open(_ event: @escaping @Sendable (String) -> Void) {
        for name in ["connected", "data", "data", "closed"] { queue.async { event(name) } }
    }
}

extension Program {
    /// Three producers feed one stream until it ends; its consumer, in a task of its own, is cancelled 5 ms in.
    static let streamProducersConsumerCancels = Program(
        "stream-producers-consumer-cancels", "AsyncStream.makeStream fed by 3 producer Tasks (yield, sleep 1 ms, until .terminated); the consumer Task cancelled after 5 ms",
        onTime: ["consumer ended; 3 producers stopped; onTermination: cancelled"],
        because: "cancelling the consumer ends its for-await and terminates the stream, so each producer's next yield says .terminated"
    ) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let termination = Locked<String?>(nil)
        continuation.onTermination = { reason in termination.withLock { $0 = "\(reason)" } }
        let producers = (0..<3).map { producer in
            Task {
                while case .enqueued = continuation.yield(producer) {
                    try? await Task.sleep(for: .milliseconds(1))
                }
            }
        }
        let consumer = Task {
            var got = 0
            for await _ in stream { got += 1 }
            return got
        }
        try? await Task.sleep(for: .milliseconds(5))
        consumer.cancel()
        _ = await consumer.value
        for producer in producers { await producer.value }
        return "consumer ended; \(producers.count) producers stopped; onTermination: \(termination.value ?? "never called")"
    }

    /// An `AsyncThrowingStream` whose producer is cancelled mid-sleep and finishes the stream with that error.
    static let throwingStreamProducerCancelled = Program(
        "throwing-stream-producer-cancelled", "AsyncThrowingStream: a producer Task yields 1, 2, sleeps 10 s and on error finish(throwing:); cancelled after 3 ms",
        onTime: ["[1, 2] then CancellationError"],
        because: "the yields come before the sleep, the cancel makes the sleep throw CancellationError, and finish(throwing:) hands it to the loop after the elements"
    ) {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        let producer = Task {
            continuation.yield(1)
            continuation.yield(2)
            do {
                try await Task.sleep(for: .seconds(10))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let consumer = Task { () -> String in
            var got: [Int] = []
            do {
                for try await n in stream { got.append(n) }
                return "\(list(got)) then finished"
            } catch {
                return "\(list(got)) then \(type(of: error))"
            }
        }
        try? await Task.sleep(for: .milliseconds(3))
        producer.cancel()
        return await consumer.value
    }

    /// An `AsyncThrowingStream` whose consumer is cancelled while it waits: the loop ends without an error.
    static let throwingStreamConsumerCancelled = Program(
        "throwing-stream-consumer-cancelled", "AsyncThrowingStream holding 1, 2; its consumer Task cancelled after 2 ms, then finish(throwing:)",
        onTime: ["[1, 2], ended without error; onTermination: cancelled"],
        because: "a cancelled consumer's next() returns nil, not an error, and terminates the stream, so the later finish(throwing:) reaches nobody"
    ) {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        let termination = Locked<String?>(nil)
        continuation.onTermination = { reason in termination.withLock { $0 = "\(reason)" } }
        continuation.yield(1)
        continuation.yield(2)
        let consumer = Task { () -> String in
            var got: [Int] = []
            do {
                for try await n in stream { got.append(n) }
                return "\(list(got)), ended without error"
            } catch {
                return "\(list(got)), threw \(type(of: error))"
            }
        }
        try? await Task.sleep(for: .milliseconds(2))
        consumer.cancel()
        let outcome = await consumer.value
        continuation.finish(throwing: Boom())
        return "\(outcome); onTermination: \(termination.value ?? "never called")"
    }

    /// A hub sends 1, 2, 3 to two subscribers, each reading its own stream.
    static let streamBroadcast = Program(
        "stream-broadcast", "an actor keeping one AsyncStream continuation per subscriber; two subscribe, 1…3 sent, then finished",
        onTime: ["[1, 2, 3] and [1, 2, 3]"],
        because: "both subscribed before the first send, each stream buffers every element in order, and finish ends both loops"
    ) {
        let hub = Broadcaster()
        let (one, two) = (await hub.subscribe(), await hub.subscribe())
        async let first = collect(one)
        async let second = collect(two)
        for event in 1...3 { await hub.send(event) }
        await hub.finish()
        return "\(list(await first)) and \(list(await second))"
    }

    /// A stream that keeps the oldest two elements, filled with five before anyone reads.
    static let streamBufferingOldest = Program(
        "stream-buffering-oldest", "makeStream(bufferingPolicy: .bufferingOldest(2)) filled 1…5 by a Task, then read",
        onTime: ["[1, 2]; 3 dropped"],
        because: "the producer is done before the first read; a buffer of the oldest two keeps 1 and 2 and says .dropped for the rest"
    ) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingOldest(2))
        let dropped = await Task { () -> Int in
            var dropped = 0
            for n in 1...5 {
                if case .dropped = continuation.yield(n) { dropped += 1 }
            }
            continuation.finish()
            return dropped
        }.value
        return "\(list(await collect(stream))); \(dropped) dropped"
    }

    /// A stream read through `filter`, `map` and `prefix`.
    static let streamOperators = Program(
        "stream-operators", "an AsyncStream of 1…10 fed by a yielding Task, read through .filter(even).map(×10).prefix(3)",
        onTime: ["[20, 40, 60]"],
        because: "the operators keep the stream's order, and prefix(3) ends the loop after the third even number"
    ) {
        let stream = AsyncStream<Int> { continuation in
            let producer = Task {
                for n in 1...10 {
                    continuation.yield(n)
                    await Task.yield()
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in producer.cancel() }
        }
        var got: [Int] = []
        for await n in stream.filter({ $0 % 2 == 0 }).map({ $0 * 10 }).prefix(3) { got.append(n) }
        return list(got)
    }

    /// A stream fed from `DispatchQueue.concurrentPerform`, eight iterations on several threads at once.
    static let streamFromConcurrentPerform = Program(
        "stream-from-concurrent-perform", "Task.detached { DispatchQueue.concurrentPerform(8) { yield i }; finish() }, summed",
        onTime: ["8 elements, sum 28"],
        because: "a continuation may yield from any thread; concurrentPerform returns after all eight, and finish comes after it"
    ) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        Task.detached {
            DispatchQueue.concurrentPerform(iterations: 8) { continuation.yield($0) }
            continuation.finish()
        }
        let got = await collect(stream)
        return "\(got.count) elements, sum \(got.reduce(0, +))"
    }

    /// A stream finished by its producer: `onTermination` says `finished`.
    static let streamTerminationFinished = Program(
        "stream-termination-finished", "AsyncStream { Task { yield 1, 2; finish() }; onTermination records why }, read to the end",
        onTime: ["[1, 2]; onTermination: finished"],
        because: "finish() ends the stream after its elements and calls onTermination with .finished before it returns"
    ) {
        let termination = Locked<String?>(nil)
        let producer = Locked<Task<Void, Never>?>(nil)
        let stream = AsyncStream<Int> { continuation in
            continuation.onTermination = { reason in termination.withLock { $0 = "\(reason)" } }
            producer.withLock {
                $0 = Task {
                    continuation.yield(1)
                    continuation.yield(2)
                    continuation.finish()
                }
            }
        }
        let got = await collect(stream)
        await producer.value?.value
        return "\(list(got)); onTermination: \(termination.value ?? "never called")"
    }

    /// Delegate callbacks on a serial queue, turned into an `AsyncStream`.
    static let streamFromSerialQueue = Program(
        "stream-from-serial-queue", "AsyncStream fed by a connection's callbacks on its serial DispatchQueue, finished on \"closed\"",
        onTime: ["[connected, data, data, closed]"],
        because: "a serial queue runs its blocks in order, yields from one queue keep that order, and finish comes after closed"
    ) {
        let stream = AsyncStream<String> { continuation in
            Connection().open { event in
                continuation.yield(event)
                if event == "closed" { continuation.finish() }
            }
        }
        var events: [String] = []
        for await event in stream { events.append(event) }
        return list(events)
    }
}
