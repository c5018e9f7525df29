import Dispatch
import Foundation
import Subjects
import Synchronization

// The GCD side of the bridge notes: queues, the main queue, groups, operation queues. Each runs its blocking parts
// on threads of its own, never on the cooperative pool.

/// Runs `body` on a thread of its own and returns its result to the awaiting task.
@concurrent func onAThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(returning: body())
        }
    }
}

/// What a serial queue's blocks ran on.
public struct SerialQueueThreads: Sendable, Hashable {
    public var distinctThreads: Int, oneAtATime: Bool, syncRanOnCallingThread: Bool
}

/// L37 Q10, the Q&A seed: six blocks sent at once to one private serial queue — one at a time, on whatever threads
/// GCD lends; and `queue.sync` runs its block on the calling thread. Every block is the same: it holds its thread until
/// another block runs beside it, or 250 ms, so only the queue decides whether two ever run at once.
/// `shape`, the quiz's controls: `.concurrent`, the same blocks on a concurrent queue (they keep each other company);
/// `.asyncAndWait`, the last block sent with `async` and waited for instead of `sync` (it runs on a GCD thread).
nonisolated(nonsending) public func serialQueueThreads(_ shape: SerialQueueShape = .lesson) async -> SerialQueueThreads {
    await onAThreadOfItsOwn {
        let queue = shape == .concurrent ? DispatchQueue(label: "jar", attributes: .concurrent) : DispatchQueue(label: "jar")
        let threads = Shared<[UInt64]>([])
        let flight = OverlapMeter()
        for _ in 0..<6 {
            queue.async {
                threads.update { $0.append(threadNumber()) }
                flight.workUntilCompany(patience: .milliseconds(250))
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
        return SerialQueueThreads(distinctThreads: Set(threads.value).count, oneAtATime: flight.mostAtOnce == 1,
                                  syncRanOnCallingThread: syncThread == caller)
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
/// `.wrong`, the quiz's control: the second block is a GCD block too, not a task.
nonisolated(nonsending) public func cooperativePoolLabels(_ shape: LessonShape = .lesson) async -> PoolLabels {
    let wrong = shape == .wrong
    let gcd = await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(returning: currentQueueLabel())
        }
    }
    let detached = wrong ? await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(returning: currentQueueLabel())
        }
    } : await Task.detached(priority: .userInitiated) { currentQueueLabel() }.value
    return PoolLabels(gcdGlobal: gcd, detached: detached, flag4: flag4QueueLabel())
}

/// Where a DispatchQueue.main.async block ran, and whether the call returned first.
public struct MainAsync: Sendable, Hashable {
    public var returnedBeforeBlockRan: Bool, ranOnMainThread: Bool, ranOnMainQueue: Bool
}

/// The Q&A seed: DispatchQueue.main.async returns at once, and its block runs on the main queue later. Sent from
/// the main queue itself, so the block cannot start before the sender's job ends.
/// `.wrong`, the quiz's control: the block goes to a global queue, not the main one.
@MainActor public func mainAsync(_ shape: LessonShape = .lesson) async -> MainAsync {
    let wrong = shape == .wrong
    let returned = Shared(false)
    return await withCheckedContinuation { continuation in
        (wrong ? DispatchQueue.global() : DispatchQueue.main).async {
            continuation.resume(returning: MainAsync(returnedBeforeBlockRan: returned.value,
                                                     ranOnMainThread: onMainThread(), ranOnMainQueue: onMainQueue()))
        }
        returned.update { $0 = true }
    }
}

/// The order of A to E.
public struct MainSyncOrder: Sendable, Hashable {
    public var events: [String]
}

/// The Q&A seed's test() from a background queue: print A, main.async B, print C, main.sync D, print E.
/// `.wrong`, the quiz's control: B sent after D (A, C, main.sync D, main.async B, E) — no longer enqueued first.
nonisolated(nonsending) public func mainSyncFromBackground(_ shape: LessonShape = .lesson) async -> MainSyncOrder {
    let wrong = shape == .wrong
    let log = EventLog()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            log.record("A")
            if !wrong { DispatchQueue.main.async { log.record("B") } }
            log.record("C")
            DispatchQueue.main.sync { log.record("D") }
            if wrong { DispatchQueue.main.async { log.record("B") } }
            log.record("E")
            continuation.resume()
        }
    }
    if wrong {
        // B was sent last: wait for the main queue to run it before reading the log.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }
    return MainSyncOrder(events: log.entries)
}

