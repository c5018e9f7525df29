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
