/// The honey jar (lesson 37, steps 6 and 7). Every bee pours into the same one, so it is an actor: one bee in the jar
/// at a time — but only between awaits.
public actor Jar {
    /// The drops in the jar.
    public private(set) var drops = 0

    /// An empty jar.
    public init() {}

    /// Two drops, one after the other: a read, a change and a write, twice — with no await between, so no other bee
    /// can come between them, and the count is exact.
    public func pour() {
        drops += 1
        drops += 1
    }

    /// A slow pour: look at the jar, go and get the honey, come back and put one drop on top of what you saw.
    ///
    /// This is the lesson's LOSSY method, on purpose: the jar is free at the await, so every bee that arrives
    /// meanwhile sees the same `drops`, and all of them write the same `seen + 1`. Keep a read-modify-write on one
    /// side of an await.
    public func pourSlowly() async {
        let seen = drops
        try? await Task.sleep(for: .milliseconds(10))
        drops = seen + 1
    }

    /// Pours the jar out, so the next count starts from nothing.
    public func empty() {
        drops = 0
    }

    /// `pourSlowly()` without its wait: look at the jar and put one drop on top of what you saw, in one stretch. No
    /// await between the read and the write, so no other bee comes between them — the lesson's cure for the slow pour.
    public func pourOneDrop() {
        let seen = drops
        drops = seen + 1
    }

    /// Where the jar's own code runs: "the jar is on Jar".
    public func whereIsTheJar() -> String {
        "the jar is on \(whereAmI())"
    }
}
