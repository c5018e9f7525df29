@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("Virtual time jumps: when every task waits, the clock goes to the next timer", scaledTimeLimit(minutes: 1))
struct ClockJumpTests {
    @Test("with nothing ready and timers at 5 ms and 2 ms, the next step runs the 2 ms timer's job, the clock at 2 ms")
    func clockJumpsToTheNextTimer() {
        var scheduler = Scheduler(picker: nil, virtualTime: true, limits: RunJudge.Limits())
        scheduler.setTimer(5, deadline: 5_000_000)
        scheduler.setTimer(2, deadline: 2_000_000)
        // Before each jump the scheduler asks whether outside work may still resume the run; none is known here. A
        // clock that never jumps would ask for ever: past 100 asks the answer is yes, which ends its loop (a wait for
        // that work) so that the test can say so.
        var asked = 0
        let step = scheduler.next(outsideMayResume: {
            asked += 1
            return asked > 100
        })
        guard case .run(let entry) = step else {
            Issue.record("""
                the clock did not jump: with only timers left, the scheduler asked \(asked) times for outside work, \
                its clock still at \(scheduler.time.virtualNow) ns, and then said \(step) instead of running the 2 ms timer's job
                """)
            return
        }
        #expect(entry.job == 2 && entry.firedTimer && scheduler.time.virtualNow == 2_000_000,
                "ran job \(entry.job) (fired by a timer: \(entry.firedTimer)) with the clock at \(scheduler.time.virtualNow) ns")
    }
}
