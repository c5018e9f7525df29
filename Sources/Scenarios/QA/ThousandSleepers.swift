import Foundation

/// How many sleepers were in their wait at the same moment, against the threads the pool runs tasks on.
public struct SleepersAtOnce: Sendable, Hashable {
    public var asleepAtOnce: Int, poolThreads: Int, moreAsleepThanThreads: Bool
}

/// The Q&A seed: a suspended async function holds no thread. `count` children of a task group each wait `nap` inside
/// an overlap meter, so the meter's most is how many were in their wait together; `.suspends` waits with
/// `Task.sleep`, which gives the thread back, so they can all be asleep at once — more than the pool has threads,
/// which no thread-holding wait could be. `.blocking`, the control: the same wait as a blocking sleep, which holds its
/// thread, so no more are asleep at once than the pool has threads.
nonisolated(nonsending) public func sleepersAtOnce(
    count: Int = 12, nap: Duration = .milliseconds(100), _ shape: SleepShape = .suspends
) async -> SleepersAtOnce {
    let blocking = shape == .blocking
    let asleep = OverlapMeter()
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<count {
            group.addTask {
                asleep.enter()
                if blocking {
                    usleep(UInt32(nap / .microseconds(1)))
                } else {
                    try? await Task.sleep(for: nap)
                }
                asleep.leave()
            }
        }
    }
    let threads = sharedPoolWidth()
    return SleepersAtOnce(asleepAtOnce: asleep.mostAtOnce, poolThreads: threads,
                          moreAsleepThanThreads: asleep.mostAtOnce > threads)
}

/// How each sleeper waits.
public enum SleepShape: String, CaseIterable, Sendable, Decodable {
    /// `try? await Task.sleep`: the task suspends and its thread is free (the seed).
    case suspends
    /// A blocking sleep (`usleep`) in the same place, the control: the task keeps its thread while it waits.
    case blocking
}
