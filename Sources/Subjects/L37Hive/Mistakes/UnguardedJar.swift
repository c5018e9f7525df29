import Foundation

/// `GuardedJar` as a plain class, the wrong shape lesson 37 warns about: nothing keeps two bees out of it at once. A
/// bee on each of the pool's threads reads the same count, and one write covers the other: drops are lost.
///
/// `@unchecked Sendable` with nobody keeping the promise, on purpose: the data race on `drops` is what it shows.
public final class UnguardedJar: @unchecked Sendable {
    /// The drops in the jar.
    public private(set) var drops = 0

    /// An empty jar.
    public init() {}

    /// The same pour as `GuardedJar.pour()`, unguarded.
    public func pour() {
        let seen = drops
        usleep(200)
        drops = seen + 1
    }

    /// The same two drops as `GuardedJar.pourTwo()`, unguarded: a bee on the other thread can come between any read
    /// and its write.
    public func pourTwo() {
        for _ in 0..<2 {
            let seen = drops
            usleep(200)
            drops = seen + 1
        }
    }
}
