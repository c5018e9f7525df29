import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

@Suite("L38 edge cases: async let and task groups under cancellation", scaledTimeLimit(minutes: 1))
struct StructuredConcurrencyTests {
    @Test("L38 Q2: an async let never awaited is cancelled, and awaited, at the end of its scope")
    func asyncLetNeverAwaitedIsCancelledAndAwaited() async {
        await verify(Claim(
            "the closing brace should cancel the child nobody awaited, then wait for it: \"after the scope\" last",
            expect: Expectation(every: .equals([
                "leaving the scope without awaiting", "child stopped by CancellationError()", "after the scope",
            ])),
            control: .counterfactual("the async let awaited") { await asyncLetNeverAwaited(shape: .awaited) }) {
                await asyncLetNeverAwaited()
            })
    }

    @Test("L38 Q1: an error from one async let waits for a sibling that ignores cancellation", .needs(.timers))
    func anErrorWaitsForTheStubbornSibling() async {
        await verify(Claim(
            "b threw, so a was cancelled — and then waited for: a child never outlives its scope, and a busy child "
                + "that does not look runs to its end before the error reaches the caller",
            runs: [.seeds(200)],
            expect: Expectation(every: .equals([
                "failing threw Offline()", "busy finished (cancelled: true)", "the error reached the caller",
            ])),
            control: .counterfactual("the busy sibling as a Task { }") {
                let pace = Pace.current
                return await errorWaitsForStubbornSibling(busyFor: pace.pick(virtual: .seconds(1), real: .milliseconds(300)),
                                                   shape: .unstructuredTask)
            }) {
                let pace = Pace.current
                return await errorWaitsForStubbornSibling(busyFor: pace.pick(virtual: .seconds(1), real: .milliseconds(300)))
            })
    }

    @Test("L38 Q3: a first-wins group waits for the loser unless it calls cancelAll()", .needs(.timers), arguments: [RaceShape.waitsForTheRest, .cancelsTheRest])
    func firstWinsGroup(_ shape: RaceShape) async {
        let cancellingTheRest = shape == .cancelsTheRest
        /// The race, at the lesson's pace, under seeds only: which answer comes first is a race in time, which a loaded
        /// machine can reorder on the real strict pool.
        @Sendable func race(_ shape: RaceShape, _ pace: Pace) async -> FirstAnswerRace {
            await firstAnswerRace(shape,
                                  fast: pace.pick(virtual: .milliseconds(200), real: .milliseconds(50)),
                                  slow: pace.pick(virtual: .seconds(2), real: .milliseconds(400)))
        }
        await verify(Claim(
            cancellingTheRest
                ? "cancelAll() after the first answer should cancel Bergen, and the group return without waiting for it"
                : "without cancelAll() the group returns only after Bergen answered: returning from the body does not "
                    + "cancel the children",
            runs: [.seeds(200)],
            expect: Expectation(every: .equals(FirstAnswerRace(
                first: "Seattle",
                events: ["Seattle answered", cancellingTheRest ? "Bergen was cancelled" : "Bergen answered",
                         "the group returned"]))),
            control: .counterfactual(cancellingTheRest ? "no cancelAll()" : "cancelAll()") {
                await race(cancellingTheRest ? .waitsForTheRest : .cancelsTheRest, Pace.current)
            }) { await race(shape, Pace.current) })
    }

    @Test("L38 Q4: a throwing group's error cancels the children that are left", .needs(.timers))
    func aThrowingGroupCancelsTheRest() async {
        await verify(Claim(
            "Seattle's error leaves the body: the group should cancel Bergen, wait for it, and throw",
            expect: Expectation(every: .equals(["Bergen was cancelled", "the group threw Offline()"])),
            control: .counterfactual("each child catching its own error: nothing leaves the body") {
                await throwingGroupCancelsTheRest(shape: .catchInsideEachChild)
            }) {
                await throwingGroupCancelsTheRest()
            })
    }

    @Test("L38 Q5: a busy loop cancelled half way runs to its end")
    func cancelledBusyLoopRunsToItsEnd() async {
        await verify(Claim(
            "cancel() only sets a flag: a loop that never looks runs every step, cancelled from the middle on",
            expect: Expectation(every: .equals(BusyLoopRun(stepsRun: 1000, steps: 1000, cancelledBeforeTheEnd: true))),
            control: .counterfactual("a loop that stops when it sees the cancellation") {
                await cancelledBusyLoop(shape: .actsOnCancellation)
            }) {
                await cancelledBusyLoop()
            })
    }

    @Test("L38 Q8: addTaskUnlessCancelled refuses, addTask starts an already-cancelled child", .needs(.timers))
    func addingToACancelledGroup() async {
        await verify(Claim(
            "once the group's task is cancelled, addTaskUnlessCancelled should answer false and addTask start a child "
                + "that is cancelled from birth",
            expect: Expectation(every: .equals(AddingToCancelledGroup(addedUnlessCancelled: false,
                                                                      addTaskChildCancelled: true))),
            control: .counterfactual("the group's task never cancelled") {
                await addingToCancelledGroup(shape: .notCancelled)
            }) {
                await addingToCancelledGroup()
            })
    }
}
