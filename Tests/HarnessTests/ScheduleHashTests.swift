@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("The schedule hash: equal for equal schedules, and a schedule is its choices and what each was among",
       scaledTimeLimit(minutes: 1))
struct ScheduleHashTests {
    @Test("two runs that make the same picks from ready sets of different sizes have different schedule hashes")
    func samePicksFromOtherSizes() {
        // Three jobs ready at once: a pick among 3, then among 2.
        var three = Scheduler(picker: ReplayPicker([0, 0]), virtualTime: true, limits: RunJudge.Limits())
        for job in 0..<3 { three.enqueue(job) }
        _ = SchedulerTests.drain(&three)
        // Two ready, and the first makes a third ready when it runs: a pick among 2, then among 2.
        var two = Scheduler(picker: ReplayPicker([0, 0]), virtualTime: true, limits: RunJudge.Limits())
        for job in 0..<2 { two.enqueue(job) }
        _ = SchedulerTests.drain(&two) { scheduler, job in if job == 0 { scheduler.enqueue(2) } }
        #expect(three.choices == [0, 0] && two.choices == [0, 0], "the same picks: \(three.choices), \(two.choices)")
        #expect(three.trace.map(\.count) == [3, 2] && two.trace.map(\.count) == [2, 2],
                "from ready sets of other sizes: \(three.trace.map(\.count)), \(two.trace.map(\.count))")
        #expect(three.hash.value != two.hash.value, """
            the hash \(Seed.format(three.hash.value)) stands for both schedules: the picks alone were hashed, not the \
            size of the ready set each was made from, so two different schedules would pass for the same one
            """)
    }
}
