import Harness
import Quiz
import Scenarios
import Subjects

// The scenarios Lesson 38 (the weather app: actors, reentrancy, executors, cancellation) names first (`Quiz/L38.json`): a scenario that later files name too is
// registered here, in the first lesson that asks about it.

extension Catalog {
    /// The runtime scenarios Lesson 38 (the weather app: actors, reentrancy, executors, cancellation) names first.
    static let lesson38: [QuizScenario] = [
        .observing("executors.hopCost", ["plainNs", "ownExecutorNs", "ratio"],
                   parameters: ["turns": .int(20_000), "shape": .string("ownExecutor")], options: .realMainActorAndOwnThreads,
                   adding: { ["ratio": .double(Double($0.ownExecutorNs) / Double(max($0.plainNs, 1)))] }) {
            await hopCost(turns: $0.int("turns"), try $0.choice(ExecutorShape.self))
        },
        .observing("tasks.asyncLetStartsAtDeclaration", ["events", "childStartedAtMs"],
                   parameters: ["shape": .string("asyncLet")]) {
            await asyncLetStartsAtDeclaration(try $0.choice(AsyncLetStartShape.self))
        },
        .single("tasks.throwingGroupUnread", "outcome", parameters: ["shape": .string("unread")]) {
            .string(await throwingGroupUnread(try $0.choice(UnreadGroupShape.self)))
        },
        .single("tasks.throwingGroupOrder", "answers", parameters: ["shape": .string("taskGroup")]) {
            .strings(try await throwingGroupOrder(try $0.choice(CollectShape.self)))
        },
        .single("tasks.taskKeepsSelfAlive", "events", parameters: ["shape": .string("holdsSelf")]) {
            .strings(await taskKeepsSelfAlive(try $0.choice(SelfCaptureShape.self)))
        },
        .single("cancellation.checkCancellationLoop", "outcome", parameters: ["shape": .string("checking")]) {
            .string(await checkCancellationLoop(try $0.choice(CheckCancellationShape.self)))
        },
        .observing("actors.methodOnMainThread", ["onMainThread", "onMainQueue"], parameters: ["shape": .string("inTheActor")], options: .realMainActor) {
            await actorMethodPlace(try $0.choice(ActorPlaceShape.self))
        },
        .observing("mainActor.renameScreen", ["linesOnMainQueue", "title"], parameters: ["shape": .string("hop")], options: .realMainActor) {
            await renameScreen(try $0.choice(RenameShape.self))
        },
        .observing("mainActor.concurrentWork", ["ranOffMainThread", "ranOnMainQueue", "isolation"], parameters: ["shape": .string("concurrent")], options: .realMainActor) {
            await concurrentWork(try $0.choice(WorkShape.self))
        },
        .observing("mainActor.groupChildren", ["childrenOnMainThread", "childrenOnMainQueue", "childIsolation",
                                               "taskIsolation"], parameters: ["shape": .string("plainChildren")], options: .realMainActor) {
            await stripGroupChildren(try $0.choice(GroupChildShape.self))
        },
        .single("mainActor.nonsendingAssertion", "result", parameters: ["shape": .string("nonsending")], options: .realMainActor) {
            .string(await nonsendingAssertion(try $0.choice(NonsendingShape.self)))
        },
        .single("executors.ownQueueLabel", "label", parameters: ["shape": .string("ownExecutor")], options: .waitForOwnThreads) {
            .string(await ownQueueLabel(try $0.choice(ExecutorShape.self)))
        },
        QuizScenario("actors.interleave", observes: ["events", "interleaved"],
                     parameters: ["shape": .string("atOnce")]) { arguments in
            let events = await twoCalls(try arguments.choice(AtOnceShape.self))
            let lastBegin = events.lastIndex { $0.hasSuffix("begins") } ?? .max
            let firstEnd = events.firstIndex { $0.hasSuffix("ends") } ?? .min
            return ["events": .strings(events), "interleaved": .bool(events.count == 4 && lastBegin < firstEnd)]
        },
        QuizScenario("actors.globalActorSerialises", observes: ["globalActorPeak", "ownActorsPeak"],
                     // The lesson's claim is about the real pool's threads: measured there even under the
                     // strict-pool variable (ReentrancyTests asserts the one-thread answer instead).
                     parameters: ["shape": .string("oneGlobalActor")],
                     options: RunOptions { $0.honoursStrictPoolVariable = false }) { arguments in
            // With company an update's wait ends at once; the patience only bounds a run that has none. The
            // control (`ownActors`) measures the first four on actors of their own too.
            let shape = try arguments.choice(TripCacheShape.self)
            let global = try await fourUpdatesAtOnce(shape, patience: shape == .ownActors ? .seconds(2) : .milliseconds(50))
            let own = try await fourUpdatesAtOnce(.ownActors, patience: .seconds(2))
            return ["globalActorPeak": .int(global.mostAtOnce), "ownActorsPeak": .int(own.mostAtOnce)]
        },
        QuizScenario("executors.blockingStarvesPool", observes: ["aWaveStarved", "poolShare", "ownExecutorShare"],
                     parameters: ["shape": .string("pool")], options: .waitForOwnThreads) { arguments in
            // Three saves per thread of the pool, so that at some moment they hold every thread. The control
            // (`ownThreads`) saves on threads of their own where the lesson uses the pool.
            let width = sharedPoolWidth(), saves = 3 * width
            let shape = try arguments.choice(DiskThreadShape.self)
            let pool = try await tickerTurnsWhileDisksSave(saves, shape,
                                                           patience: shape == .ownThreads ? .seconds(2) : .milliseconds(150))
            let own = try await tickerTurnsWhileDisksSave(saves, .ownThreads, patience: .seconds(2))
            return ["aWaveStarved": .bool(pool.saves - pool.savesThatSawATurn >= width),
                    "poolShare": .double(Double(pool.savesThatSawATurn) / Double(pool.saves)),
                    "ownExecutorShare": .double(Double(own.savesThatSawATurn) / Double(own.saves))]
        },
        QuizScenario("shop.twoBuyersOneBag", observes: ["sold", "bagsLeft"], parameters: ["shape": .string("atOnce")],
                     options: .waitForOwnThreads) { arguments in
            let sale = await twoBuyersOneBag(try arguments.choice(AtOnceShape.self))
            return ["sold": .int(sale.sold), "bagsLeft": .int(sale.bagsLeft)]
        },
        .single("weatherCache.answersOnly", "requests",
                parameters: ["askers": .int(2), "shape": .string("answersOnly")]) { arguments in
            .int(try await askAtOnce(arguments.int("askers"), arguments.choice(CacheShape.self)).requests)
        },
        QuizScenario("weatherCache.taskPerCity", observes: ["requests", "sameAnswer"],
                     parameters: ["askers": .int(2), "shape": .string("taskStoring")]) { arguments in
            let outcome = try await askAtOnce(arguments.int("askers"), arguments.choice(CacheShape.self))
            return ["requests": .int(outcome.requests), "sameAnswer": .bool(outcome.distinctAnswers == 1)]
        },
        QuizScenario("weatherCache.failureKept", observes: ["asks", "requests"],
                     parameters: ["shape": .string("failureKeeping")]) { arguments in
            let asks = try await askTwiceWhileTheFirstRequestFails(arguments.choice(CacheShape.self))
            return ["asks": .strings(asks.results), "requests": .int(asks.requests)]
        },
        .single("weatherCache.diskActorBetween", "requests",
                parameters: ["askers": .int(2), "shape": .string("awaitingDiskActor")]) { arguments in
            .int(try await askAtOnce(arguments.int("askers"), arguments.choice(CacheShape.self)).requests)
        },
        // `WeatherActor` is one instance for the whole process, which ReentrancyTests use one test at a time.
        QuizScenario.single("weatherCache.globalActorWithDisk", "requests",
                            parameters: ["askers": .int(2), "shape": .string("weatherActorWithDisk")],
                            options: .waitForOwnThreads) { arguments in
            .int(try await askAtOnce(arguments.int("askers"), arguments.choice(CacheShape.self),
                                     answerTakes: .milliseconds(1)).requests)
        }.sharingTheProcess(),
        QuizScenario("cancellation.innerTaskVersusChild", observes: ["asyncLetChildCancelled", "innerTaskCancelled"],
                     parameters: ["cancelAfterMs": .int(100)]) { arguments in
            let outcome = await whoHearsCancellation(cancelAfter: .milliseconds(arguments.int("cancelAfterMs")))
            return ["asyncLetChildCancelled": .bool(ending(outcome.asyncLetChild) == "cancelled"),
                    "innerTaskCancelled": .bool(ending(outcome.unstructuredTask) == "cancelled")]
        },
        QuizScenario("cancellation.errorWaitsForBusySibling", observes: ["events", "errorAfterBusyFinished", "elapsedMs"],
                     parameters: ["shape": .string("asyncLet")]) { arguments in
            let start = scenarioMilliseconds()
            let events = await errorWaitsForStubbornSibling(shape: try arguments.choice(SiblingShape.self))
            let busy = events.firstIndex { $0.hasPrefix("busy finished") } ?? .max
            let error = events.firstIndex(of: "the error reached the caller") ?? .min
            return ["events": .strings(events), "errorAfterBusyFinished": .bool(busy < error),
                    "elapsedMs": .int(scenarioMilliseconds() - start)]
        },
        QuizScenario("cancellation.firstWins", observes: ["first", "withoutCancelAllMs", "withCancelAllMs", "loserCancelled"],
                     parameters: ["shape": .string("cancelsTheRest")]) { arguments in
            let start = scenarioMilliseconds()
            let waiting = await firstAnswerRace(.waitsForTheRest)
            let middle = scenarioMilliseconds()
            let cancelling = await firstAnswerRace(try arguments.choice(RaceShape.self))
            return ["first": .string(cancelling.first ?? "none"), "withoutCancelAllMs": .int(middle - start),
                    "withCancelAllMs": .int(scenarioMilliseconds() - middle),
                    "loserCancelled": .bool(cancelling.events.contains("Bergen was cancelled") && waiting.first == "Seattle")]
        },
        .single("cancellation.groupErrorCancelsRest", "events", parameters: ["sleeperNapMs": .int(2_000)]) { arguments in
            .strings(await throwingGroupCancelsTheRest(sleeperNap: .milliseconds(arguments.int("sleeperNapMs"))))
        },
        QuizScenario("cancellation.busyLoopRunsToEnd", observes: ["ranToEnd", "cancelledBeforeTheEnd", "stepsRun"], parameters: ["shape": .string("ignoresCancellation")]) {
            let run = await cancelledBusyLoop(shape: try $0.choice(BusyLoopShape.self))
            return ["ranToEnd": .bool(run.stepsRun == run.steps), "cancelledBeforeTheEnd": .bool(run.cancelledBeforeTheEnd),
                    "stepsRun": .int(run.stepsRun)]
        },
        QuizScenario("cancellation.addToCancelledGroup", observes: ["added", "addTaskChildCancelled"],
                     parameters: ["cancelAfterMs": .int(100)]) { arguments in
            let outcome = await addingToCancelledGroup(cancelAfter: .milliseconds(arguments.int("cancelAfterMs")))
            return ["added": .bool(outcome.addedUnlessCancelled), "addTaskChildCancelled": .bool(outcome.addTaskChildCancelled)]
        },
        QuizScenario("cancellation.trySleepLoop", observes: ["laps", "elapsedMs"],
                     parameters: ["shape": .string("swallows")]) { arguments in
            // L38 card 14: five one-second laps with `try?` around the sleep, cancelled after a tenth of a second.
            let start = scenarioMilliseconds()
            let run = await pollingAfterStop(try arguments.choice(PollShape.self), attempts: 5, interval: .seconds(1),
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
