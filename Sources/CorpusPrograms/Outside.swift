import Dispatch
import Foundation
import Synchronization

/// A callback API that answers on a Dispatch queue after `delay`, as network and timer APIs do.
func fetchAnswer(after delay: DispatchTimeInterval, _ completion: @escaping @Sendable (String) -> Void) {
    DispatchQueue.global().asyncAfter(deadline: .now() + delay) { completion("answer") }
}

/// A callback API that computes on the global queue and calls back there.
func compute(_ completion: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.global().async { completion(6 * 7) }
}

/// The error of a request made while offline.
struct Offline: Error {}

/// Resumes a continuation once, whichever of two callbacks comes first (a reply and its own timeout, say).
final class ResumeOnce: Sendable {
    /// The continuation, until someone takes it.
    private let continuation: Mutex<CheckedContinuation<String, Never>?>

    /// Guards `continuation`.
    init(_ continuation: CheckedContinuation<String, Never>) { self.continuation = Mutex(continuation) }

    /// Resumes with `value` if nobody did yet.
    func resume(_ value: String) {
        let continuation = self.continuation.withLock { kept in
            defer { kept = nil }
            return kept
        }
        continuation?.resume(returning: value)
    }
}

/// A serial executor on a Dispatch queue: how code on Linux gives an actor "a queue of its own" (there is no
/// `DispatchSerialQueue` executor there).
final class QueueExecutor: SerialExecutor {
    /// The queue the jobs run on.
    private let queue = DispatchQueue(label: "ledger")

    /// Runs `job` on the queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// A task executor on a Dispatch queue, for `withTaskExecutorPreference`.
final class QueueTaskExecutor: TaskExecutor {
    /// The queue the jobs run on.
    private let queue = DispatchQueue(label: "workers", attributes: .concurrent)

    /// Runs `job` on the queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// A ticket office whose tickets are kept under a `Mutex`.
final class TicketOffice: Sendable {
    /// Tickets left.
    private let left: Mutex<Int>
    /// An office with `tickets` to sell.
    init(tickets: Int) { left = Mutex(tickets) }

    /// Sells a ticket if one is left: the check and the take under one lock.
    func buy() -> Bool {
        left.withLock { left in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }
}

/// A counter kept under a `Mutex`.
final class Counter: Sendable {
    /// The count.
    private let count = Mutex(0)
    /// Adds one.
    func increment() { count.withLock { $0 += 1 } }
    /// The count now.
    var value: Int { count.withLock { $0 } }
}

/// A ledger actor that runs on its own serial executor.
actor Ledger {
    /// Its executor.
    private let executor = QueueExecutor()
    /// The total.
    private(set) var total = 0

    /// The actor runs where its executor says.
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Adds `amount`.
    func add(_ amount: Int) { total += amount }
}

extension Program {
    /// A callback that comes 5 ms later from `DispatchQueue.asyncAfter`, wrapped in a continuation.
    static let continuationAfter = Program(
        "continuation-after", "withCheckedContinuation around a callback sent by DispatchQueue.asyncAfter(5 ms)",
        onTime: ["answer after ≥ 5 ms"],
        because: "asyncAfter never runs its block before its deadline, and the clock starts before the deadline is set"
    ) {
        let start = ContinuousClock.now
        let answer = await withCheckedContinuation { continuation in
            fetchAnswer(after: .milliseconds(5)) { continuation.resume(returning: $0) }
        }
        return "\(answer) after \(waited(.milliseconds(5), since: start))"
    }

    /// A continuation resumed from a `Thread` 2 ms later, as a blocking C API wrapped in a thread is.
    static let continuationFromThread = Program(
        "continuation-from-thread", "withCheckedContinuation resumed by a Thread after a 2 ms blocking call",
        onTime: ["from a thread"],
        because: "the thread resumes the continuation exactly once, and the awaiting task goes on with its value"
    ) {
        await withCheckedContinuation { continuation in
            Thread {
                usleep(2_000)
                continuation.resume(returning: "from a thread")
            }.start()
        }
    }

