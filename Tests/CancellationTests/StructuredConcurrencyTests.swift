import Harness
import HarnessTesting
import Scenarios
import Testing

@Suite("L38 edge cases: async let and task groups under cancellation", .timeLimit(.minutes(1)))
struct StructuredConcurrencyTests {
    @Test("L38 Q2: an async let never awaited is cancelled, and awaited, at the end of its scope")
    func asyncLetNeverAwaitedIsCancelledAndAwaited() async throws {
        let expected = [
            "leaving the scope without awaiting", "child stopped by CancellationError()", "after the scope",
        ]
        let exploration = try #require(
            await exploreRecordingIssues("console") { await asyncLetNeverAwaited() })
        expectEverySeed(
            exploration,
            "the closing brace should cancel the child nobody awaited, then wait for it: \"after the scope\" last"
        ) { $0 == expected }
        let strict = try #require(await runRecordingIssues(.strict) { await asyncLetNeverAwaited() })
        #expect(strict.value == expected, "under strict")
    }

    @Test("L38 Q1: an error from one async let waits for a sibling that ignores cancellation")
    func anErrorWaitsForTheStubbornSibling() async throws {
        let expected = [
            "failing threw Offline()", "busy finished (cancelled: true)", "the error reached the caller",
        ]
        let exploration = try #require(
            await exploreRecordingIssues("console") { await errorWaitsForStubbornSibling() })
        expectEverySeed(
            exploration,
            "b threw, so a was cancelled — and then waited for: a child never outlives its scope, and a busy child "
                + "that does not look runs to its end before the error reaches the caller"
        ) { $0 == expected }
        let strict = try #require(
            await runRecordingIssues(.strict) { await errorWaitsForStubbornSibling(busyFor: .milliseconds(300)) })
        #expect(strict.value == expected, "under strict")
    }

    @Test("L38 Q3: a first-wins group waits for the loser unless it calls cancelAll()", arguments: [false, true])
    func firstWinsGroup(cancellingTheRest: Bool) async throws {
        let expected = FirstAnswerRace(
            first: "Seattle",
            events: [
                "Seattle answered", cancellingTheRest ? "Bergen was cancelled" : "Bergen answered",
                "the group returned",
            ])
        let exploration = try #require(
            await exploreRecordingIssues("first answer") { await firstAnswerRace(cancellingTheRest: cancellingTheRest) })
        expectEverySeed(
            exploration,
            cancellingTheRest
                ? "cancelAll() after the first answer should cancel Bergen, and the group return without waiting "
                    + "for it"
                : "without cancelAll() the group returns only after Bergen answered: returning from the body does "
                    + "not cancel the children"
        ) { $0 == expected }
        let strict = try #require(
            await runRecordingIssues(.strict) {
                await firstAnswerRace(
                    cancellingTheRest: cancellingTheRest, fast: .milliseconds(50), slow: .milliseconds(400))
            })
        #expect(strict.value == expected, "under strict")
    }

    @Test("L38 Q4: a throwing group's error cancels the children that are left")
    func aThrowingGroupCancelsTheRest() async throws {
        let expected = ["Bergen was cancelled", "the group threw Offline()"]
        let exploration = try #require(
            await exploreRecordingIssues("console") { await throwingGroupCancelsTheRest() })
        expectEverySeed(
            exploration,
            "Seattle's error leaves the body: the group should cancel Bergen, wait for it, and throw"
        ) { $0 == expected }
        let strict = try #require(await runRecordingIssues(.strict) { await throwingGroupCancelsTheRest() })
        #expect(strict.value == expected, "under strict")
    }

    @Test("L38 Q5: a busy loop cancelled half way runs to its end")
    func cancelledBusyLoopRunsToItsEnd() async throws {
        let expected = BusyLoopRun(stepsRun: 1000, steps: 1000, cancelledBeforeTheEnd: true)
        let exploration = try #require(await exploreRecordingIssues("busy loop") { await cancelledBusyLoop() })
        expectEverySeed(
            exploration,
            "cancel() only sets a flag: a loop that never looks runs every step, cancelled from the middle on"
        ) { $0 == expected }
        let strict = try #require(await runRecordingIssues(.strict) { await cancelledBusyLoop() })
        #expect(strict.value == expected, "under strict")
    }

    @Test("L38 Q8: addTaskUnlessCancelled refuses, addTask starts an already-cancelled child")
    func addingToACancelledGroup() async throws {
        let expected = AddingToCancelledGroup(addedUnlessCancelled: false, addTaskChildCancelled: true)
        let exploration = try #require(
            await exploreRecordingIssues("adding") { await addingToCancelledGroup() })
        expectEverySeed(
            exploration,
            "once the group's task is cancelled, addTaskUnlessCancelled should answer false and addTask start a "
                + "child that is cancelled from birth"
        ) { $0 == expected }
        let strict = try #require(await runRecordingIssues(.strict) { await addingToCancelledGroup() })
        #expect(strict.value == expected, "under strict")
    }
}
