import Subjects

/// A thousand sleepers: how many finished, on how many threads, in how long.
public struct Sleepers: Sendable, Hashable {
    public var finished: Int, threads: Int, elapsedMs: Int
}

/// The Q&A seed: a suspended task holds no thread — a thousand tasks sleeping 100 ms each finish together.
/// `.oneAfterAnother`, the quiz's control: the thousand sleep one after another, in one task.
nonisolated(nonsending) public func thousandSleepers(_ shape: AtOnceShape = .atOnce) async -> Sleepers {
    let oneAfterAnother = shape == .oneAfterAnother
    let start = scenarioMilliseconds()
    var threads = Set<UInt64>()
    var finished = 0
    if oneAfterAnother {
        for _ in 0..<1000 {
            try? await Task.sleep(for: .milliseconds(100))
            threads.insert(threadNumber())
            finished += 1
        }
        return Sleepers(finished: finished, threads: threads.count, elapsedMs: scenarioMilliseconds() - start)
    }
    await withTaskGroup(of: UInt64.self) { group in
        for _ in 0..<1000 {
            group.addTask {
                try? await Task.sleep(for: .milliseconds(100))
                return threadNumber()
            }
        }
        for await thread in group {
            threads.insert(thread)
            finished += 1
        }
    }
    return Sleepers(finished: finished, threads: threads.count, elapsedMs: scenarioMilliseconds() - start)
}
