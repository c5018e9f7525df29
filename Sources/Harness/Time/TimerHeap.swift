/// The jobs waiting for a deadline, earliest first; equal deadlines in the order they were set.
///
/// A binary heap keyed by (deadline, sequence number): the sequence number is what makes ties run
/// in submission order, as in swift-nio's `EmbeddedEventLoop`.
struct TimerHeap {
    /// What a timer makes happen.
    typealias Job = Scheduler.Timer

    /// One timer and when it is due, in nanoseconds of the run's clock.
    struct Entry {
        /// When it is due.
        var deadline: Int64
        /// The order in which the timer was set, to break ties.
        var sequence: UInt64
        /// What it makes happen.
        var job: Job

        /// Whether this entry is due before `other`.
        func precedes(_ other: Entry) -> Bool {
            (deadline, sequence) < (other.deadline, other.sequence)
        }
    }

    /// The heap's array: each entry precedes its children.
    private var entries: [Entry] = []
    /// The next sequence number to hand out.
    private var nextSequence: UInt64 = 0

    /// How many timers are set.
    var count: Int { entries.count }
    /// The earliest deadline, if any timer is set.
    var earliestDeadline: Int64? { entries.first?.deadline }

    /// Sets a timer for `job` at `deadline`.
    mutating func insert(_ job: Job, deadline: Int64) {
        entries.append(Entry(deadline: deadline, sequence: nextSequence, job: job))
        nextSequence += 1
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Whether a timer's job satisfies `test`.
    func contains(where test: (Job) -> Bool) -> Bool {
        entries.contains { test($0.job) }
    }

    /// Takes out every timer whose job satisfies `test`, earliest first; the rest stay set.
    mutating func removeAll(where test: (Job) -> Bool) -> [Job] {
        let sorted = entries.sorted { $0.precedes($1) }
        guard sorted.contains(where: { test($0.job) }) else { return [] }
        // A sorted array is a heap.
        entries = sorted.filter { !test($0.job) }
        return sorted.filter { test($0.job) }.map(\.job)
    }

    /// Removes and returns the earliest timer if it is due at `now`.
    mutating func popDue(at now: Int64) -> Job? {
        guard let first = entries.first, first.deadline <= now else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < entries.count, entries[left].precedes(entries[smallest]) { smallest = left }
                if right < entries.count, entries[right].precedes(entries[smallest]) { smallest = right }
                if smallest == parent { break }
                entries.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return first.job
    }
}
