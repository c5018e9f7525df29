import Foundation

/// Lesson 37's "an actor in place of a class", measured on the real pool: a jar whose pour holds its thread a moment
/// between the read and the write (no await: nothing suspends). As an actor, one bee is inside at a time, so a read
/// and the write after it are never split, and no drop is lost on any number of threads. Its wrong shape, the same
/// jar as a plain class, is `Mistakes/UnguardedJar.swift`.
public actor GuardedJar {
    /// The drops in the jar.
    public private(set) var drops = 0

    /// An empty jar.
    public init() {}

    /// One drop: read, hold the thread 200 µs, write what was read plus one. No await, so no other bee comes between.
    public func pour() {
        let seen = drops
        usleep(200)
        drops = seen + 1
    }

    /// Two drops, each read, held 200 µs and written: lesson 37's two increments with no await between. As an actor
    /// nothing comes between them, so both count.
    public func pourTwo() {
        for _ in 0..<2 {
            let seen = drops
            usleep(200)
            drops = seen + 1
        }
    }
}
