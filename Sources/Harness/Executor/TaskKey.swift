extension OneThreadExecutor {
    /// `job` as the scheduler knows it: its address, a number (`Scheduler.Job`).
    static func number(of job: UnownedJob) -> Scheduler.Job {
        unsafeBitCast(job, to: Scheduler.Job.self)
    }

    /// The job the scheduler knows as `number` (`number(of:)`).
    static func job(numbered number: Scheduler.Job) -> UnownedJob {
        unsafeBitCast(number, to: UnownedJob.self)
    }

    /// The runtime's id of the task `job` is, or 0 for a job that is not a task (an actor's processing job).
    static func taskID(of job: UnownedJob) -> UInt64 {
        UInt64(unsafeBitCast(job, to: UnsafeRawPointer.self).load(fromByteOffset: 36, as: UInt32.self))
    }

    /// The runtime's id of `task` (the same field of the same header as `taskKey` reads): who left a note.
    static func taskID(_ task: UnsafeCurrentTask) -> UInt64 {
        let address = unsafeBitCast(task, to: UnsafeRawPointer.self)
        return UInt64(address.load(fromByteOffset: 36, as: UInt32.self))
    }

    /// Which task a job belongs to: what PCT gives a priority and what "the task that ran last" means.
    ///
    /// A task is its own job: each time it resumes, the same object is enqueued, and the runtime's
    /// `Job` header keeps the task's id at byte 36 (`Id`, after the heap object's two words,
    /// `SchedulerPrivate[2]` and `Flags`, in `swift/ABI/Task.h`); it is what `UnownedJob.description`
    /// prints, and `TaskKeyTests` checks the two agree. Ids are never reused in a process, so a key
    /// does not pass from a finished task to a new one. A job that is not a task (an actor's
    /// processing job) has id 0 and is known by its address instead, with the top bit set.
    static func taskKey(_ job: UnownedJob) -> UInt64 {
        let address = unsafeBitCast(job, to: UnsafeRawPointer.self)
        let id = address.load(fromByteOffset: 36, as: UInt32.self)
        return id != 0 ? UInt64(id) : UInt64(UInt(bitPattern: address)) | 1 << 63
    }
}
