import Dispatch
import Foundation

// Crash scenarios: each stops its process if the lesson is right. They run in a child process only — `swift run
// quiz --crash-child <name>` or an exit test — never in the process that checks them.

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

/// L38 actors Q10: work sent to DispatchQueue.main is on the main actor — assumeIsolated checks, and the program
/// carries on to its normal end, printing the lesson's line. Its control is `assumeIsolatedOffMain()`, which traps.
@concurrent public func mainQueueAssumeIsolated() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
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
                print("inside DispatchQueue.global().async: on the main actor")
            }
            continuation.resume()
        }
    }
}

/// The Q&A seed: sync onto the serial queue you are already running on waits for itself.
public func syncOntoOwnQueue() {
    let queue = DispatchQueue(label: "jar")
    queue.sync {
        queue.sync {
            print("never")
        }
    }
}

/// The control of `syncOntoOwnQueue()`: sync from one serial queue onto another waits for the other, which is
/// free — it prints "ran" and returns.
public func syncOntoOtherQueue() {
    let queue = DispatchQueue(label: "jar")
    let other = DispatchQueue(label: "shelf")
    queue.sync {
        other.sync {
            print("ran")
        }
    }
}

/// The Q&A seed: main.sync from the main queue.
@MainActor public func mainSyncOnMain() {
    DispatchQueue.main.sync {
        print("never")
    }
}

/// The control of `mainSyncOnMain()`: main.sync from a pool thread, off the main thread — it waits for the main
/// queue, which is free, prints "ran on the main queue" and returns.
@concurrent public func mainSyncOffMain() async {
    DispatchQueue.main.sync {
        print("ran on the main queue")
    }
}

/// The Q&A seed: one leave() too many.
public func unbalancedGroupLeave() {
    DispatchGroup().leave()
}

/// The control of `unbalancedGroupLeave()`: one enter, one leave — the group finishes and `wait()` returns.
public func balancedGroupLeave() {
    let group = DispatchGroup()
    group.enter()
    group.leave()
    group.wait()
    print("the group finished")
}

/// The Q&A seed: how wide the real pool is in a process started with (or without) the strict-pool variable.
@concurrent public func printPoolWidth() async {
    print("pool width: \(await realPoolWidth())")
}

/// L40 Q7, the Q&A seed: a task awaits a checked continuation that its closure forgets to resume. When the closure
/// lets go of the continuation the runtime logs that it leaked; the task waits on. After a moment the process ends
/// normally, with the task still waiting.
@concurrent public func leakAContinuation() async {
    let waiter = Task { await continuationNeverResumed() }
    try? await Task.sleep(for: .milliseconds(200))
    print("a moment later, still waiting")
    _ = waiter
}
