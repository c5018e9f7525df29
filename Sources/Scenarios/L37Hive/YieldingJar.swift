/// A jar whose pour reads, yields, then writes what it saw + 1 and one more: the shape of the
/// breakage `pour-awaits-between-read-and-write`, kept whole (not as a patch) so that the harness's
/// own tests and the bench can explore it beside the real jar.
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

/// `bees` tasks pour into one yielding jar at once; the drops left: `2 * bees` only when no bee comes
/// between another's read and write.
@concurrent
public func yieldingPours(_ bees: Int) async -> Int {
    let jar = YieldingJar()
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<bees { group.addTask { await jar.pour() } }
    }
    return await jar.drops
}
