import Dispatch
import Foundation
import Subjects

// Lesson 37's expansions, run side by side with the sugar they stand for: `fly()` cut in two at its await
// (card 15), `@concurrent` written as `await Task.detached { … }.value` (card 16), `#isolation` written out
// (card 19).

/// Ada's flight, the sugar: leaves from the main actor, awaits the request, is back on the main actor.
@MainActor func fly(_ log: EventLog) async -> Int {
    log.record("Ada leaves from \(queuePlace())")
    let bytes = await standInRequest(after: .milliseconds(100))
    log.record("Ada is back on \(queuePlace())")
    return bytes
}

/// `fly()`'s first half, by hand: everything before the await, then the request with a completion handler that
/// hops back to the main actor for the second half. It returns at once: the thread is free.
@MainActor func flyFirstHalf(_ log: EventLog, hop: Bool = true, then: @escaping @Sendable (Int) -> Void) {
    log.record("Ada leaves from \(queuePlace())")
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
        // The quiz's control (`hop` false): the second half runs where the answer arrived, with no hop back.
        if !hop {
            log.record("Ada is back on \(queuePlace())")
            then(323)
            return
        }
        Task { @MainActor in
            flySecondHalf(323, log, then: then)
        }
    }
}

/// `fly()`'s second half, by hand: everything after the await, back on the main actor.
@MainActor func flySecondHalf(_ bytes: Int, _ log: EventLog, then: (Int) -> Void) {
    log.record("Ada is back on \(queuePlace())")
    then(bytes)
}

/// Both flights' lines, and whether they brought the same nectar.
public struct FlightsSideBySide: Sendable, Hashable {
    public var sugar: [String]
    public var byHand: [String]
    public var sameNectar: Bool
}

/// L37 card 15: the sugar and the two hand-written halves print the same.
@MainActor public func hiveFlyByHand(_ shape: FlightShape = .hopsBack) async -> FlightsSideBySide {
    let noHopBack = shape == .noHopBack
    let sugarLog = EventLog(), handLog = EventLog()
    let sugar = await fly(sugarLog)
    let byHand = await withCheckedContinuation { continuation in
        flyFirstHalf(handLog, hop: !noHopBack) { continuation.resume(returning: $0) }
    }
    return FlightsSideBySide(sugar: sugarLog.entries, byHand: handLog.entries, sameNectar: sugar == byHand)
}

/// How the hand-written second half of Ada's flight gets back.
public enum FlightShape: String, CaseIterable, Sendable, Decodable {
    /// It hops back to the main actor (the lesson).
    case hopsBack
    /// It runs where the answer arrived, the control.
    case noHopBack
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
    let (concurrentOn, concurrentGrains) = await countPollenConcurrently()
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
}

/// Where this code runs, observed at run time: "the main queue" (the main actor's) or "another queue". Unlike
/// `whereAmI()`, whose `#isolation` is fixed at compile time, this could come out otherwise.
func queuePlace() -> String {
    onMainQueue() ? "the main queue" : "another queue"
}

/// Where main-actor code runs, observed: the run-time half of `whereIsHere()`.
@MainActor public func queueOfTheMainActorPlace() -> String {
    queuePlace()
}

/// Where @concurrent code runs, observed: the run-time half of `whereIsThePool()`.
@concurrent public func queueOfThePoolPlace() async -> String {
    queuePlace()
}
