import Dispatch
import Foundation
import Synchronization

// The cooperative pool never grows: a thread blocked in wait() is lost to every task. Each wait here has a
// timeout, so the deadlock the lesson describes shows as "timed out" instead of a hung run.

/// Waits on `semaphore` for at most 300 ms of spare time, blocking the calling thread; true if it timed out.
/// Synchronous: the blocking the lesson warns about, kept out of async code's sight. Spare time (`waitInSpareTime`),
/// so that a loaded machine, slow to run the thread that signals, only lengthens the wait and never ends it first.
func blockingWait(_ semaphore: DispatchSemaphore) -> Bool {
    !waitInSpareTime(for: semaphore, patience: .milliseconds(300))
}

/// The Q&A seed, on the harness's one thread: a job waits on a semaphore for a Task that would signal it — and the
/// Task needs the very thread that waits.
/// `.fromGCD`, the quiz's control: the signal comes from a GCD thread, which needs no thread of the pool.
nonisolated(nonsending) public func semaphoreAroundTask(_ shape: SignalShape = .fromATask) async -> Bool {
    let fromGCD = shape == .fromGCD
    let semaphore = DispatchSemaphore(value: 0)
    if fromGCD { DispatchQueue.global().async { semaphore.signal() } }
    let signaller = Task { if !fromGCD { _ = semaphore.signal() } }
    let timedOut = blockingWait(semaphore)
    await signaller.value
    return timedOut
}

/// Who signals the semaphore the job waits on.
public enum SignalShape: String, CaseIterable, Sendable, Decodable {
    /// A Task, which needs the blocked thread (the seed).
    case fromATask
    /// A GCD thread, the control: it needs no thread of the pool and no main actor.
    case fromGCD
}

/// The Q&A seed, on the main actor: the Task inherits the main actor, which is blocked in wait().
/// `.fromGCD`, the quiz's control: the signal comes from a GCD thread, which needs no main actor.
@MainActor public func semaphoreOnMainActor(_ shape: SignalShape = .fromATask) async -> Bool {
    let fromGCD = shape == .fromGCD
    let semaphore = DispatchSemaphore(value: 0)
    if fromGCD { DispatchQueue.global().async { semaphore.signal() } }
    let signaller = Task { if !fromGCD { _ = semaphore.signal() } }
    let timedOut = blockingWait(semaphore)
    await signaller.value
    return timedOut
}

/// How many jobs of the real pool ran at once: eight detached tasks, each computing for 100 ms.
@concurrent public func realPoolWidth() async -> Int {
    let flight = OverlapMeter()
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<8 {
            group.addTask {
                flight.enter()
                spin(for: .milliseconds(100))
                flight.leave()
            }
        }
    }
    return flight.mostAtOnce
}

/// The Q&A seed: how wide the real pool is in a process started with (or without) the strict-pool variable.
@concurrent public func printPoolWidth() async {
    print("pool width: \(await realPoolWidth())")
}
