import Dispatch
import Foundation
import Synchronization
import ConcurrencyProofsSubjects

// Lesson 37's hive, without SwiftUI: the hum is a main-actor task that counts every 10 ms for as long as the main
// actor is free to run it, and every errand is measured against it — the lesson's "the hive hummed N times
// meanwhile". Times are scaled down (100 ms of work against a 10 ms hum, where the lesson has seconds against
// 100 ms) and only the counts the lesson's claim rests on are checked: some hums, or none.

/// How many times the hive has hummed: written on the main actor, readable from anywhere (a computation reads it
/// as it starts and as it ends, to count the hums that happened while it ran).
public final class HumCount: Sendable {
    /// The count.
    private let hums = Atomic<Int>(0)

    /// Hums so far.
    public var now: Int {
        hums.load(ordering: .relaxed)
    }

    /// One more hum.
    func hum() {
        hums.add(1, ordering: .relaxed)
    }
}

/// The hive's hum: a task on the main actor that counts every 10 ms while the main actor is free.
@MainActor final class Hum {
    /// Hums so far, readable from the computations being measured.
    let counter = HumCount()
    /// The humming task.
    private var task: Task<Void, Never>?

    /// Hums so far.
    var count: Int {
        counter.now
    }

    /// Starts humming, and returns once the first hum has happened (so a count of zero later means the main actor
    /// was busy, not that the hum had not begun).
    func start() async {
        task = Task { @MainActor [counter] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(10))
                counter.hum()
            }
        }
        while count == 0 {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Stops humming and waits for the task to end.
    func stop() async {
        task?.cancel()
        await task?.value
    }
}

/// Where a computation ran, and how often the hive hummed while it did.
public struct Grind: Sendable, Hashable {
    /// Whether it ran on the process's main thread.
    public var onMainThread: Bool
    /// Whether it ran on the main dispatch queue.
    public var onMainQueue: Bool
    /// Hums from the computation's first instant to its last: none if it held the main actor.
    public var hummedWhileGrinding: Int
    /// The label of the dispatch queue that ran it: the main queue's, or the pool's.
    public var queueLabel: String
}

/// A hundred milliseconds of arithmetic, belonging to no actor: it runs wherever its caller is. It notes the hum
/// as it starts and as it ends, so the count is the computation's own — not the hops to and from it, when the main
/// actor is free for a moment.
///
/// `patience`, for the computations meant to leave the main actor: if the hive has not hummed once in the hundred
/// milliseconds, go on until it does, for at most that long. A loaded machine may not run the main queue's thread
/// within a tenth of a second (it once hummed 0 times beside a CI run and a soak); where the computation holds the
/// main actor the hum can never come, and the count stays 0 however long it waits.
func grind(_ hum: HumCount, patience: Duration = .zero) -> Grind {
    let before = hum.now
    let start = ContinuousClock.now
    spin(for: .milliseconds(100))
    while hum.now == before, start.duration(to: .now) < patience {
        spin(for: .milliseconds(10))
    }
    return Grind(onMainThread: onMainThread(), onMainQueue: onMainQueue(), hummedWhileGrinding: hum.now - before,
                 queueLabel: currentQueueLabel())
}

/// How long a computation meant to leave the main actor waits for the hive's first hum (see `grind`).
let offMainPatience = Duration.seconds(2)

/// A stand-in for a request: the answer (323 bytes) arrives from a GCD thread after `delay`, as a completion
/// handler would bring it. Awaiting it suspends; nothing holds a thread meanwhile.
nonisolated(nonsending) func standInRequest(after delay: Duration) async -> Int {
    let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
    return await withCheckedContinuation { continuation in
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            continuation.resume(returning: 323)
        }
    }
}

/// What the main actor did while an errand was out.
public struct HiveErrand: Sendable, Hashable {
    /// Hums while the errand was out: while it waited, or, for a computation, while it computed.
    public var hummed: Int
    /// Where the errand's own code ran (for computations).
    public var grind: Grind?
    /// Threads and queues before and after the await, and the actor after it.
    public var beforeOnMainThread = false, afterOnMainThread = false
    public var beforeOnMainQueue = false, afterOnMainQueue = false
    public var isolationAfter = ""
    /// The actor the computation said it ran on, if it said.
    public var ranOn: String?
}

/// Where the code after an errand's wait ran, when that code is not the errand's caller's (a completion handler's).
struct After: Sendable {
    var onMainThread: Bool, onMainQueue: Bool
}