    /// A completion-handler API that calls back on the global queue, wrapped in a continuation.
    static let callbackOnQueue = Program(
        "callback-on-queue", "withCheckedContinuation around a completion handler called on DispatchQueue.global()",
        onTime: ["42"],
        because: "the handler runs once, on the queue, and resumes the task with its value"
    ) {
        let value = await withCheckedContinuation { continuation in
            compute { continuation.resume(returning: $0) }
        }
        return "\(value)"
    }

    /// A request that fails on a serial queue, through a throwing continuation.
    static let throwingCallbackOnSerialQueue = Program(
        "throwing-callback-on-serial-queue", "withCheckedThrowingContinuation resumed(throwing:) from a serial DispatchQueue",
        onTime: ["failed: Offline"],
        because: "the queue's block resumes the continuation with the error, which the await throws"
    ) {
        let queue = DispatchQueue(label: "requests")
        do {
            let _: String = try await withCheckedThrowingContinuation { continuation in
                queue.async { continuation.resume(throwing: Offline()) }
            }
            return "succeeded"
        } catch {
            return "failed: \(error is Offline ? "Offline" : "\(error)")"
        }
    }

    /// A reply from a thread and a reply from a queue race to resume one continuation; a lock lets one through.
    static let firstCallbackWins = Program(
        "first-callback-wins", "a continuation kept under a Mutex, resumed by whichever of a Thread and a queue comes first",
        onTime: ["thread", "queue"],
        because: "either may come first; taking the continuation under the lock lets only the first resume it"
    ) {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            Thread { once.resume("thread") }.start()
            DispatchQueue.global().async { once.resume("queue") }
        }
    }

    /// An actor on a custom `SerialExecutor` (a Dispatch queue), sent ten additions at once.
    static let queueExecutorActor = Program(
        "queue-executor-actor", "an actor whose unownedExecutor is a SerialExecutor on a DispatchQueue, ten adds from a group",
        onTime: ["55"],
        because: "a serial executor runs the actor's jobs one at a time, so every addition of 1…10 counts"
    ) {
        let ledger = Ledger()
        await withTaskGroup(of: Void.self) { group in
            for amount in 1...10 { group.addTask { await ledger.add(amount) } }
        }
        return "\(await ledger.total)"
    }

    /// Child tasks on a preferred task executor (a concurrent Dispatch queue), each sleeping 1 ms.
    static let taskExecutorPreference = Program(
        "task-executor-preference", "withTaskExecutorPreference(a queue's TaskExecutor) { three async lets sleeping 1 ms }",
        onTime: ["6"],
        because: "the children run on the preferred executor and give their numbers; the sum waits for all three"
    ) {
        let executor = QueueTaskExecutor()
        return await withTaskExecutorPreference(executor) {
            async let a = number(1)
            async let b = number(2)
            async let c = number(3)
            return "\(await a + b + c)"
        }
    }

    /// Five buyers on detached tasks race for two tickets kept under a `Mutex`.
    static let mutexTickets = Program(
        "mutex-tickets", "five Task.detached buyers, each taking a ticket under a Mutex if one is left; two tickets",
        onTime: ["2 sold, 3 refused"],
        because: "the check and the take happen under one lock, so exactly the first two buyers in get one",
        inlineLocks: true
    ) {
        let office = TicketOffice(tickets: 2)
        let buyers = (0..<5).map { _ in Task.detached { office.buy() } }
        var sold = 0
        for buyer in buyers where await buyer.value { sold += 1 }
        return "\(sold) sold, \(5 - sold) refused"
    }

    /// Four detached tasks adding 1 000 each to a counter under a `Mutex`, yielding now and then.
    static let mutexCounter = Program(
        "mutex-counter", "four Task.detached each adding 1 under a Mutex 1 000 times, yielding every 100",
        onTime: ["4000"],
        because: "every increment happens under the lock, so none is lost, in any interleaving",
        inlineLocks: true
    ) {
        let counter = Counter()
        let workers = (0..<4).map { _ in
            Task.detached {
                for i in 1...1000 {
                    counter.increment()
                    if i % 100 == 0 { await Task.yield() }
                }
            }
        }
        for worker in workers { await worker.value }
        return "\(counter.value)"
    }
}
