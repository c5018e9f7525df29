import Harness
import HarnessTesting
import Scenarios
import Subjects
import Testing

@Suite("Q&A seed: a sliding-window download with a cap", .timeLimit(.minutes(1)))
struct SlidingWindowTests {
    @Test(
        "Q&A seed: a sliding window never has more than its cap in flight, and uses every slot",
        arguments: [(count: 1, cap: 5), (10, 1), (10, 3), (25, 5), (5, 8), (40, 4)])
    func neverMoreThanTheCap(count: Int, cap: Int) async throws {
        let exploration = try #require(
            await exploreRecordingIssues("window", seeds: 50) {
                try await slidingWindowDownload(count: count, cap: cap)
            })
        expectEverySeed(
            exploration,
            "\(count) downloads with a cap of \(cap): never more than \(cap) in flight (one more in only when one "
                + "finished), and \(min(count, cap)) at once when there is enough to do"
        ) { $0.mostInFlight == min(count, cap) }
        expectEverySeed(exploration, "every id downloaded exactly once, the items in the order of the ids") {
            $0.downloadsStarted == count && $0.everyItemOnceInOrder
        }
        let strict = try #require(
            await runRecordingIssues(.strict) { try await slidingWindowDownload(count: count, cap: cap) })
        #expect(strict.value.mostInFlight == min(count, cap), "under strict: \(strict.value)")
    }

    @Test("Q&A seed: a cap below 1 is refused with an error naming it", arguments: [0, -3])
    func capTooSmall(cap: Int) async throws {
        let error = #expect(throws: SlidingWindowDownloader<Int, String>.CapTooSmall.self) {
            try SlidingWindowDownloader<Int, String>(cap: cap) { "item \($0)" }
        }
        #expect(error?.description == "a sliding window needs a cap of at least 1, got \(cap)")
    }
}
