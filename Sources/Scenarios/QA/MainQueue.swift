import Dispatch
import ConcurrencyHarness

/// Where a DispatchQueue.main.async block ran, and whether the call returned first.
public struct MainAsync: Sendable, Hashable {
    public var returnedBeforeBlockRan: Bool, ranOnMainThread: Bool, ranOnMainQueue: Bool
}

/// The Q&A seed: DispatchQueue.main.async returns at once, and its block runs on the main queue later. Sent from
/// the main queue itself, so the block cannot start before the sender's job ends.
/// `.globalQueue`, the quiz's control: the block goes to a global queue, not the main one.
@MainActor public func mainAsync(_ shape: MainAsyncShape = .mainQueue) async -> MainAsync {
    let globalQueue = shape == .globalQueue
    let returned = Shared(false)
    return await withCheckedContinuation { continuation in
        (globalQueue ? DispatchQueue.global() : DispatchQueue.main).async {
            continuation.resume(returning: MainAsync(returnedBeforeBlockRan: returned.value,
                                                     ranOnMainThread: onMainThread(), ranOnMainQueue: onMainQueue()))
        }
        returned.update { $0 = true }
    }
}

/// Where the block is sent.
public enum MainAsyncShape: String, CaseIterable, Sendable, Decodable {
    /// `DispatchQueue.main.async` (the seed).
    case mainQueue
    /// A global queue, the control.
    case globalQueue
}

/// Whether a call that sends a block to the main queue returned before that block had ended.
public struct MainCallReturn: Sendable, Hashable {
    public var returnedBeforeBlockEnded: Bool
}

/// The Q&A seed: `DispatchQueue.main.async` is asynchronous — it returns without waiting for its block. Sent from a
/// thread of its own (from the main queue, `main.sync` traps: QA-07), the block waits for the call that sent it to
/// return, at most 200 ms of spare time, and says whether it did. `.sync`, the quiz's control: the same block sent
/// with `main.sync`, which returns only once the block has ended, so the block waits in vain.
nonisolated(nonsending) public func mainCallReturn(_ shape: MainCallShape = .async) async -> MainCallReturn {
    await onAThreadOfItsOwn {
        let returned = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
        let sawReturn = Shared(false)
        let block: @Sendable () -> Void = {
            let answered = waitInSpareTime(for: returned, patience: .milliseconds(200))
            sawReturn.update { $0 = answered }
            ended.signal()
        }
        if shape == .sync {
            DispatchQueue.main.sync(execute: block)
        } else {
            DispatchQueue.main.async(execute: block)
        }
        returned.signal()
        ended.wait()
        return MainCallReturn(returnedBeforeBlockEnded: sawReturn.value)
    }
}

/// How the block is sent to the main queue.
public enum MainCallShape: String, CaseIterable, Sendable, Decodable {
    /// `DispatchQueue.main.async` (the seed).
    case async
    /// `DispatchQueue.main.sync`, the control: it waits for the block.
    case sync
}

/// Waits for `semaphore` until it is signalled (true) or `patience` of spare time has passed (false). Spare time
/// (`SpareTime`: real time in which the machine had a CPU to spare), so that load only lengthens the wait and never
/// ends it before a signal that was coming.
func waitInSpareTime(for semaphore: DispatchSemaphore, patience: Duration) -> Bool {
    let limit = Nanoseconds(patience)
    var spare = SpareTime.starting()
    while spare.lookNow() < limit {
        if semaphore.wait(timeout: .now() + .milliseconds(1)) == .success { return true }
    }
    return false
}

/// The order of A to E.
public struct MainSyncOrder: Sendable, Hashable {
    public var events: [String]
}

/// The Q&A seed's test() from a background queue: print A, main.async B, print C, main.sync D, print E. B waits, at
/// most 100 ms of spare time, for D to have run before it logs: on the serial main queue D cannot run meanwhile, so
/// the wait changes nothing there, and B, enqueued first, comes first. `.concurrentQueue`, the quiz's control: B and D
/// sent the same way to a concurrent queue, which does not keep one block waiting behind another — `sync` runs D on
/// the calling thread at once, and B, waiting for it, comes after.
nonisolated(nonsending) public func mainSyncFromBackground(
    _ shape: MainSyncShape = .mainQueue
) async -> MainSyncOrder {
    let queue = shape == .concurrentQueue ? DispatchQueue(label: "not main", attributes: .concurrent) : DispatchQueue.main
    let log = EventLog()
    let dRan = DispatchSemaphore(value: 0)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            log.record("A")
            queue.async {
                _ = waitInSpareTime(for: dRan, patience: .milliseconds(100))
                log.record("B")
            }
            log.record("C")
            queue.sync {
                log.record("D")
                dRan.signal()
            }
            log.record("E")
            continuation.resume()
        }
    }
    // On the concurrent queue B may still be running: wait for every block sent before this one.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        queue.async(flags: .barrier) { continuation.resume() }
    }
    return MainSyncOrder(events: log.entries)
}

/// Where `async` B and `sync` D are sent.
public enum MainSyncShape: String, CaseIterable, Sendable, Decodable {
    /// The main queue, serial (the seed).
    case mainQueue
    /// A concurrent queue, the control.
    case concurrentQueue
}
