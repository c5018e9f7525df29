/// The jar of lesson 37's question 7, written wrong: its pour reads the drops, yields, then writes what it saw + 1
/// and one more. The jar is free at the await, so another bee can read the same count meanwhile and one write covers
/// the other. The breakage `pour-awaits-between-read-and-write` makes `Jar` this; kept whole here so that the
/// harness's own tests and the bench can explore it beside the real jar.
public actor YieldingJar {
    /// The drops in the jar.
    public private(set) var drops = 0

    /// An empty jar.
    public init() {}

    /// Two drops, the first with an await between its read and its write.
    public func pour() async {
        let seen = drops
        await Task.yield()
        drops = seen + 1
        drops += 1
    }
}
