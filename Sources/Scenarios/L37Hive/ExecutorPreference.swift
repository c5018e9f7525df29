import Dispatch

// Lesson 37, question 5: "a task executor preference says where nonisolated code of the task should run when nothing
// else decides". The preferred executor here runs its jobs on a private dispatch queue of its own, so the label of the
// queue running a piece of code says whether the preference decided where it ran.

/// A task executor whose jobs run on one private dispatch queue, "hive.preferred".
final class PreferredQueueExecutor: TaskExecutor {
    /// The queue the jobs run on.
    private let queue = DispatchQueue(label: "hive.preferred")

    /// Runs `job` on the queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// A plain nonisolated async function: no actor claims it. It reports the label of the queue running it.
nonisolated func labelOfTheQueueRunningIt() async -> String {
    currentQueueLabel()
}

/// Where nonisolated code ran, asked from inside a task executor preference.
public struct PreferredPlace: Sendable, Hashable {
    /// The label of the queue that ran the plain nonisolated function: "hive.preferred" when the preference decided.
    public var nonisolatedRanOn: String
}

/// L37 Q5: a plain nonisolated async function called inside `withTaskExecutorPreference` of an executor of a queue of
/// its own runs on that queue. `.noPreference`, the control: the same call with no preference, which runs on the
/// global concurrent executor.
nonisolated(nonsending) public func preferredPlace(_ shape: PreferenceShape = .preferred) async -> PreferredPlace {
    switch shape {
    case .preferred:
        PreferredPlace(nonisolatedRanOn: await withTaskExecutorPreference(PreferredQueueExecutor()) {
            await labelOfTheQueueRunningIt()
        })
    case .noPreference:
        PreferredPlace(nonisolatedRanOn: await labelOfTheQueueRunningIt())
    }
}

/// Whether the call is made inside a task executor preference.
public enum PreferenceShape: String, CaseIterable, Sendable, Decodable {
    /// Inside `withTaskExecutorPreference` (the lesson).
    case preferred
    /// With no preference, the control.
    case noPreference
}
