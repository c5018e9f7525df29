import ConcurrencyHarness
import ConcurrencyProofsQuiz
import ConcurrencyProofsScenarios
import ConcurrencyProofsSubjects

// The scenarios Lesson 40 (suggestions: continuations, streams, sequences) names first (`Quiz/L40.json`): a scenario that later files name too is
// registered here, in the first lesson that asks about it.

extension Catalog {
    /// The runtime scenarios Lesson 40 (suggestions: continuations, streams, sequences) names first.
    static let lesson40: [QuizScenario] = [
        .observing("sequences.lineAfterEndlessLoop", ["beforeCancel", "afterCancel"], shape: NotificationsShape.endless) {
            await lineAfterEndlessLoop($0.shape)
        },
        .single("ownership.handle", "events", shape: HandleShape.closeOne) { .strings(handleLifetimes($0.shape)) },
        // The callback comes from Dispatch: the run must follow it to know it is coming.
        .single("continuations.wrapCallback", "answer", shape: WrapShape.continuation) {
            .string(await wrappedCallback($0.shape))
        }.needing(.outsideWork),
        // The runtime writes a "leaked" line to the process's standard error for each run that lets go of the
        // continuation: shared with every suite of a test process, so the tests run it in a quiz process of its own.
        .single("continuations.neverResumed", "waiterFinished", shape: ResumeShape.never) { arguments in
            if arguments.shape == .never {
                _ = await continuationNeverResumed()
            } else {
                _ = await continuationResumed(with: .success("Seattle"))
            }
            return .bool(true)
        }.sharingTheProcess(),
        QuizScenario("countdown.cancelledWhileLet", observes: ["swallowing", "aware"],
                     shape: CancelledLoopsShape.lesson) { arguments in
            let shape = arguments.shape
            // Which numbers come before the cancel is a race in time, so the bank checks it under seeds only. Run in
            // real time (a student's --schedules strict), the steps are doubled: 200 ms between a number and the
            // cancellation each side, which a quiet machine's threads do not cross (a loaded one's may).
            let step: Duration = arguments.pace.pick(virtual: .milliseconds(200), real: .milliseconds(400))
            let cancelAfter: Duration = arguments.pace.pick(virtual: .milliseconds(500), real: .milliseconds(1000))
            return ["swallowing": .strings(await countdownCancelledAfterTwo(shape.first, step: step, cancelAfter: cancelAfter)),
                    "aware": .strings(await countdownCancelledAfterTwo(shape.second, step: step, cancelAfter: cancelAfter))]
        },
        // The loop's actor runs on a thread of its own: only the real runtime (`system`) runs its jobs there.
        .observing("sequences.nextIsolation", ["plainNextWhileLet", "plainNextForAwait", "isolationNextForAwait"],
                   shape: NextPlaceShape.lesson) {
            await whereNextRuns($0.shape)
        },
        .single("streams.countdownStream", "printed", shape: CountdownStreamShape.countsDown) { .strings(await streamCountdownLoop($0.shape)) },
        QuizScenario("streams.cancelledConsumer", observes: ["events", "termination", "loopEnded"],
                     shape: ConsumerEndShape.consumerCancelled) { arguments in
            let events = await streamConsumerCancelled(shape: arguments.shape)
            let termination = events.first { $0.hasPrefix("terminated: ") }.map { String($0.dropFirst(12)) } ?? "none"
            return ["events": .strings(events), "termination": .string(termination),
                    "loopEnded": .bool(events.contains("the loop ended"))]
        },
        .single("streams.finishThrowing", "events", shape: FinishThrowingShape.throwing) {
            .strings(await streamFinishThrowing($0.shape))
        },
        .single("streams.bufferingNewest", "got", shape: BufferShape.newest1) { arguments in
            .ints(await Catalog.buffering(arguments.shape, values: [1, 2, 3, 4, 5]).read)
        },
        .single("streams.bufferingOldest", "results", shape: BufferShape.oldest1) { arguments in
            .strings(await Catalog.buffering(arguments.shape, values: [1, 2]).yields.map(\.description))
        },
        .single("streams.defaultRemaining", "result", shape: BufferShape.unbounded) { arguments in
            .string(await Catalog.buffering(arguments.shape, values: [1]).yields.first?.description ?? "none")
        },
        .single("streams.filterMapPrefix", "got", shape: PrefixShape.prefixTwo) { .ints(await streamFilterMapPrefix($0.shape)) },
        // Fed from a thread of its own: the run must follow it to know values are coming.
        .observing("streams.fedFromAnotherThread", ["got", "fedOutsideAnyTask"], shape: FeedShape.whileTheLoopReads) {
            await streamFedFromAnotherThread($0.shape)
        }.needing(.outsideWork),
        // The completer's stream is @MainActor: its loop runs on the main executor, beside the harness.
        QuizScenario.observing("placeCompleter.editorCloses", ["endings", "loopEnded"],
                               shape: EditorCloseShape.cancelsItsTask, options: .mainActorScenario) {
            await placeCompleterEditorCloses($0.shape)
        }.sharingTheProcess(),
        .single("streams.yieldedBeforeLoop", "got", shape: BeforeTheLoopShape.buffered) {
            .strings(await streamValuesBeforeTheLoop($0.shape))
        },
        QuizScenario("streams.secondLoop", observes: ["first", "second"], shape: SecondLoopShape.sameStream) {
            let loops = await streamSecondLoop($0.shape)
            return ["first": .ints(loops[0]), "second": .ints(loops[1])]
        },
        .observing("streams.yieldAfterFinish", ["result", "read"], shape: YieldAfterFinishShape.finishThenYield) {
            await streamYieldAfterFinishThenRead($0.shape)
        },
        .single("streams.onTerminationAfterFinish", "events", shape: TerminationShape.finishBeforeTheLoop) {
            .strings(await streamTerminationAfterFinish($0.shape))
        },
        QuizScenario("streams.twoConsumers", observes: ["everyValueOnce", "firstCount", "secondCount"], shape: ConsumersShape.oneStream) {
            let run = await streamTwoConsumers(count: 10, shape: $0.shape)
            return ["everyValueOnce": .bool(run.everyValueOnce), "firstCount": .int(run.firstCount),
                    "secondCount": .int(run.secondCount)]
        },
        // `Source` is @MainActor: its loops run on the main executor, beside the harness.
        QuizScenario.single("streams.replacedContinuation", "events", shape: ReplaceShape.cancelFirst,
                            options: .mainActorScenario) { arguments in
            .strings(await streamReplacedContinuation(arguments.shape))
        }.sharingTheProcess(),
        QuizScenario.single("streams.replacedContinuationForever", "events", shape: ReplaceShape.keepFirst,
                            options: .mainActorScenario) { arguments in
            .strings(await streamReplacedContinuation(arguments.shape))
        }.sharingTheProcess(),
        .single("streams.breakDoesNotTerminate", "events", shape: BreakShape.keepTheStream) {
            .strings(await streamBreakOutOfLoop($0.shape))
        },
    ]

    /// A buffering run for `shape`: its policy written out, or, for `.byDefault`, none written at all.
    nonisolated(nonsending) static func buffering(_ shape: BufferShape, values: [Int]) async -> StreamBufferingRun {
        guard let policy = shape.buffering else {
            return await streamBufferingByDefault(values: values)
        }
        return await streamBuffering(policy, values: values)
    }

    /// The crash scenarios Lesson 40 (suggestions: continuations, streams, sequences) names first.
    static let lesson40Crashes: [QuizCrash] = [
        QuizCrash("continuations.resumedTwice") { _ = await continuationResumedTwice() },
        QuizCrash("continuations.leaked") { await leakAContinuation() },
        QuizCrash("continuations.resumedOnceGuarded") { print("got", await continuationResumedOnceGuarded()) },
        QuizCrash("continuations.resumedOnce") { print(await continuationResumedOnce()) },
    ]
}
