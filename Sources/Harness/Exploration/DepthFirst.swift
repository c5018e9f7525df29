/// Exhaustive exploration without keeping a tree: each run follows a prefix of choices and then
/// never preempts; the next prefix is the run's own choices up to its deepest choice point with an
/// alternative left, plus that alternative (stateless search, as CHESS and loom do it).
///
/// At a choice point the alternatives are visited calm one first (`Scheduler.calmIndex`), then the
/// others by index; every one but the first is a preemption, and with a bound of k no schedule
/// takes more than k of them (Musuvathi and Qadeer, "Iterative context bounding", PLDI 2007: most
/// concurrency bugs need very few).
///
/// There is no partial-order reduction (sleep sets, DPOR): it needs to know which steps commute,
/// and the harness sees jobs, not what they touch. Each job runs on one executor (the runtime never
/// enters a free actor in place on a harness thread: every hop is a job of its own, two per call on
/// an actor), but any job may also touch what locks guard — a `Mutex`, a stream's buffer, a task
/// group's results, another task's cancellation — which the executor never sees, so two jobs of
/// different tasks cannot be shown independent; only a relation the scenario declared could, and a
/// wrong declaration would make "every schedule" a false proof.
enum DepthFirst {
    /// Where `point`'s choice stands in the visiting order: 0 for the calm one.
    static func rank(_ point: ChoicePoint) -> UInt32 {
        point.index == point.calm ? 0 : point.index < point.calm ? point.index + 1 : point.index
    }

    /// The candidate of rank `rank` at `point`.
    static func index(ofRank rank: UInt32, at point: ChoicePoint) -> UInt32 {
        rank == 0 ? point.calm : rank - 1 < point.calm ? rank - 1 : rank
    }

    /// The prefix of the schedule to run after one whose choice points were `trace`, or nil when
    /// none is left; `pruned` is true if the bound cut an alternative off on the way.
    static func next(after trace: [ChoicePoint], bound: Int?) -> (prefix: [UInt32]?, pruned: Bool) {
        var preemptionsBefore: [Int] = []
        preemptionsBefore.reserveCapacity(trace.count)
        var preemptions = 0
        for point in trace {
            preemptionsBefore.append(preemptions)
            if point.preempts { preemptions += 1 }
        }
        var pruned = false
        for position in trace.indices.reversed() {
            let point = trace[position]
            let rank = Self.rank(point)
            guard rank + 1 < point.count else { continue }
            if let bound, preemptionsBefore[position] + 1 > bound {
                pruned = true
                continue
            }
            return (trace[..<position].map(\.index) + [index(ofRank: rank + 1, at: point)], pruned)
        }
        return (nil, pruned)
    }
}
