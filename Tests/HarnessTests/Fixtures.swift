import Harness

/// Five tasks that each append their number twice, yielding between: the order they interleave in
/// is the schedule made visible.
@Sendable func racingAppends() async -> [Int] {
    let log = Log()
    await withTaskGroup(of: Void.self) { group in
        for n in 0..<5 {
            group.addTask {
                await log.append(n)
                await Task.yield()
                await log.append(n)
            }
        }
    }
    return await log.entries
}

/// An actor that keeps what it is told, in order.
actor Log {
    /// What was appended so far.
    private(set) var entries: [Int] = []
    /// Appends `n`.
    func append(_ n: Int) { entries.append(n) }
}
