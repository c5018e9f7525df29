import Dispatch
import Foundation
import ConcurrencyProofsSubjects
import Synchronization

// Lesson 37's GCD questions: a private serial queue's threads (Q10), and GCD's global queue beside the pool Swift
// concurrency runs on (Q13). Blocking parts run on threads of their own, never on the cooperative pool.

/// What a serial queue's blocks ran on.
public struct SerialQueueThreads: Sendable, Hashable {
    public var distinctThreads: Int, oneAtATime: Bool, syncRanOnCallingThread: Bool
    /// How many threads ran two `sync` blocks, sent to the queue from two threads of their own, one after the other.
    public var threadsForTwoSyncs: Int
}

/// The picture of a serial queue as a thread: one thread of its own that runs every block it is given, in order —
/// the control of "a queue is not a thread". Its `sync` hands the block to that thread and waits.
final class OneThreadQueue: Sendable {
    /// The blocks waiting for the thread.
    private let blocks = Shared<[@Sendable () -> Void]>([])
    /// One signal per block.
    private let arrived = DispatchSemaphore(value: 0)

    /// Starts the thread; it runs blocks until `stop()`.
    init() {
        Thread.detachNewThread { [blocks, arrived] in
            while true {
                arrived.wait()
                var next: (@Sendable () -> Void)?
                blocks.update { next = $0.isEmpty ? nil : $0.removeFirst() }
                guard let next else { return }
                next()
            }
        }
    }

    /// Ends the thread, once the blocks before are run.
    func stop() {
        arrived.signal()
    }

    /// Runs `block` on the thread and returns its result.
    func sync<T: Sendable>(_ block: @escaping @Sendable () -> T) -> T {
        let result = Shared<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        blocks.update { $0.append { result.update { $0 = block() }; done.signal() } }
        arrived.signal()
        done.wait()
        return result.value!
    }
}

/// How many threads ran two `sync` blocks sent from two threads of their own, one after the other, to `sync`.
func threadsForTwoSyncs(_ sync: @escaping @Sendable (@escaping @Sendable () -> UInt64) -> UInt64) -> Int {
    let ranOn = Shared<[UInt64]>([])
    for _ in 0..<2 {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let thread = sync { threadNumber() }
            ranOn.update { $0.append(thread) }
            done.signal()
        }
        done.wait()
    }
    return Set(ranOn.value).count
}

/// L37 Q10, the Q&A seed: six blocks sent at once to one private serial queue — one at a time, on whatever threads
/// GCD lends; and `queue.sync` runs its block on the calling thread. Every block is the same: it holds its thread until
/// another block runs beside it, or 100 ms of spare time, so only the queue decides whether two ever run at once.
/// `shape`, the quiz's controls: `.concurrent`, the same blocks on a concurrent queue (they keep each other company);
/// `.asyncAndWait`, the last block sent with `async` and waited for instead of `sync` (it runs on a GCD thread).
nonisolated(nonsending) public func serialQueueThreads(
    _ shape: SerialQueueShape = .serial
) async -> SerialQueueThreads {
    await onAThreadOfItsOwn {
        let queue = shape == .concurrent ? DispatchQueue(label: "jar", attributes: .concurrent) : DispatchQueue(label: "jar")
        let threads = Shared<[UInt64]>([])
        let flight = OverlapMeter()
        for _ in 0..<6 {
            queue.async {
                threads.update { $0.append(threadNumber()) }
                flight.workUntilCompany(patience: .milliseconds(100))
            }
        }
        queue.sync(flags: .barrier) {}
        let caller = threadNumber()
        let syncThread: UInt64
        if shape == .asyncAndWait {
            let answer = Shared<UInt64>(0)
            let done = DispatchSemaphore(value: 0)
            queue.async {
                answer.update { $0 = threadNumber() }
                done.signal()
            }
            done.wait()
            syncThread = answer.value
        } else {
            syncThread = queue.sync { threadNumber() }
        }
        let twoSyncs: Int
        if shape == .threadOfItsOwn {
            let runner = OneThreadQueue()
            twoSyncs = threadsForTwoSyncs { block in runner.sync(block) }
            runner.stop()
        } else {
            twoSyncs = threadsForTwoSyncs { block in queue.sync(execute: block) }
        }
        return SerialQueueThreads(distinctThreads: Set(threads.value).count, oneAtATime: flight.mostAtOnce == 1,
                                  syncRanOnCallingThread: syncThread == caller, threadsForTwoSyncs: twoSyncs)
    }
}

/// The dispatch queues two kinds of code ran on.
public struct PoolLabels: Sendable, Hashable {
    public var gcdGlobal: String, detached: String
    /// The label of what `dispatch_get_global_queue` gives for the undocumented flag 0x4, or "none" (NULL).
    public var flag4: String = ""
}

/// The C function behind `DispatchQueue.global`, as L37 Q13 calls it: a `dispatch_queue_t`, or NULL.
@_silgen_name("dispatch_get_global_queue")
func globalQueue(_ qos: Int, _ flags: UInt) -> OpaquePointer?

/// L37 Q13's undocumented door: the label of the root queue `dispatch_get_global_queue(user-initiated, 0x4)` gives,
/// read without sending it anything; "none" when it gives NULL (Linux's libdispatch has no such queue).
func flag4QueueLabel() -> String {
    let userInitiated = 0x19  // QOS_CLASS_USER_INITIATED
    return globalQueue(userInitiated, 0x4).map { queueLabel(of: $0) } ?? "none"
}

/// L37 Q13: GCD's global queue is not the pool Swift concurrency runs on.
/// `shape`, the quiz's controls: `.gcdBlock`, the second block is a GCD block too, not a task; `.firstFromATask`, the
/// first is a task too, not a GCD block.
nonisolated(nonsending) public func cooperativePoolLabels(_ shape: PoolLabelShape = .task) async -> PoolLabels {
    let gcdBlock = shape == .gcdBlock
    let gcd = shape == .firstFromATask ? await Task.detached(priority: .userInitiated) { currentQueueLabel() }.value
        : await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: currentQueueLabel())
            }
        }
    let detached = gcdBlock ? await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(returning: currentQueueLabel())
        }
    } : await Task.detached(priority: .userInitiated) { currentQueueLabel() }.value
    return PoolLabels(gcdGlobal: gcd, detached: detached, flag4: flag4QueueLabel())
}

/// What the second block is.
public enum PoolLabelShape: String, CaseIterable, Sendable, Decodable {
    /// A detached task, on the pool (the lesson).
    case task
    /// A GCD block too, a control.
    case gcdBlock
    /// Both tasks: the first asked from a detached task instead of a GCD block, a control.
    case firstFromATask
}

/// Which queue L37 Q10's blocks go to, and how its last block is called.
public enum SerialQueueShape: String, CaseIterable, Sendable, Decodable {
    /// A private serial queue, and `queue.sync` for the last block (the lesson).
    case serial
    /// The same blocks on a concurrent queue: more than one runs at a time.
    case concurrent
    /// The last block sent with `async` and waited for, in place of `sync`: it runs on a GCD thread, not the caller's.
    case asyncAndWait
    /// The two `sync` blocks from two threads sent to a thread of its own (`OneThreadQueue`), the picture of a queue
    /// as a thread: both run on that one thread.
    case threadOfItsOwn
}
