import Dispatch
import Foundation
import Subjects

// Lesson 37's expansions, run side by side with the sugar they stand for: `fly()` cut in two at its await
// (card 15), `@concurrent` written as `await Task.detached { … }.value` (card 16), `#isolation` written out
// (card 19).

/// Ada's flight, the sugar: leaves from the main actor, awaits the request, is back on the main actor.
@MainActor func fly(_ log: QuizLog) async -> Int {
    log.add("Ada leaves from \(whereAmI())")
    let bytes = await standInRequest(after: .milliseconds(100))
    log.add("Ada is back on \(whereAmI())")
    return bytes
}

/// `fly()`'s first half, by hand: everything before the await, then the request with a completion handler that
/// hops back to the main actor for the second half. It returns at once: the thread is free.
@MainActor func flyFirstHalf(_ log: QuizLog, then: @escaping @Sendable (Int) -> Void) {
    log.add("Ada leaves from \(whereAmI())")
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
        Task { @MainActor in
            flySecondHalf(323, log, then: then)
        }
    }
}

/// `fly()`'s second half, by hand: everything after the await, back on the main actor.
@MainActor func flySecondHalf(_ bytes: Int, _ log: QuizLog, then: (Int) -> Void) {
    log.add("Ada is back on \(whereAmI())")
    then(bytes)
}

/// Both flights' lines, and whether they brought the same nectar.
public struct FlightsSideBySide: QuizObservable, Hashable {
    public var sugar: [String]
    public var byHand: [String]
    public var sameNectar: Bool

    public var observed: Observation {
        ["sugar": .strings(sugar), "byHand": .strings(byHand), "sameNectar": .bool(sameNectar)]
    }
}

/// L37 card 15: the sugar and the two hand-written halves print the same.
@MainActor public func hiveFlyByHand() async -> FlightsSideBySide {
    let sugarLog = QuizLog(), handLog = QuizLog()
    let sugar = await fly(sugarLog)
    let byHand = await withCheckedContinuation { continuation in
        flyFirstHalf(handLog) { continuation.resume(returning: $0) }
    }
    return FlightsSideBySide(sugar: sugarLog.all, byHand: handLog.all, sameNectar: sugar == byHand)
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
    (whereAmI(), countGrains())
}

/// The count, written out as Swift before `@concurrent`: a new detached task on the pool, awaited where you are.
nonisolated(nonsending) func countPollenByHand() async -> (String, Int) {
    await Task.detached {
        (whereAmI(), countGrains())
    }.value
}

/// Where each version counted, whether they counted the same, and where the caller is afterwards.
public struct ConcurrentByHand: QuizObservable, Hashable {
    public var concurrentOn: String
    public var byHandOn: String
    public var sameGrains: Bool
    public var backOn: String

    public var observed: Observation {
        ["concurrentOn": .string(concurrentOn), "byHandOn": .string(byHandOn), "sameGrains": .bool(sameGrains),
         "backOn": .string(backOn)]
    }
}

/// L37 card 16: both versions count on no actor and come back to the main actor.
@MainActor public func hiveConcurrentByHand() async -> ConcurrentByHand {
    let (concurrentOn, concurrentGrains) = await countPollenConcurrently()
    let (byHandOn, byHandGrains) = await countPollenByHand()
    return ConcurrentByHand(concurrentOn: concurrentOn, byHandOn: byHandOn, sameGrains: concurrentGrains == byHandGrains,
                            backOn: whereAmI())
}

/// `whereAmI()` from a @concurrent function, and written out with nil.
@concurrent func comparePoolAnswers() async -> Bool {
    whereAmI() == whereAmI(nil)
}

/// Whether `#isolation` filled in what it is written out as.
public struct IsolationWrittenOut: QuizObservable, Hashable {
    public var fromMainActor: Bool
    public var fromConcurrent: Bool

    public var observed: Observation {
        ["fromMainActor": .bool(fromMainActor), "fromConcurrent": .bool(fromConcurrent)]
    }
}

/// L37 card 19: from main-actor code `whereAmI()` is `whereAmI(MainActor.shared)`; from @concurrent code,
/// `whereAmI(nil)`.
@MainActor public func isolationWrittenOut() async -> IsolationWrittenOut {
    IsolationWrittenOut(fromMainActor: whereAmI() == whereAmI(MainActor.shared), fromConcurrent: await comparePoolAnswers())
}
