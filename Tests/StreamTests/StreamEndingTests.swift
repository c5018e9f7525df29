import Harness
import HarnessTesting
import Scenarios
import Testing

@Suite("L40 steps 5, 6: how a stream ends", .timeLimit(.minutes(1)))
struct StreamEndingTests {
    @Test("L40 step 5: yield and finish end the loop: 3, 2, 1, Liftoff")
    func yieldAndFinishEndTheLoop() async throws {
        let expected = ["3", "2", "1", "Liftoff"]
        let exploration = try #require(await exploreRecordingIssues(
            "console", claim: "finish() must end the for await loop after the values yielded before it"
        ) { await streamCountdownLoop() })
        expectEverySeed(exploration, "finish() should be the nil that ends the loop once the buffer is read") {
            $0 == expected
        }
        let strict = try #require(await runRecordingIssues(
            .strict, claim: "finish() must end the for await loop after the values yielded before it"
        ) { await streamCountdownLoop() })
        #expect(strict.value == expected, "under strict")
    }

    @Test("L40 card: yield after finish() answers .terminated")
    func yieldAfterFinish() async throws {
        let exploration = try #require(await exploreRecordingIssues("yield", seeds: 20) { await streamYieldAfterFinish() })
        expectEverySeed(exploration, "a finished stream takes nothing: yield should answer terminated") {
            $0 == .terminated
        }
    }

    @Test("L40 card: onTermination after finish() runs at once, before the buffered values are read")
    func terminationAfterFinishRunsAtOnce() async throws {
        let expected = ["terminated: finished", "got 1", "got 2"]
        let exploration = try #require(
            await exploreRecordingIssues("console") { await streamTerminationAfterFinish() })
        expectEverySeed(
            exploration,
            "the producer is done when it says so: \"terminated: finished\" should come before \"got 1\""
        ) { $0 == expected }
    }

    @Test("L40 step 6: a cancelled consumer ends the loop, and onTermination hears .cancelled")
    func cancelledConsumer() async throws {
        let expected = ["terminated: cancelled", "the loop ended", "a yield now gives terminated"]
        let exploration = try #require(
            await exploreRecordingIssues("console") { await streamConsumerCancelled() })
        expectEverySeed(
            exploration,
            "cancelling the looping task should call onTermination with cancelled, then end the loop; the stream "
                + "takes nothing afterwards"
        ) { $0 == expected }
        let strict = try #require(await runRecordingIssues(.strict) { await streamConsumerCancelled() })
        #expect(strict.value == expected, "under strict")
    }

    @Test("L40 Q3: break does not terminate the stream until the stream is let go")
    func breakDoesNotTerminate() async throws {
        let expected = [
            "got 1", "got 2", "after the loop; a yield now gives enqueued(remaining: 9223372036854775807)",
            "terminated: cancelled", "once the stream was let go, a yield gives terminated",
        ]
        let exploration = try #require(await exploreRecordingIssues("console") { await streamBreakOutOfLoop() })
        expectEverySeed(
            exploration,
            "after break the code still holds the stream, which still takes values; it should terminate, as "
                + "cancelled, only when its last reference goes"
        ) { $0 == expected }
    }

    @Test("L40 card: AsyncThrowingStream.finish(throwing:) ends the loop with the error, after the values before it")
    func finishThrowing() async throws {
        let exploration = try #require(
            await exploreRecordingIssues("console", seeds: 20) { await streamFinishThrowing() })
        expectEverySeed(exploration, "\"got Seattle\", then \"the loop threw Lost()\"") {
            $0 == ["got Seattle", "the loop threw Lost()"]
        }
    }

    @Test("L40 card: values yielded before anyone loops are kept")
    func valuesBeforeTheLoopAreKept() async throws {
        let exploration = try #require(
            await exploreRecordingIssues("read", seeds: 20) { await streamValuesBeforeTheLoop() })
        expectEverySeed(exploration, "the stream should buffer them until a loop takes them") {
            $0 == ["Seattle", "Vancouver"]
        }
    }

    @Test("L40 card: a second loop over a finished stream gets nothing")
    func secondLoopGetsNothing() async throws {
        let exploration = try #require(await exploreRecordingIssues("loops", seeds: 20) { await streamSecondLoop() })
        expectEverySeed(exploration, "a stream is not an array: each value once, and a finished stream stays finished") {
            $0 == [[1, 2, 3], []]
        }
    }
}
