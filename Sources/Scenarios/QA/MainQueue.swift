import Dispatch

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

/// The order of A to E.
public struct MainSyncOrder: Sendable, Hashable {
    public var events: [String]
}

/// The Q&A seed's test() from a background queue: print A, main.async B, print C, main.sync D, print E.
/// `.asyncAfterSync`, the quiz's control: B sent after D (A, C, main.sync D, main.async B, E) — no longer enqueued
/// first.
nonisolated(nonsending) public func mainSyncFromBackground(
    _ shape: MainSyncShape = .asyncBeforeSync
) async -> MainSyncOrder {
    let asyncAfterSync = shape == .asyncAfterSync
    let log = EventLog()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            log.record("A")
            if !asyncAfterSync { DispatchQueue.main.async { log.record("B") } }
            log.record("C")
            DispatchQueue.main.sync { log.record("D") }
            if asyncAfterSync { DispatchQueue.main.async { log.record("B") } }
            log.record("E")
            continuation.resume()
        }
    }
    if asyncAfterSync {
        // B was sent last: wait for the main queue to run it before reading the log.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }
    return MainSyncOrder(events: log.entries)
}

/// When `main.async` B is sent.
public enum MainSyncShape: String, CaseIterable, Sendable, Decodable {
    /// Before `main.sync` D (the seed).
    case asyncBeforeSync
    /// After it, the control.
    case asyncAfterSync
}