/// Runs `errand` from the main actor while the hive hums, and reports how often it hummed meanwhile. The code after
/// the errand's wait is the caller's own, unless the errand says where its "after" ran (a completion handler).
@MainActor func measure(_ errand: @MainActor (HumCount) async -> (Grind?, After?)) async -> HiveErrand {
    let hum = Hum()
    await hum.start()
    let before = hum.count
    let beforeThread = onMainThread(), beforeQueue = onMainQueue()
    let (grind, handler) = await errand(hum.counter)
    let hummed = grind?.hummedWhileGrinding ?? hum.count - before
    let after = handler ?? After(onMainThread: onMainThread(), onMainQueue: onMainQueue())
    let result = HiveErrand(hummed: hummed, grind: grind, beforeOnMainThread: beforeThread,
                            afterOnMainThread: after.onMainThread, beforeOnMainQueue: beforeQueue,
                            afterOnMainQueue: after.onMainQueue, isolationAfter: whereAmI())
    await hum.stop()
    return result
}

/// `measure` for an errand whose code after its wait is the caller's.
@MainActor func measure(_ errand: @MainActor (HumCount) async -> Grind?) async -> HiveErrand {
    await measure { hum -> (Grind?, After?) in (await errand(hum), nil) }
}

/// L37 Q1 (and card 1): a request awaited on the main actor. The main actor hums on.
@MainActor public func hiveAwaitRequest() async -> HiveErrand {
    await measure { _ in
        _ = await standInRequest(after: .milliseconds(100))
        return nil
    }
}

/// The same request waited for by blocking: the main actor's thread waits on a semaphore until the answer comes, as
/// GCD code that "waits for the network" does. Nothing else runs on the main actor meanwhile: the hive cannot hum.
@MainActor public func hiveBlockingRequest() async -> HiveErrand {
    await measure { _ in
        let answered = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { answered.signal() }
        blockUntilSignalled(answered)
        return nil
    }
}

/// The same request with a completion handler, GCD's way: the code "after the request" is the handler's, and runs on
/// the GCD thread the answer arrived on — the main actor is free meanwhile, but nothing brings the rest back to it.
@MainActor public func hiveCallbackRequest() async -> HiveErrand {
    await measure { _ -> (Grind?, After?) in
        let after = await withCheckedContinuation { (continuation: CheckedContinuation<After, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
                continuation.resume(returning: After(onMainThread: onMainThread(), onMainQueue: onMainQueue()))
            }
        }
        return (nil, after)
    }
}

/// L37 card 11: a Task.sleep awaited on the main actor. The main actor hums on.
@MainActor public func hiveAwaitSleep() async -> HiveErrand {
    await measure { _ in
        try? await Task.sleep(for: .milliseconds(100))
        return nil
    }
}

/// The same wait as a blocking sleep: the main actor's thread sleeps 100 ms in place, so the hive cannot hum.
@MainActor public func hiveBlockingSleep() async -> HiveErrand {
    await measure { _ in
        usleep(100_000)
        return nil
    }
}

/// On the main actor: it says so.
@MainActor func heavyOnTheMainActor(_ hum: HumCount) async -> Grind {
    grind(hum)
}

/// L37 Q2: arithmetic in an async function marked @MainActor. Nothing in it waits, so the main actor never hums.
@MainActor public func hiveMainActorComputation() async -> HiveErrand {
    await measure { await heavyOnTheMainActor($0) }
}

/// Counting on the shared pool: `@concurrent`, whoever calls it. Reports the actor it counted on.
@concurrent func countPollenOnThePool(_ hum: HumCount) async -> (Grind, String) {
    (grind(hum, patience: offMainPatience), whereAmI())
}

/// L37 card 2: the same arithmetic marked @concurrent. The main actor hums meanwhile.
@MainActor public func hiveConcurrentComputation() async -> HiveErrand {
    var countedOn = ""
    var errand = await measure { hum in
        let (grind, place) = await countPollenOnThePool(hum)
        countedOn = place
        return grind
    }
    errand.ranOn = countedOn
    return errand
}

/// On the main actor: the work a @concurrent function hops back for.
@MainActor func grindOnMain(_ hum: HumCount) -> Grind {
    grind(hum)
}

/// `@concurrent`, but its work is main-actor code: the await is a hop back to the main actor.
@concurrent func heavyCallingTheMainActor(_ hum: HumCount) async -> Grind {
    await grindOnMain(hum)
}

