import ConcurrencyHarness
import ConcurrencyProofsQuiz
import ConcurrencyProofsScenarios
import ConcurrencyProofsSubjects

// The scenarios Lesson 38 (the weather app: actors, reentrancy, executors, cancellation) names first (`Quiz/L38.json`): a scenario that later files name too is
// registered here, in the first lesson that asks about it.

/// How many round trips, between which actors.
struct Turns: ScenarioInput {
    var turns: Int
    var shape: ExecutorShape
}

/// How many screens ask at once, and which cache they ask.
struct Askers: ScenarioInput {
    var askers: Int
    var shape: CacheShape
}


extension Catalog {
    /// The runtime scenarios Lesson 38 (the weather app: actors, reentrancy, executors, cancellation) names first.
    static let lesson38: [QuizScenario] = [
        .observing("executors.hopThreads", ["hops", "plainHopsOnCallersThread", "ownHopsOnCallersThread"],
                   Turns(turns: 1_000, shape: .ownExecutor), options: .realMainActor) {
            await hopThreads(turns: $0.turns, $0.shape)
        },
        .observing("tasks.asyncLetStartsAtDeclaration", ["events", "childStartedAtMs"],
                   shape: AsyncLetStartShape.asyncLet) {
            await asyncLetStartsAtDeclaration($0.shape)
        },
        .single("tasks.throwingGroupUnread", "outcome", shape: UnreadGroupShape.unread) {
            .string(await throwingGroupUnread($0.shape))
        },
        .single("tasks.throwingGroupOrder", "answers", shape: CollectShape.taskGroup) {
            .strings(try await throwingGroupOrder($0.shape))
        },
        .single("tasks.taskKeepsSelfAlive", "events", shape: SelfCaptureShape.holdsSelf) {
            .strings(await taskKeepsSelfAlive($0.shape))
        },
        .single("cancellation.checkCancellationLoop", "outcome", shape: CheckCancellationShape.checking) {
            .string(await checkCancellationLoop($0.shape))
        },
        .observing("actors.methodOnMainThread", ["onMainThread", "onMainQueue", "queue"], shape: ActorPlaceShape.inTheActor,
                   options: .realMainActor) {
            await actorMethodPlace($0.shape)
        },
        .observing("mainActor.renameScreen", ["linesOnMainQueue", "title"], shape: RenameShape.hop, options: .realMainActor) {
            await renameScreen($0.shape)
        },
        .observing("mainActor.concurrentWork", ["ranOffMainThread", "ranOnMainQueue", "isolation"], shape: WorkShape.concurrent, options: .realMainActor) {
            await concurrentWork($0.shape)
        },
        .observing("mainActor.groupChildren", ["childrenOnMainThread", "childrenOnMainQueue", "childIsolation",
                                               "taskIsolation"], shape: GroupChildShape.plainChildren, options: .realMainActor) {
            await stripGroupChildren($0.shape)
        },
        .single("mainActor.nonsendingAssertion", "result", shape: NonsendingShape.nonsending, options: .realMainActor) {
            .string(await nonsendingAssertion($0.shape))
        },
        .single("executors.ownQueueLabel", "label", shape: ExecutorShape.ownExecutor) {
            .string(await ownQueueLabel($0.shape))
        },
        QuizScenario("actors.interleave", observes: ["events", "interleaved"],
                     shape: CallShape.awaitInside) { arguments in
            let events = await twoCalls(arguments.shape)
            let lastBegin = events.lastIndex { $0.hasSuffix("begins") } ?? .max
            let firstEnd = events.firstIndex { $0.hasSuffix("ends") } ?? .min
            return ["events": .strings(events), "interleaved": .bool(events.count == 4 && lastBegin < firstEnd)]
        },
        QuizScenario("actors.globalActorSerialises", observes: ["mostAtOnce"],
                     // The lesson's claim is about the real pool's threads: measured there even under the
                     // strict-pool variable (ReentrancyTests asserts the one-thread answer instead).
                     shape: TripCacheShape.oneGlobalActor,
                     options: RunOptions { $0.honoursStrictPoolVariable = false }) { arguments in
            // With company an update's wait ends at once; the patience only bounds a run that has none, which on
            // the one global actor is every run, so it is short there.
            let shape = arguments.shape
            let four = try await fourUpdatesAtOnce(shape, patience: shape == .ownActors ? .seconds(2) : .milliseconds(50))
            return ["mostAtOnce": .int(four.mostAtOnce)]
        },
        QuizScenario("executors.blockingStarvesPool", observes: ["aWaveStarved", "share"],
                     shape: DiskThreadShape.pool) { arguments in
            // Three saves per thread of the pool, so that at some moment they hold every thread; on the pool a
            // starved save waits out its patience, so it is short there.
            let width = sharedPoolWidth(), saves = 3 * width
            let shape = arguments.shape
            let run = try await tickerTurnsWhileDisksSave(saves, shape,
                                                          patience: shape == .ownThreads ? .seconds(2) : .milliseconds(150))
            return ["aWaveStarved": .bool(run.saves - run.savesThatSawATurn >= width),
                    "share": .double(Double(run.savesThatSawATurn) / Double(run.saves))]
        },
        QuizScenario("shop.twoBuyersOneBag", observes: ["sold", "bagsLeft"], shape: ShopShape.checksBeforeThePrice) {
            arguments in
            let sale = await twoBuyersOneBag(arguments.shape)
            return ["sold": .int(sale.sold), "bagsLeft": .int(sale.bagsLeft)]
        },
        .single("weatherCache.answersOnly", "requests",
                Askers(askers: 2, shape: .answersOnly)) { arguments in
            .int(try await askAtOnce(arguments.askers, arguments.shape).requests)
        },
        QuizScenario("weatherCache.taskPerCity", observes: ["requests", "sameAnswer"],
                     defaults: Askers(askers: 2, shape: .taskStoring)) { arguments in
            let outcome = try await askAtOnce(arguments.askers, arguments.shape)
            return ["requests": .int(outcome.requests), "sameAnswer": .bool(outcome.distinctAnswers == 1)]
        },
        QuizScenario("weatherCache.failureKept", observes: ["asks", "requests"],
                     shape: CacheShape.failureKeeping) { arguments in
            let asks = try await askTwiceWhileTheFirstRequestFails(arguments.shape)
            return ["asks": .strings(asks.results), "requests": .int(asks.requests)]
        },
        .single("weatherCache.diskActorBetween", "requests",
                Askers(askers: 2, shape: .awaitingDiskActor)) { arguments in
            .int(try await askAtOnce(arguments.askers, arguments.shape).requests)
        },
        // `WeatherActor` is one instance for the whole process, which ReentrancyTests use one test at a time.
        QuizScenario.single("weatherCache.globalActorWithDisk", "requests",
                            Askers(askers: 2, shape: .weatherActorWithDisk)) { arguments in
            .int(try await askAtOnce(arguments.askers, arguments.shape,
                                     answerTakes: .milliseconds(1)).requests)
        }.sharingTheProcess(),
        QuizScenario("cancellation.innerTaskVersusChild", observes: ["asyncLetChildCancelled", "innerTaskCancelled"],
                     shape: ChildrenShape.unstructuredTasks) { arguments in
            let outcome = await whoHearsCancellation(shape: arguments.shape)
            return ["asyncLetChildCancelled": .bool(ending(outcome.asyncLetChild) == "cancelled"),
                    "innerTaskCancelled": .bool(ending(outcome.unstructuredTask) == "cancelled")]
        },
        QuizScenario("cancellation.errorWaitsForBusySibling", observes: ["events", "errorAfterBusyFinished", "elapsedMs"],
                     shape: SiblingShape.asyncLet) { arguments in
            let start = scenarioMilliseconds()
            let events = await errorWaitsForStubbornSibling(shape: arguments.shape)
            let busy = events.firstIndex { $0.hasPrefix("busy finished") } ?? .max
            let error = events.firstIndex(of: "the error reached the caller") ?? .min
            return ["events": .strings(events), "errorAfterBusyFinished": .bool(busy < error),
                    "elapsedMs": .int(scenarioMilliseconds() - start)]
        },
        QuizScenario("cancellation.firstWins", observes: ["first", "elapsedMs", "loserCancelled"],
                     shape: RaceShape.cancelsTheRest) { arguments in
            let start = scenarioMilliseconds()
            let race = await firstAnswerRace(arguments.shape)
            return ["first": .string(race.first ?? "none"), "elapsedMs": .int(scenarioMilliseconds() - start),
                    "loserCancelled": .bool(race.events.contains("Bergen was cancelled"))]
        },
        .single("cancellation.groupErrorCancelsRest", "events", shape: ThrowingGroupShape.errorLeavesTheBody) {
            .strings(await throwingGroupCancelsTheRest(shape: $0.shape))
        },
        QuizScenario("cancellation.busyLoopRunsToEnd", observes: ["ranToEnd", "cancelledBeforeTheEnd", "stepsRun"], shape: BusyLoopShape.ignoresCancellation) {
            let run = await cancelledBusyLoop(shape: $0.shape)
            return ["ranToEnd": .bool(run.stepsRun == run.steps), "cancelledBeforeTheEnd": .bool(run.cancelledBeforeTheEnd),
                    "stepsRun": .int(run.stepsRun)]
        },
        QuizScenario("cancellation.addToCancelledGroup", observes: ["added", "addTaskChildCancelled"],
                     shape: GroupCancelShape.cancelled) { arguments in
            let outcome = await addingToCancelledGroup(shape: arguments.shape)
            return ["added": .bool(outcome.addedUnlessCancelled), "addTaskChildCancelled": .bool(outcome.addTaskChildCancelled)]
        },
        .observing("strip.console", ["lines", "allAskedBeforeAnyAnswer", "askedInStripOrder", "answeredInOrder",
                                     "requests", "openingSeattleRequests"], shape: StripShape.oneAfterAnother) {
            try await weatherStrip($0.shape)
        },
        // `WeatherActor` and `OwnThreadWeatherActor` are one instance each for the whole process.
        QuizScenario.observing("weather.launches", ["firstLaunchRequests", "secondLaunchRequests", "saveQueue", "saveThread"],
                               shape: LaunchShape.pool, options: RunOptions { $0.honoursStrictPoolVariable = false }) {
            try await weatherLaunches($0.shape)
        }.sharingTheProcess(),
        QuizScenario("cancellation.trySleepLoop", observes: ["laps", "elapsedMs"],
                     shape: PollShape.swallows) { arguments in
            // L38 card 14: five one-second laps with `try?` around the sleep, cancelled after a tenth of a second.
            let start = scenarioMilliseconds()
            let run = await pollingAfterStop(arguments.shape, attempts: 5, interval: .seconds(1),
                                             stopAfter: .milliseconds(100))
            return ["laps": .int(run.callsBeforeStop + run.callsAfterStop), "elapsedMs": .int(scenarioMilliseconds() - start)]
        },
    ]

    /// The crash scenarios Lesson 38 (the weather app: actors, reentrancy, executors, cancellation) names first.
    static let lesson38Crashes: [QuizCrash] = [
        QuizCrash("mainActor.plainNonisolatedAssertion") { await plainNonisolatedAssertion() },
        QuizCrash("mainActor.assumeIsolatedOffMain") { await assumeIsolatedOffMain() },
        QuizCrash("mainActor.mainQueueAssumeIsolated") { await mainQueueAssumeIsolated() },
        // The controls: each crash's fixed shape, which must not crash (or log).
        QuizCrash("mainActor.nonsendingAssertion") { await nonsendingAssertion() },
        QuizCrash("mainActor.assumeIsolatedOnMain") { await assumeIsolatedOnMain() },
        QuizCrash("mainActor.globalQueueAssumeIsolated") { await globalQueueAssumeIsolated() },
    ]
}
