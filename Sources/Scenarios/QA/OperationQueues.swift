import Foundation

/// How many operations ran at once, and how many finished.
public struct OperationLimit: Sendable, Hashable {
    public var peak: Int, finished: Int
}

/// The Q&A seed: `maxConcurrentOperationCount = 3` — ten operations of 20 ms never run more than `limit` at once
/// (the seed's 3 by default). `.noLimit`, the quiz's control: no limit set.
nonisolated(nonsending) public func operationQueueLimit(
    limit: Int = 3, _ shape: OperationLimitShape = .limited
) async -> OperationLimit {
    let noLimit = shape == .noLimit
    let flight = OverlapMeter()
    let finished = Shared(0)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let queue = OperationQueue()
        if !noLimit { queue.maxConcurrentOperationCount = limit }
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

/// Whether the operation queue has a limit.
public enum OperationLimitShape: String, CaseIterable, Sendable, Decodable {
    /// `maxConcurrentOperationCount` set (the seed).
    case limited
    /// No limit, the control.
    case noLimit
}

/// The Q&A seed: `b.addDependency(a)` makes b wait for a, even across queues. b goes to a queue of its own, added
/// first; a goes to another queue, held suspended until b has had its chance: b ran to its end, or b is not ready
/// (its dependency unfinished) — so the order is decided by the dependency alone, never by how fast either ran.
/// `.independent`, the quiz's control: no dependency, so b runs while a's queue is held, and comes first.
nonisolated(nonsending) public func operationDependency(_ shape: DependencyShape = .dependent) async -> [String] {
    let independent = shape == .independent
    let log = EventLog()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let first = OperationQueue(), second = OperationQueue()
        first.isSuspended = true
        let a = BlockOperation { log.record("a") }
        let b = BlockOperation { log.record("b") }
        if !independent { b.addDependency(a) }
        second.addOperation(b)
        first.addOperation(a)
        // Off the caller's thread: waitUntilFinished blocks. Both queues are kept alive until b has run.
        DispatchQueue.global().async {
            withExtendedLifetime((first, second)) {
                if b.isReady { b.waitUntilFinished() }
                first.isSuspended = false
                b.waitUntilFinished()
            }
            continuation.resume()
        }
    }
    return log.entries
}

/// Whether b depends on a.
public enum DependencyShape: String, CaseIterable, Sendable, Decodable {
    /// `b.addDependency(a)` (the seed).
    case dependent
    /// No dependency, the control.
    case independent
}

/// What cancel() did to two operations on a queue that runs one at a time: one not yet started, one running.
public struct OperationCancel: Sendable, Hashable {
    public var unstartedRan: Bool, runningSawCancel: Bool, runningFinished: Bool
}

/// An operation that can look at its own cancellation, through this holder.
///
/// `@unchecked Sendable`: `operation` is set once, before the operation is added to its queue, and only read after.
final class OperationHolder: @unchecked Sendable {
    var operation: Operation?
}

/// The Q&A seed: Operation's cancel() sets isCancelled and is still cooperative — on a queue of one at a time, an
/// operation not yet started never runs, and a running one goes on until it reads isCancelled, then ends: what
/// `workItemCancel` shows of a DispatchWorkItem. `.neverLooks`, the quiz's control: the running block never reads the
/// flag (it works 20 ms and finishes), so cancel() reaches nothing it does.
nonisolated(nonsending) public func operationCancel(_ shape: OperationCancelShape = .looks) async -> OperationCancel {
    let neverLooks = shape == .neverLooks
    return await onAThreadOfItsOwn {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let ran = Shared(false), sawCancel = Shared(false), finished = Shared(false)
        let started = DispatchSemaphore(value: 0)
        let holder = OperationHolder()
        let running = BlockOperation {
            started.signal()
            if neverLooks {
                usleep(20_000)
            } else {
                while holder.operation?.isCancelled == false {
                    usleep(1_000)
                }
                sawCancel.update { $0 = holder.operation?.isCancelled ?? false }
            }
            finished.update { $0 = true }
        }
        holder.operation = running
        let unstarted = BlockOperation { ran.update { $0 = true } }
        queue.addOperation(running)
        queue.addOperation(unstarted)
        started.wait()
        unstarted.cancel()
        running.cancel()
        queue.waitUntilAllOperationsAreFinished()
        return OperationCancel(unstartedRan: ran.value, runningSawCancel: sawCancel.value, runningFinished: finished.value)
    }
}

/// Whether the running operation looks at its own cancellation.
public enum OperationCancelShape: String, CaseIterable, Sendable, Decodable {
    /// It reads isCancelled until it is set (the seed).
    case looks
    /// It never reads it, the control.
    case neverLooks
}