/// How many operations ran at once under a limit of three.
public struct OperationLimit: Sendable, Hashable {
    public var peak: Int, finished: Int
}

/// The Q&A seed: `maxConcurrentOperationCount = 3` — ten operations of 20 ms never run more than three at once.
/// `.wrong`, the quiz's control: no limit set.
nonisolated(nonsending) public func operationQueueLimit(_ shape: LessonShape = .lesson) async -> OperationLimit {
    let wrong = shape == .wrong
    let flight = OverlapMeter()
    let finished = Shared(0)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let queue = OperationQueue()
        if !wrong { queue.maxConcurrentOperationCount = 3 }
        for _ in 0..<10 {
            queue.addOperation {
                flight.enter()
                usleep(20_000)
                flight.leave()
                finished.update { $0 += 1 }
            }
        }
        queue.addBarrierBlock { continuation.resume() }
    }
    return OperationLimit(peak: flight.mostAtOnce, finished: finished.value)
}

/// The Q&A seed: `b.addDependency(a)` makes b wait for a, even when b is added first.
/// `.wrong`, the quiz's control: no dependency.
nonisolated(nonsending) public func operationDependency(_ shape: LessonShape = .lesson) async -> [String] {
    let wrong = shape == .wrong
    let log = EventLog()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 2
        let a = BlockOperation {
            usleep(20_000)
            log.record("a")
        }
        let b = BlockOperation { log.record("b") }
        if !wrong { b.addDependency(a) }
        queue.addOperation(b)
        queue.addOperation(a)
        queue.addBarrierBlock { continuation.resume() }
    }
    return log.entries
}

/// What cancel() did to two work items: one not yet started, one running.
public struct WorkItemCancel: Sendable, Hashable {
    public var unstartedRan: Bool, runningSawCancel: Bool, runningFinished: Bool
}

/// A work item that can look at its own cancellation, through this holder.
///
/// `@unchecked Sendable`: `item` is set once, before the item is submitted, and only read after.
final class WorkItemHolder: @unchecked Sendable {
    var item: DispatchWorkItem?
}

/// The Q&A seed: DispatchWorkItem.cancel() skips an item that has not started; a running one can check
/// isCancelled, and ends only when it does.
/// `.wrong`, the quiz's control: plain `async { }` closures, which nothing can cancel — the running one works 20 ms and
/// finishes without hearing anything, the other runs after it.
nonisolated(nonsending) public func workItemCancel(_ shape: LessonShape = .lesson) async -> WorkItemCancel {
    let wrong = shape == .wrong
    return await onAThreadOfItsOwn {
        let queue = DispatchQueue(label: "items")
        let ran = Shared(false), sawCancel = Shared(false), finished = Shared(false)
        if wrong {
            let started = DispatchSemaphore(value: 0)
            queue.async {
                started.signal()
                usleep(20_000)
                finished.update { $0 = true }
            }
            queue.async { ran.update { $0 = true } }
            started.wait()
            queue.sync {}
            return WorkItemCancel(unstartedRan: ran.value, runningSawCancel: sawCancel.value, runningFinished: finished.value)
        }
        let started = DispatchSemaphore(value: 0)
        let holder = WorkItemHolder()
        let running = DispatchWorkItem {
            started.signal()
            while holder.item?.isCancelled == false {
                usleep(1_000)
            }
            sawCancel.update { $0 = holder.item?.isCancelled ?? false }
            finished.update { $0 = true }
        }
        holder.item = running
        let unstarted = DispatchWorkItem { ran.update { $0 = true } }
        queue.async(execute: running)
        queue.async(execute: unstarted)
        started.wait()
        unstarted.cancel()
        running.cancel()
        queue.sync {}
        return WorkItemCancel(unstartedRan: ran.value, runningSawCancel: sawCancel.value, runningFinished: finished.value)
    }
}
