import Foundation

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