/// L37 Q3 (and card 12): @concurrent that calls main-actor code. The main actor is frozen again.
@MainActor public func hiveConcurrentCallsMainActor() async -> HiveErrand {
    await measure { await heavyCallingTheMainActor($0) }
}

/// Swift 6.2's default for a nonisolated async function, written out: it runs on its caller's actor.
nonisolated(nonsending) func heavyNonsending(_ hum: HumCount) async -> Grind {
    grind(hum)
}

/// L37 Q4: a nonisolated(nonsending) computation called from the main actor. It freezes it.
@MainActor public func hiveNonsendingComputation() async -> HiveErrand {
    await measure { await heavyNonsending($0) }
}

/// A plain nonisolated async function, in this package's settings (NonisolatedNonsendingByDefault off): it
/// goes to the pool, as before Swift 6.2.
nonisolated func heavyPlain(_ hum: HumCount) async -> (Grind, String) {
    (grind(hum, patience: offMainPatience), whereAmI())
}

/// L37 Q4's Hive sentence: with the setting off, a plain nonisolated async function leaves the main actor.
@MainActor public func hivePlainNonisolatedComputation() async -> HiveErrand {
    var ranOn = ""
    var errand = await measure { hum in
        let (grind, place) = await heavyPlain(hum)
        ranOn = place
        return grind
    }
    errand.ranOn = ranOn
    return errand
}

/// L37 Q5: a task executor preference around the computation, from the main actor. The closure inherits the
/// main actor, so the computation stays there.
@MainActor public func hiveExecutorPreference() async -> HiveErrand {
    await measure { hum in
        await withTaskExecutorPreference(globalConcurrentExecutor) { grind(hum) }
    }
}

/// The same preference around nonisolated code: a plain nonisolated async function, which no actor claims, so it
/// runs where the task's preference says — off the main actor, which hums meanwhile.
@MainActor public func hiveExecutorPreferenceNonisolated() async -> HiveErrand {
    await measure { hum in
        await withTaskExecutorPreference(globalConcurrentExecutor) { await heavyPlain(hum).0 }
    }
}

/// L37 card 16: `@concurrent` written out by hand — the same arithmetic in a `Task.detached`, whose value the main actor
/// awaits. The body runs on the pool, and the main actor hums meanwhile.
@MainActor public func hiveDetachedComputation() async -> HiveErrand {
    await measure { hum in
        await Task.detached { grind(hum, patience: offMainPatience) }.value
    }
}

/// Every errand the hive is measured against: the lesson's shapes, each the others' control (an errand that awaits
/// beside one that holds the main actor: the hum count must tell them apart).
public enum HiveShape: String, CaseIterable, Sendable, Decodable {
    case awaitRequest, awaitSleep, mainActorComputation, concurrentComputation, concurrentCallsMainActor
    case nonsendingComputation, plainNonisolatedComputation, executorPreference
    /// The request waited for by blocking the main actor's thread, where `awaitRequest` awaits it.
    case blockingRequest
    /// The request with a completion handler that runs the rest where the answer arrived, with no hop back.
    case callbackRequest
    /// A blocking sleep in place of `awaitSleep`'s `Task.sleep`.
    case blockingSleep
    /// `executorPreference`'s preference around nonisolated code instead of main-actor code.
    case executorPreferenceNonisolated
    /// The arithmetic in a `Task.detached` awaited from the main actor: `@concurrent` written out by hand.
    case detachedComputation

    /// Runs this errand from the main actor while the hive hums.
    @MainActor public func run() async -> HiveErrand {
        switch self {
        case .awaitRequest: await hiveAwaitRequest()
        case .awaitSleep: await hiveAwaitSleep()
        case .mainActorComputation: await hiveMainActorComputation()
        case .concurrentComputation: await hiveConcurrentComputation()
        case .concurrentCallsMainActor: await hiveConcurrentCallsMainActor()
        case .nonsendingComputation: await hiveNonsendingComputation()
        case .plainNonisolatedComputation: await hivePlainNonisolatedComputation()
        case .executorPreference: await hiveExecutorPreference()
        case .blockingRequest: await hiveBlockingRequest()
        case .callbackRequest: await hiveCallbackRequest()
        case .blockingSleep: await hiveBlockingSleep()
        case .executorPreferenceNonisolated: await hiveExecutorPreferenceNonisolated()
        case .detachedComputation: await hiveDetachedComputation()
        }
    }
}
