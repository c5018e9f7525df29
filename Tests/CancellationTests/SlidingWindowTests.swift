import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import ConcurrencyProofsSubjects
import Testing

@Suite("Q&A seed: a sliding-window download with a cap", scaledTimeLimit(minutes: 1))
struct SlidingWindowTests {
    @Test(
        "Q&A seed: a sliding window never has more than its cap in flight, and uses every slot", .needs(.timers),
        arguments: [(count: 1, cap: 5), (10, 1), (10, 3), (25, 5), (5, 8), (40, 4)])
    func neverMoreThanTheCap(count: Int, cap: Int) async {
        await verify(Claim(
            "\(count) downloads with a cap of \(cap): never more than \(cap) in flight (one more in only when one "
                + "finished), \(min(count, cap)) at once when there is enough to do, every id downloaded exactly once "
                + "and the items in the order of the ids",
            runs: [.strict, .seeds(50)],
            expect: Expectation(every: .equals(SlidingWindowRun(
                mostInFlight: min(count, cap), downloadsStarted: count, everyItemOnceInOrder: true))),
            control: Self.control(count: count, cap: cap)) {
                try await slidingWindowDownload(count: count, cap: cap)
            })
    }

    /// The window that must break the claim: every download at once where the cap binds; where it does not, one at a
    /// time, which leaves slots unused; one download fills any window.
    static func control(count: Int, cap: Int) -> Control<SlidingWindowRun> {
        if count > cap {
            return .counterfactual("no window: all \(count) added at once") { try await slidingWindowDownload(count: count, cap: count) }
        }
        if count > 1 {
            return .counterfactual("a window of 1") { try await slidingWindowDownload(count: count, cap: 1) }
        }
        return .none(why: "one download is one in flight whatever the window")
    }

    @Test("Q&A seed: a cap below 1 is refused with an error naming it", arguments: [0, -3])
    func capTooSmall(cap: Int) async throws {
        let error = #expect(throws: SlidingWindowDownloader<Int, String>.CapTooSmall.self) {
            try SlidingWindowDownloader<Int, String>(cap: cap) { "item \($0)" }
        }
        #expect(error?.description == "a sliding window needs a cap of at least 1, got \(cap)")
    }
}
