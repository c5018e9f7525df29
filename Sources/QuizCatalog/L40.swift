import Harness
import Quiz
import Scenarios
import Subjects

// The scenarios Lesson 40 (suggestions: continuations, streams, sequences) names first (`Quiz/L40.json`): a scenario that later files name too is
// registered here, in the first lesson that asks about it.

extension Catalog {
    /// The runtime scenarios Lesson 40 (suggestions: continuations, streams, sequences) names first.
    static let lesson40: [QuizScenario] = [
        .observing("sequences.lineAfterEndlessLoop", ["beforeCancel", "afterCancel"], parameters: ["shape": .string("endless")]) {
            await lineAfterEndlessLoop(try $0.choice(NotificationsShape.self))
        },
        .single("ownership.handle", "events", parameters: ["shape": .string("closeOne")]) { .strings(handleLifetimes(try $0.choice(HandleShape.self))) },
        .single("continuations.wrapCallback", "answer", parameters: ["shape": .string("continuation")], options: .waitForOwnThreads) {
            .string(await wrappedCallback(try $0.choice(WrapShape.self)))
        },
        // The runtime writes a "leaked" line to the process's standard error for each run that lets go of the
        // continuation: shared with every suite of a test process, so the tests run it in a quiz process of its own.
        .single("continuations.neverResumed", "waiterFinished", parameters: ["shape": .string("never")]) { arguments in
            if try arguments.choice(ResumeShape.self) == .never {
                _ = await continuationNeverResumed()
            } else {
                _ = await continuationResumed(with: .success("Seattle"))
            }
            return .bool(true)
        }.sharingTheProcess(),
        QuizScenario("countdown.cancelledWhileLet", observes: ["swallowing", "aware"],
                     parameters: ["shape": .string("lesson")]) { arguments in
            let swapped = try arguments.choice(SwapShape.self) == .swapped
            // Which numbers come before the cancel is a race in time, so the bank checks it under seeds only. Run in
            // real time (a student's --schedules strict), the steps are doubled: 200 ms between a number and the
            // cancellation each side, which a quiet machine's threads do not cross (a loaded one's may).
            let step: Duration = arguments.pace.pick(virtual: .milliseconds(200), real: .milliseconds(400))
            let cancelAfter: Duration = arguments.pace.pick(virtual: .milliseconds(500), real: .milliseconds(1000))
            return ["swallowing": .strings(await countdownCancelledAfterTwo(swapped ? .endingOnCancellation : .swallowing, step: step,
                                                                            cancelAfter: cancelAfter)),
                    "aware": .strings(await countdownCancelledAfterTwo(swapped ? .swallowing : .endingOnCancellation, step: step,
                                                                       cancelAfter: cancelAfter))]
        },
        QuizScenario("sequences.nextIsolation", observes: ["plainNextOnLoopActor", "isolationNextOnLoopActor"],
                     parameters: ["shape": .string("lesson")]) { arguments in
            let run = await countdownWhereNextRuns(try arguments.choice(SwapShape.self))
            return ["plainNextOnLoopActor": .bools(run.plainNextWhileLet + run.plainNextForAwait),
                    "isolationNextOnLoopActor": .bools(run.isolationNextForAwait)]
        },
        .single("streams.countdownStream", "printed", parameters: ["shape": .string("countsDown")]) { .strings(await streamCountdownLoop(try $0.choice(CountdownStreamShape.self))) },
        QuizScenario("streams.cancelledConsumer", observes: ["events", "termination", "loopEnded"],
                     parameters: ["shape": .string("consumerCancelled")]) { arguments in
            let events = await streamConsumerCancelled(shape: try arguments.choice(ConsumerEndShape.self))
            let termination = events.first { $0.hasPrefix("terminated: ") }.map { String($0.dropFirst(12)) } ?? "none"
            return ["events": .strings(events), "termination": .string(termination),
                    "loopEnded": .bool(events.contains("the loop ended"))]
        },
        .single("streams.finishThrowing", "events", parameters: ["shape": .string("throwing")]) {
            .strings(await streamFinishThrowing(try $0.choice(FinishThrowingShape.self)))
        },
        .single("streams.bufferingNewest", "got", parameters: ["shape": .string("newest1")]) { arguments in
            .ints(await streamBuffering(try arguments.choice(BufferShape.self).buffering, values: [1, 2, 3, 4, 5]).read)
        },
        .single("streams.bufferingOldest", "results", parameters: ["shape": .string("oldest1")]) { arguments in
            .strings(await streamBuffering(try arguments.choice(BufferShape.self).buffering, values: [1, 2]).yields
                .map(\.description))
        },
        .single("streams.defaultRemaining", "result", parameters: ["shape": .string("unbounded")]) { arguments in
            .string(await streamBuffering(try arguments.choice(BufferShape.self).buffering, values: [1]).yields.first?
                .description ?? "none")
        },
        .single("streams.filterMapPrefix", "got", parameters: ["shape": .string("prefixTwo")]) { .ints(await streamFilterMapPrefix(try $0.choice(PrefixShape.self))) },
        .single("streams.fedFromAnotherThread", "got", parameters: ["shape": .string("whileTheLoopReads")], options: .waitForOwnThreads) {
            .ints(await streamFedFromAnotherThread(try $0.choice(FeedShape.self)))
        },
        .single("streams.yieldedBeforeLoop", "got", parameters: ["shape": .string("buffered")]) {
            .strings(await streamValuesBeforeTheLoop(try $0.choice(BeforeTheLoopShape.self)))
        },
        QuizScenario("streams.secondLoop", observes: ["first", "second"], parameters: ["shape": .string("sameStream")]) {
            let loops = await streamSecondLoop(try $0.choice(SecondLoopShape.self))
            return ["first": .ints(loops[0]), "second": .ints(loops[1])]
        },
        .single("streams.yieldAfterFinish", "result", parameters: ["shape": .string("finishThenYield")]) {
            .string(await streamYieldAfterFinish(try $0.choice(YieldAfterFinishShape.self)).description)
        },
        .single("streams.onTerminationAfterFinish", "events", parameters: ["shape": .string("finishBeforeTheLoop")]) {
            .strings(await streamTerminationAfterFinish(try $0.choice(TerminationShape.self)))
        },
        QuizScenario("streams.twoConsumers", observes: ["everyValueOnce", "firstCount", "secondCount"], parameters: ["shape": .string("oneStream")]) {
            let run = await streamTwoConsumers(count: 10, shape: try $0.choice(ConsumersShape.self))
            return ["everyValueOnce": .bool(run.everyValueOnce), "firstCount": .int(run.firstCount),
                    "secondCount": .int(run.secondCount)]
        },
        // `Source` is @MainActor: its loops run on the main executor, beside the harness.
        QuizScenario.single("streams.replacedContinuation", "events", parameters: ["shape": .string("cancelFirst")],
                            options: .mainActorScenario) { arguments in
            .strings(await streamReplacedContinuation(try arguments.choice(ReplaceShape.self)))
        }.sharingTheProcess(),
        QuizScenario.single("streams.replacedContinuationForever", "events", parameters: ["shape": .string("keepFirst")],
                            options: .mainActorScenario) { arguments in
            .strings(await streamReplacedContinuation(try arguments.choice(ReplaceShape.self)))
        }.sharingTheProcess(),
        .single("streams.breakDoesNotTerminate", "events", parameters: ["shape": .string("keepTheStream")]) {
            .strings(await streamBreakOutOfLoop(try $0.choice(BreakShape.self)))
        },
    ]

    /// The crash scenarios Lesson 40 (suggestions: continuations, streams, sequences) names first.
    static let lesson40Crashes: [QuizCrash] = [
        QuizCrash("continuations.resumedTwice") { _ = await continuationResumedTwice() },
        QuizCrash("continuations.leaked") { await leakAContinuation() },
        QuizCrash("continuations.resumedOnceGuarded") { print("got", await continuationResumedOnceGuarded()) },
        QuizCrash("continuations.resumedOnce") { print(await continuationResumedOnce()) },
    ]
}
