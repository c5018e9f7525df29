import Dispatch
import Foundation
import ConcurrencyProofsSubjects

// Lesson 37's expansions, run side by side with the sugar they stand for: `fly()` cut in two at its await
// (card 15), `@concurrent` written as `await Task.detached { … }.value` (card 16), `#isolation` written out
// (card 19).

/// A bee's flight, the sugar: she makes a mark (a local), leaves from the main actor, awaits the request, and is back
/// on the main actor with the mark she made. `blocking`, a control: the wait blocks the main actor's thread instead.
/// Returns how often the hive hummed while she waited.
@MainActor func fly(_ bee: String, _ log: EventLog, hum: HumCount, blocking: Bool) async -> Int {
    let mark = "\(bee)'s mark"
    log.record("\(bee) leaves from \(queuePlace())")
    let before = hum.now
    let bytes: Int
    if blocking {
        let answered = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { answered.signal() }
        blockUntilSignalled(answered)
        bytes = 323
    } else {
        bytes = await standInRequest(after: .milliseconds(100))
    }
    let hummed = hum.now - before
    log.record("\(bee) is back on \(queuePlace()) with \(mark)")
    _ = bytes
    return hummed
}

/// Where the hand-written halves keep a bee's mark in the `markOnTheSide` control: one place, on the main actor,
/// that every first half writes and every second half reads.
@MainActor final class MarkOnTheSide {
    var mark = ""
}

/// `fly()`'s first half, by hand: everything before the await, then the request with a completion handler that
/// hops back to the main actor for the second half, handing it the mark. It returns at once: the thread is free.
@MainActor func flyFirstHalf(_ bee: String, _ log: EventLog, _ shape: FlightShape, side: MarkOnTheSide,
                             then: @escaping @Sendable (Int) -> Void) {
    let mark = "\(bee)'s mark"
    log.record("\(bee) leaves from \(queuePlace())")
    side.mark = mark
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
        switch shape {
        case .noHopBack:
            // the second half runs where the answer arrived, with no hop back
            log.record("\(bee) is back on \(queuePlace()) with \(mark)")
            then(323)
        case .markOnTheSide:
            // the second half takes the mark from the one place every first half wrote it, not from its own
            Task { @MainActor in flySecondHalf(bee, 323, side.mark, log, then: then) }
        case .hopsBack, .blockingFlight:
            Task { @MainActor in flySecondHalf(bee, 323, mark, log, then: then) }
        }
    }
}

/// `fly()`'s second half, by hand: everything after the await, back on the main actor, with the mark it was handed.
@MainActor func flySecondHalf(_ bee: String, _ bytes: Int, _ mark: String, _ log: EventLog, then: (Int) -> Void) {
    log.record("\(bee) is back on \(queuePlace()) with \(mark)")
    then(bytes)
}

/// Both versions' lines (sorted: which bee is back first is the request's timing), and how often the hive hummed
/// while the sugar's bees waited (each bee counts the hums between her leaving and her return).
public struct FlightsSideBySide: Sendable, Hashable {
    public var sugar: [String]
    public var byHand: [String]
    public var hummedWhileOut: Int
}

/// L37 card 15: Ada and Bea fly at once, first as the sugar, then as the two hand-written halves; both print the same
/// lines, each bee back on the main actor with her own mark, and the hive hums while the sugar's bees are out.
@MainActor public func hiveFlyByHand(_ shape: FlightShape = .hopsBack) async -> FlightsSideBySide {
    let sugarLog = EventLog(), handLog = EventLog()
    let hum = Hum()
    await hum.start()
    async let ada = fly("Ada", sugarLog, hum: hum.counter, blocking: shape == .blockingFlight)
    async let bea = fly("Bea", sugarLog, hum: hum.counter, blocking: shape == .blockingFlight)
    let hummed = await ada + bea
    await hum.stop()
    let side = MarkOnTheSide()
    let back = Shared(0)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        for bee in ["Ada", "Bea"] {
            flyFirstHalf(bee, handLog, shape, side: side) { _ in
                if back.updated({ $0 += 1 }) == 2 { done.resume() }
            }
        }
    }
    return FlightsSideBySide(sugar: sugarLog.entries.sorted(), byHand: handLog.entries.sorted(), hummedWhileOut: hummed)
}

/// How the flights are written.
public enum FlightShape: String, CaseIterable, Sendable, Decodable {
    /// The sugar awaits; the hand-written second half hops back to the main actor with the mark it is handed (the
    /// lesson).
    case hopsBack
    /// The hand-written second half runs where the answer arrived, with no hop back.
    case noHopBack
    /// The hand-written halves keep the mark in one place beside them instead of handing it along.
    case markOnTheSide
    /// The sugar's wait blocks the main actor's thread instead of awaiting.
    case blockingFlight
}

/// A fixed count of pollen, the same every time: how the two versions are compared.
func countGrains() -> Int {
    var grains = 0
    for i in 0..<200_000 where sin(Double(i)) > 0.999 {
        grains += 1
    }
    return grains
}

/// The count, `@concurrent`: on the pool, the same task.
@concurrent func countPollenConcurrently() async -> (String, Int) {
    (queuePlace(), countGrains())
}

/// The same count marked `@MainActor` where the lesson writes `@concurrent`: it runs on the main actor.
@MainActor func countPollenOnTheMainActor() async -> (String, Int) {
    (queuePlace(), countGrains())
}

/// The count, written out as Swift before `@concurrent`: a new detached task on the pool, awaited where you are.
nonisolated(nonsending) func countPollenByHand(detached: Bool = true) async -> (String, Int) {
    // The quiz's control (`detached` false): counted where the caller is.
    guard detached else { return (queuePlace(), countGrains()) }
    return await Task.detached {
        (queuePlace(), countGrains())
    }.value
}

/// Where each version counted, whether they counted the same, and where the caller is afterwards.
public struct ConcurrentByHand: Sendable, Hashable {
    public var concurrentOn: String
    public var byHandOn: String
    public var sameGrains: Bool
    public var backOn: String
}

/// L37 card 16: both versions count on no actor and come back to the main actor.
@MainActor public func hiveConcurrentByHand(_ shape: PollenCountShape = .detached) async -> ConcurrentByHand {
    let inPlace = shape == .inPlace
    let (concurrentOn, concurrentGrains) = shape == .mainActorInsteadOfConcurrent ? await countPollenOnTheMainActor()
        : await countPollenConcurrently()
    let (byHandOn, byHandGrains) = await countPollenByHand(detached: !inPlace)
    return ConcurrentByHand(concurrentOn: concurrentOn, byHandOn: byHandOn, sameGrains: concurrentGrains == byHandGrains,
                            backOn: queuePlace())
}

/// Where the hand-written count runs.
public enum PollenCountShape: String, CaseIterable, Sendable, Decodable {
    /// In a detached task, as `@concurrent` is written out (the lesson).
    case detached
    /// Where the caller is, the control.
    case inPlace
    /// As the lesson has it, but with the `@concurrent` version marked `@MainActor`: the control for where the sugar
    /// counts.
    case mainActorInsteadOfConcurrent
}

/// Where this code runs, observed at run time: "the main queue" (the main actor's) or "another queue". Unlike
/// `whereAmI()`, whose `#isolation` is fixed at compile time, this could come out otherwise.
func queuePlace() -> String {
    onMainQueue() ? "the main queue" : "another queue"
}
