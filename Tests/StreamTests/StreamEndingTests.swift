import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

@Suite("L40 steps 5, 6: how a stream ends", scaledTimeLimit(minutes: 1))
struct StreamEndingTests {
    @Test("L40 step 5: yield and finish end the loop: 3, 2, 1, Liftoff")
    func yieldAndFinishEndTheLoop() async {
        await verify(Claim(
            "finish() must end the for await loop after the values yielded before it: the nil that ends the loop once "
                + "the buffer is read",
            expect: Expectation(every: .equals(["3", "2", "1", "Liftoff"])),
            control: .counterfactual("a stream finished before it yields") { await streamCountdownLoop(.finishedFirst) }) {
                await streamCountdownLoop()
            })
    }

    @Test("L40 card: yield after finish() answers .terminated")
    func yieldAfterFinish() async {
        await verify(Claim(
            "a finished stream takes nothing: yield should answer terminated", runs: [.strict, .seeds(20)],
            expect: Expectation(every: .equals(.terminated)),
            control: .counterfactual("the yield before the finish") { await streamYieldAfterFinish(.yieldThenFinish) }) {
                await streamYieldAfterFinish()
            })
    }

    @Test("L40 card: onTermination after finish() runs at once, before the buffered values are read")
    func terminationAfterFinishRunsAtOnce() async {
        await verify(Claim(
            "the producer is done when it says so: \"terminated: finished\" should come before \"got 1\"",
            runs: [.seeds(200)], expect: Expectation(every: .equals(["terminated: finished", "got 1", "got 2"])),
            control: .counterfactual("the finish after the loop has read both values") {
                await streamTerminationAfterFinish(.finishAfterTheLoopReads)
            }) {
                await streamTerminationAfterFinish()
            })
    }

    @Test("L40 step 6: a cancelled consumer ends the loop, and onTermination hears .cancelled", .needs(.timers))
    func cancelledConsumer() async {
        await verify(Claim(
            "cancelling the looping task should call onTermination with cancelled, then end the loop; the stream takes "
                + "nothing afterwards",
            expect: Expectation(every: .equals(["terminated: cancelled", "the loop ended", "a yield now gives terminated"])),
            control: .counterfactual("the producer finishes instead") { await streamConsumerCancelled(shape: .producerFinishes) }) {
                await streamConsumerCancelled()
            })
    }

    @Test("L40 Q3: break does not terminate the stream until the stream is let go")
    func breakDoesNotTerminate() async {
        await verify(Claim(
            "after break the code still holds the stream, which still takes values; it should terminate, as cancelled, "
                + "only when its last reference goes",
            runs: [.seeds(200)],
            expect: Expectation(every: .equals([
                "got 1", "got 2", "after the loop; a yield now gives enqueued(remaining: 9223372036854775807)",
                "terminated: cancelled", "once the stream was let go, a yield gives terminated",
            ])),
            control: .counterfactual("the stream let go before the yield after the loop") {
                await streamBreakOutOfLoop(.letGo)
            }) {
                await streamBreakOutOfLoop()
            })
    }

    @Test("L40 card: AsyncThrowingStream.finish(throwing:) ends the loop with the error, after the values before it")
    func finishThrowing() async {
        await verify(Claim(
            "\"got Seattle\", then \"the loop threw Lost()\"", runs: [.strict, .seeds(20)],
            expect: Expectation(every: .equals(["got Seattle", "the loop threw Lost()"])),
            control: .counterfactual("finish() without an error") { await streamFinishThrowing(.plainFinish) }) {
                await streamFinishThrowing()
            })
    }

    @Test("L40 card: values yielded before anyone loops are kept")
    func valuesBeforeTheLoopAreKept() async {
        await verify(Claim(
            "the stream should buffer them until a loop takes them", runs: [.strict, .seeds(20)],
            expect: Expectation(every: .equals(["Seattle", "Vancouver"])),
            control: .counterfactual("a stream that buffers nothing") {
                await streamValuesBeforeTheLoop(.buffersNothing)
            }) {
                await streamValuesBeforeTheLoop()
            })
    }

    @Test("L40 card: a second loop over a finished stream gets nothing")
    func secondLoopGetsNothing() async {
        await verify(Claim(
            "a stream is not an array: each value once, and a finished stream stays finished",
            runs: [.strict, .seeds(20)], expect: Expectation(every: .equals([[1, 2, 3], []])),
            control: .counterfactual("the second loop over a second stream") { await streamSecondLoop(.freshStream) }) {
                await streamSecondLoop()
            })
    }
}
