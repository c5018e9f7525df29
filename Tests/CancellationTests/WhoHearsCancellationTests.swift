import Harness
import HarnessTesting
import Scenarios
import Testing

@Suite("L37/L38: who hears a parent's cancellation", .timeLimit(.minutes(1)))
struct WhoHearsCancellationTests {
    /// What lessons 37 and 38 printed.
    static let onlyTheChild = WhoHearsCancellation(
        asyncLetChild: "async let child: cancelled", unstructuredTask: "Task { }: finished",
        detachedTask: "Task.detached: finished")

    @Test("L37 Q6, L38 Q6: the async let child is cancelled with its parent; Task {} and Task.detached are not")
    func onlyTheChildIsCancelled() async throws {
        let exploration = try #require(await exploreRecordingIssues("who hears") { await whoHearsCancellation() })
        expectEverySeed(
            exploration,
            "only the async let child is structured: cancelling the parent reaches it, and neither Task {} nor "
                + "Task.detached, which are nobody's children"
        ) { $0 == Self.onlyTheChild }
        let strict = try #require(await runRecordingIssues(.strict) { await whoHearsCancellation() })
        #expect(strict.value == Self.onlyTheChild, "under strict: \(strict.value)")
    }

    @Test("L37 cards: a @concurrent function sees its caller's cancellation; a detached task does not")
    func concurrentSeesItDetachedDoesNot() async throws {
        let expected = ConcurrentVersusDetached(
            asyncLet: "async let: cancelled", detached: "detached: finished", concurrentSawCancellation: true)
        let exploration = try #require(
            await exploreRecordingIssues("who notices") { await concurrentVersusDetached() })
        expectEverySeed(
            exploration,
            "@concurrent moves the same task to the pool, so it sees the cancel; Task.detached is a new task "
                + "with none of the caller's cancellation"
        ) { $0 == expected }
        let strict = try #require(await runRecordingIssues(.strict) { await concurrentVersusDetached() })
        #expect(strict.value == expected, "under strict: \(strict.value)")
    }
}
