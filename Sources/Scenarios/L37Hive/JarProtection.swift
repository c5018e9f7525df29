import ConcurrencyHarness
import ConcurrencyProofsSubjects

// Lesson 37's "actor in place of class", on the real pool: the same slow pour — read the drops, hold the thread a
// moment (no await: nothing suspends), write them back plus one — into an actor (`GuardedJar`) and into a plain class
// (`UnguardedJar`). On the harness's one thread neither can lose a drop (nothing runs beside a job); on Linux's pool
// of two threads the class loses drops and the actor keeps every one.

/// `n` bees pour `dropsEach` drops each (one or two) at once, as child tasks on the pool, into one jar guarded as
/// `shape` says; the drops in it after.
@concurrent public func protectedPours(_ n: Int, _ shape: ProtectionShape, dropsEach: Int = 1) async throws -> Int {
    try BadScenarioInput.require(n, atLeast: 1, "bees", in: "protectedPours")
    try BadScenarioInput.require(dropsEach, in: 1...2, "dropsEach", in: "protectedPours")
    switch shape {
    case .actor:
        let jar = GuardedJar()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<n { group.addTask { dropsEach == 1 ? await jar.pour() : await jar.pourTwo() } }
        }
        return await jar.drops
    case .plainClass:
        let jar = UnguardedJar()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<n { group.addTask { dropsEach == 1 ? jar.pour() : jar.pourTwo() } }
        }
        return jar.drops
    }
}

/// What guards the jar that many bees pour into at once, on the real pool.
public enum ProtectionShape: String, CaseIterable, Sendable, Decodable {
    /// An actor: one bee in the jar at a time (lesson 37's answer).
    case actor
    /// The same jar as a plain class: bees on two threads at once, each writing over what the other read.
    case plainClass
}
