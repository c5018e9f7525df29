import Dispatch
import ConcurrencyProofsSubjects

// Lesson 38's actors questions 7, 8 and 10 as programs that stop (or end normally, their controls): the main actor's
// assertions, `assumeIsolated` on and off the main actor.

/// The old way (NonisolatedNonsendingByDefault off, as in this package): a plain nonisolated async function leaves
/// the main actor as soon as it is called, so the check stops the program.
nonisolated func whereAmIOldWay() async -> String {
    MainActor.assertIsolated("not on the main actor")
    return "on the main actor"
}

/// L38 actors Q7, "compiled the old way": called from the main actor, the assertion fails.
@MainActor public func plainNonisolatedAssertion() async {
    print(await whereAmIOldWay())
}

/// The new way (what NonisolatedNonsendingByDefault makes of a plain `nonisolated` async function): it runs on its
/// caller's actor, so the check passes.
nonisolated(nonsending) func whereAmINewWay() async -> String {
    MainActor.assertIsolated("not on the main actor")
    return "on the main actor"
}

/// The control of `plainNonisolatedAssertion()`: the lesson's "today" — the function is nonisolated(nonsending),
/// stays on the main actor, and the program prints "on the main actor" and ends normally.
@MainActor public func nonsendingAssertion() async {
    print(await whereAmINewWay())
}

/// A synchronous callback that assumes it is on the main actor.
func assumeOnMain() {
    MainActor.assumeIsolated {
        print("assumed")
    }
}

/// L38 actors Q8, the Q&A seed: assumeIsolated from @concurrent code checks, and traps.
@concurrent public func assumeIsolatedOffMain() async {
    assumeOnMain()
}

/// The control of `assumeIsolatedOffMain()`: the same callback called where the lesson says it belongs, on the main
/// actor — it prints "assumed" and the program ends normally.
@MainActor public func assumeIsolatedOnMain() async {
    assumeOnMain()
}

/// Main-actor state that a block on a dispatch queue touches synchronously, through `MainActor.assumeIsolated`.
@MainActor var blocksThatTouchedMainActorState = 0

/// L38 actors Q10: work sent to DispatchQueue.main is on the main actor — assumeIsolated checks, the block touches
/// main-actor state synchronously, and the program carries on to its normal end, printing the lesson's line. Its
/// control is `globalQueueAssumeIsolated()`, which traps.
@concurrent public func mainQueueAssumeIsolated() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                blocksThatTouchedMainActorState += 1
                print("inside DispatchQueue.main.async: on the main actor")
            }
            continuation.resume()
        }
    }
}

/// The control of `mainQueueAssumeIsolated()`: the same block sent to a global queue instead of the main one —
/// not on the main actor, so assumeIsolated stops the program.
@concurrent public func globalQueueAssumeIsolated() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            MainActor.assumeIsolated {
                blocksThatTouchedMainActorState += 1
                print("inside DispatchQueue.global().async: on the main actor")
            }
            continuation.resume()
        }
    }
}
