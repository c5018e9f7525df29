import Harness
import Foundation

// Lesson 37's "actor in place of class", on the real pool: the same slow pour — read the drops, hold the thread a
// moment (no await: nothing suspends), write them back plus one — into an actor and into a plain class. On the
// harness's one thread neither can lose a drop (nothing runs beside a job); on Linux's pool of two threads the class
// loses drops and the actor keeps every one.

/// The jar as an actor: one bee inside at a time, so a read and the write after it are never split.
actor GuardedJar {
    /// The drops in the jar.
    var drops = 0

    /// One drop: read, hold the thread 200 µs, write what was read plus one. No await, so no other bee comes between.
    func pour() {
        let seen = drops
        usleep(200)
        drops = seen + 1
    }
}

/// The same jar as a plain class, the lesson's wrong shape: nothing keeps two bees out of it at once.
///
/// `@unchecked Sendable` with nobody keeping the promise, on purpose: the data race on `drops` is what this
/// measures. A bee on each of the pool's threads reads the same count, and one write covers the other.
final class UnguardedJar: @unchecked Sendable {
    /// The drops in the jar.
    var drops = 0

    /// The same pour as `GuardedJar.pour()`, unguarded.
    func pour() {
        let seen = drops
        usleep(200)
        drops = seen + 1
    }
}

/// `n` bees pour one drop each at once, as child tasks on the pool, into one jar guarded as `shape` says; the drops
/// in it after.
@concurrent public func protectedPours(_ n: Int, _ shape: ProtectionShape) async throws -> Int {
    try BadScenarioInput.require(n, atLeast: 1, "bees", in: "protectedPours")
    switch shape {
    case .actor:
        let jar = GuardedJar()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<n { group.addTask { await jar.pour() } }
        }
        return await jar.drops
    case .plainClass:
        let jar = UnguardedJar()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<n { group.addTask { jar.pour() } }
        }
        return jar.drops
    }
}
