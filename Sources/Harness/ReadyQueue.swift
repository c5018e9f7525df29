/// The jobs ready to run, and the rule that picks the next one.
struct ReadyQueue {
    /// A ready job and whether it is a timer's bookkeeping rather than a task's own work.
    ///
    /// A fired timer runs the sleep's wake-up job, which hands one more job on; only what comes
    /// after that is a task resuming. A cancelled sleep's timer stops there, so its two jobs are
    /// not leftover work when they run after the scenario returned.
    struct Entry {
        /// The job.
        var job: UnownedJob
        /// Whether a timer made it ready, or the job a timer's job handed on.
        var fromTimer: Bool
        /// Whether a timer made it ready itself.
        var firedTimer: Bool
    }

    /// The queue's storage; `head` marks the first live entry in FIFO mode.
    private var entries: [Entry] = []
    /// The index of the oldest entry (FIFO mode); entries before it are spent.
    private var head = 0

    /// How many jobs are ready.
    var count: Int { entries.count - head }
    /// Whether no job is ready.
    var isEmpty: Bool { count == 0 }
    /// How many ready jobs are a task's own work rather than a timer's bookkeeping.
    var taskWorkCount: Int { entries[head...].filter { !$0.fromTimer }.count }

    /// Adds a ready job at the back.
    mutating func append(_ job: UnownedJob, fromTimer: Bool, firedTimer: Bool = false) {
        entries.append(Entry(job: job, fromTimer: fromTimer || firedTimer, firedTimer: firedTimer))
    }

    /// Takes the oldest job: the strict pool's rule.
    mutating func popFirst() -> Entry {
        let entry = entries[head]
        head += 1
        if head > 1024, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
        return entry
    }

    /// Takes the job at `offset` from the oldest: the seeded rule. The last job takes its place,
    /// which is as deterministic as any other rule and costs nothing.
    mutating func remove(at offset: Int) -> Entry {
        let index = head + offset
        entries.swapAt(index, entries.count - 1)
        return entries.removeLast()
    }
}
