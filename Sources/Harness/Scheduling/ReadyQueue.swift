/// The jobs ready to run: every task's job on its own, and the main actor's jobs in one line.
///
/// The main actor is a serial queue: its jobs run in the order they were enqueued, one after
/// another. So a schedule chooses *when* the main actor goes next, never which of its jobs: the
/// candidates are every other ready job, plus the main actor's oldest.
struct ReadyQueue {
    /// A job, as the scheduler knows it.
    typealias Job = Scheduler.Job

    /// A ready job and where it came from.
    struct Entry {
        /// The job.
        var job: Job
        /// Its place in the order jobs became ready, counting from 0 in each run.
        var sequence: UInt64
        /// Whether it runs on the main actor.
        var isMain: Bool
        /// Whether a timer made it ready, or the job a timer's job handed on.
        ///
        /// A fired timer runs the sleep's wake-up job, which hands one more job on; only what comes
        /// after that is a task resuming. A cancelled sleep's timer stops there, so its two jobs are
        /// not leftover work when they run after the scenario returned.
        var fromTimer: Bool
        /// Whether a timer made it ready itself.
        var firedTimer: Bool
        /// The task it counts for under `pct`, fixed when it became ready (`Scheduler.pctKey`); 0 otherwise.
        var key: UInt64
    }

    /// Jobs that are not the main actor's; `head` marks the first live one in FIFO use.
    private var others: [Entry] = []
    /// The sequence numbers of `others`, index for index, when `tracksSequences`: a plain array that
    /// `Scheduler.calmIndex` scans fast.
    private(set) var otherSequences: [UInt64] = []
    /// Whether `otherSequences` is kept (under `replay` only, so the other strategies pay nothing).
    var tracksSequences = false
    /// The index of the oldest live entry of `others`; entries before it are spent.
    private var head = 0
    /// The main actor's jobs, oldest first from `mainHead`.
    private var main: [Entry] = []
    /// The index of the main actor's oldest live job.
    private var mainHead = 0
    /// The sequence number the next job will get.
    private(set) var nextSequence: UInt64 = 0

    // The two counts are stored, kept by `recount()` at every change, rather than worked out when read: a debug build
    // (what `swift test` runs) copies the whole queue, three arrays retained and released, to call a getter on it,
    // and the executor reads `candidateCount` at every job and lock point. A stored property is read in place.
    /// How many jobs are ready.
    private(set) var count = 0
    /// Whether no job is ready.
    var isEmpty: Bool { count == 0 }
    /// How many jobs a schedule may choose among: every other job, and the main actor's oldest.
    private(set) var candidateCount = 0
    /// How many ready jobs are a task's own work rather than a timer's bookkeeping.
    var taskWorkCount: Int { taskWorkCount(excluding: { _ in false }) }

    /// How many ready jobs are a task's own work, leaving out the jobs `excluded` names (process-lived work).
    func taskWorkCount(excluding excluded: (Job) -> Bool) -> Int {
        others[head...].filter { !$0.fromTimer && !excluded($0.job) }.count
            + main[mainHead...].filter { !$0.fromTimer && !excluded($0.job) }.count
    }

    /// Adds a ready job at the back of its line.
    mutating func append(_ job: Job, isMain: Bool = false, fromTimer: Bool = false, firedTimer: Bool = false,
                         key: UInt64 = 0) {
        let entry = Entry(job: job, sequence: nextSequence, isMain: isMain,
                          fromTimer: fromTimer || firedTimer, firedTimer: firedTimer, key: key)
        nextSequence += 1
        if isMain {
            main.append(entry)
        } else {
            others.append(entry)
            if tracksSequences { otherSequences.append(entry.sequence) }
        }
        recount()
    }

    /// Takes the job that became ready first: the strict pool's rule.
    mutating func popOldest() -> Entry {
        if mainHead < main.count, head == others.count || main[mainHead].sequence < others[head].sequence {
            return popMain()
        }
        let entry = others[head]
        head += 1
        if head > 1024, head * 2 > others.count {
            others.removeFirst(head)
            if tracksSequences { otherSequences.removeFirst(head) }
            head = 0
        }
        recount()
        return entry
    }

    /// Takes candidate `index` (below `candidateCount`): the other jobs in their current order, then
    /// the main actor's oldest. A job taken from the middle leaves the last one in its place, which
    /// is as deterministic as any rule and costs nothing.
    @inline(__always)
    mutating func removeCandidate(_ index: Int) -> Entry {
        let othersCount = others.count - head
        if index == othersCount { return popMain() }
        let position = head + index
        if tracksSequences {
            otherSequences.swapAt(position, otherSequences.count - 1)
            otherSequences.removeLast()
        }
        // The last entry moved into the taken one's place: `swapAt` then `removeLast`, without the generic swap's
        // second write and checks at every choice.
        let entry = others[position]
        let last = others.removeLast()
        if position < others.count { others[position] = last }
        recount()
        return entry
    }

    /// The live part of `otherSequences`: candidate i's sequence number is `[head + i]`, the last
    /// candidate (the main actor's oldest, if any) aside.
    var otherSequencesHead: Int { head }
    /// The sequence number of the main actor's oldest job, if it has one ready.
    var mainSequence: UInt64? { mainHead < main.count ? main[mainHead].sequence : nil }

    /// Candidate `index`, without taking it.
    func candidate(_ index: Int) -> Entry {
        let othersCount = others.count - head
        return index == othersCount ? main[mainHead] : others[head + index]
    }

    /// The task key of candidate `index` (`Entry.key`), what `pct` reads of every candidate at each choice. `mutating`
    /// only so that it is read in place: a debug build copies the queue to call a non-mutating method on it.
    mutating func key(ofCandidate index: Int) -> UInt64 {
        index == others.count - head ? main[mainHead].key : others[head + index].key
    }

    /// The sequence number of candidate `index`, without taking it.
    func sequence(ofCandidate index: Int) -> UInt64 {
        let othersCount = others.count - head
        return index == othersCount ? main[mainHead].sequence : others[head + index].sequence
    }

    /// Whether a ready job satisfies `test`.
    func contains(where test: (Job) -> Bool) -> Bool {
        others[head...].contains { test($0.job) } || main[mainHead...].contains { test($0.job) }
    }

    /// Takes out every ready job that satisfies `test`, in the order they became ready; the rest keep theirs.
    mutating func removeAll(where test: (Job) -> Bool) -> [Job] {
        let taken = (others[head...] + main[mainHead...]).filter { test($0.job) }.sorted { $0.sequence < $1.sequence }
        guard !taken.isEmpty else { return [] }
        others = others[head...].filter { !test($0.job) }
        main = main[mainHead...].filter { !test($0.job) }
        head = 0
        mainHead = 0
        if tracksSequences { otherSequences = others.map(\.sequence) }
        recount()
        return taken.map(\.job)
    }

    /// Works `count` and `candidateCount` out again, after a change.
    private mutating func recount() {
        count = others.count - head + main.count - mainHead
        candidateCount = others.count - head + (main.count > mainHead ? 1 : 0)
    }

    /// Takes the main actor's oldest job.
    private mutating func popMain() -> Entry {
        let entry = main[mainHead]
        mainHead += 1
        if mainHead > 1024, mainHead * 2 > main.count {
            main.removeFirst(mainHead)
            mainHead = 0
        }
        recount()
        return entry
    }
}
