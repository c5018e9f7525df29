import Harness
import Subjects

// The catalog: every name the bank may use, mapped to the scenario function that answers it. Scenarios written
// for the quiz alone live in Quiz/Scenarios; the topic tests' scenarios are mapped here, not copied. Names whose
// scenario another issue is still writing are pending: their entries are "not covered" until it lands.

/// Who is writing the pending scenarios.
enum Awaiting {
    static let reentrancy = "issue 2 (Jar, WeatherCache, Shop, whereAmI: ReentrancyTests)"
    static let lesson40 = "issue 4 (CancellationTests, ContinuationTests, StreamTests)"
    static let swift64 = "a scenario written and compiled with Swift 6.4 (this toolchain is 6.3)"
}

extension QuizScenario {
    /// A scenario whose result names its observed values.
    static func observing<Result: QuizObservable>(
        _ name: String, _ observes: [String], parameters: [String: ScenarioArgument] = [:],
        options: RunOptions = RunOptions(), _ run: @escaping @Sendable (ScenarioArguments) async throws -> Result
    ) -> QuizScenario {
        QuizScenario(name, observes: observes, parameters: parameters, options: options) { arguments in
            try await run(arguments).observed
        }
    }

    /// A scenario that observes one value.
    static func single(_ name: String, _ key: String, parameters: [String: ScenarioArgument] = [:],
                       options: RunOptions = RunOptions(),
                       _ run: @escaping @Sendable (ScenarioArguments) async throws -> ObservedValue) -> QuizScenario {
        QuizScenario(name, observes: [key], parameters: parameters, options: options) { arguments in
            [key: try await run(arguments)]
        }
    }
}

/// A hive scenario: the errand `shape` measured against the hum; its `shape` argument names another errand for a
/// control. A value the other errand does not report is reported missing, which misses any expectation on it.
func hive(_ name: String, _ observes: [String], _ shape: HiveShape) -> QuizScenario {
    QuizScenario(name, observes: observes, parameters: ["shape": .string(shape.rawValue)], options: .realMainActor) {
        arguments in
        try await arguments.choice(HiveShape.self).run().observed
    }
}

extension QuizCatalog {
    /// The package's catalog.
    public static let standard = QuizCatalog(scenarios: quizScenarios, pending: pendingScenarios,
                                             crashes: quizCrashes, pendingCrashes: pendingCrashes)

    /// Scenarios the quiz runs today.
    static let quizScenarios: [QuizScenario] = [
        // Lesson 37's hive: the main actor's hum against each errand.
        hive("hive.awaitRequest", ["hummed", "beforeOnMainThread", "afterOnMainThread", "beforeOnMainQueue",
                                   "afterOnMainQueue", "isolationAfter"], .awaitRequest),
        hive("hive.awaitSleep", ["hummed"], .awaitSleep),
        hive("hive.mainActorComputation", ["hummed", "groundOnMainThread", "groundOnMainQueue"], .mainActorComputation),
        hive("hive.concurrentComputation", ["hummed", "countedOn", "backOn"], .concurrentComputation),
        hive("hive.concurrentCallsMainActor", ["hummed", "groundOnMainThread", "groundOnMainQueue"],
             .concurrentCallsMainActor),
        hive("hive.nonsendingComputation", ["hummed", "groundOnMainThread", "groundOnMainQueue"], .nonsendingComputation),
        hive("hive.plainNonisolatedComputation", ["hummed", "ranOn", "ranOnMainQueue"], .plainNonisolatedComputation),
        hive("hive.executorPreference", ["hummed", "groundOnMainThread", "groundOnMainQueue"], .executorPreference),
        .observing("hive.flyByHand", ["sugar", "byHand", "sameNectar"], parameters: ["shape": .string("lesson")], options: .realMainActor) { await hiveFlyByHand(wrong: try $0.choice(LessonShape.self) == .wrong) },
        .observing("hive.concurrentByHand", ["concurrentOn", "byHandOn", "sameGrains", "backOn"], parameters: ["shape": .string("lesson")], options: .realMainActor) {
            await hiveConcurrentByHand(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .observing("executors.hopCost", ["plainNs", "ownExecutorNs", "ratio"],
                   parameters: ["turns": .int(20_000), "shape": .string("lesson")], options: .realMainActorAndOwnThreads) {
            await hopCost(turns: $0.int("turns"), wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        // Lesson 37's steps 9 and 11, on the real pool.
        .observing("swarm.bees", ["bees", "threads", "cores", "moved", "backOnMainQueue", "movedShare", "threadsPerCore",
                                  "elapsedMs"],
                   parameters: ["bees": .int(1000), "shape": .string("mainActor")],
                   options: RunOptions { $0.honoursStrictPoolVariable = false }) { arguments in
            await swarm(arguments.int("bees"), onTheMainActor: try arguments.choice(SwarmShape.self) == .mainActor)
        },
        .observing("gcd.whoRunsWhat", ["mainActor", "concurrent", "jar", "gcdGlobal", "jarOnThePool", "poolIsNotGCDs"],
                   parameters: ["shape": .string("lesson")], options: RunOptions { $0.honoursStrictPoolVariable = false }) {
            await whoRunsWhat(wrong: try $0.choice(LessonShape.self) == .wrong)
        },

        // Tasks.
        .observing("tasks.taskAndDetached", ["task", "byHand", "detached", "taskOnMainThread", "detachedOnMainThread",
                                             "taskOnMainQueue", "detachedOnMainQueue", "byHandOnMainQueue"],
                   parameters: ["shape": .string("lesson")], options: .realMainActor) { arguments in
            await taskAndDetached(swapped: try arguments.choice(SwapShape.self) == .swapped)
        },
        .observing("tasks.detachedInheritsNothing", ["taskIsolation", "taskTaskLocal", "taskPriorityIsCallers",
                                                     "detachedIsolation", "detachedTaskLocal", "detachedPriorityIsCallers",
                                                     "value"], parameters: ["shape": .string("lesson")]) { arguments in
            await detachedInheritsNothing(swapped: try arguments.choice(SwapShape.self) == .swapped)
        },
        .observing("tasks.taskValue", ["type", "size", "value", "copyCancelReachesTask"], parameters: ["shape": .string("lesson")]) {
            await taskValue(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .observing("tasks.groupFinishOrder", ["added", "back", "allFinishedBeforeReturn"],
                   parameters: ["shape": .string("lesson")]) { await groupFinishOrder(wrong: try $0.choice(LessonShape.self) == .wrong) },
        .observing("tasks.threeAtOnce", ["results", "peakInFlight", "elapsedMs"],
                   parameters: ["ms": .int(300), "names": .string("Ada,Bea,Cia"), "suffix": .string(" back"),
                                "shape": .string("atOnce")]) { arguments in
            await threeAtOnce(ms: arguments.int("ms"), names: arguments.string("names"), suffix: arguments.string("suffix"),
                              oneAfterAnother: try arguments.choice(VisitShape.self) == .oneAfterAnother)
        },
        .single("tasks.threeAtOnceOneThrows", "caught", parameters: ["shape": .string("lesson")]) {
            .string(await threeAtOnceOneThrows(wrong: try $0.choice(LessonShape.self) == .wrong))
        },
        .observing("tasks.asyncLetLineAndRead", ["lineTookMs", "readTookMs", "value"], parameters: ["shape": .string("lesson")]) {
            await asyncLetLineAndRead(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .observing("tasks.asyncLetStartsAtDeclaration", ["events", "childStartedAtMs"],
                   parameters: ["shape": .string("lesson")]) {
            await asyncLetStartsAtDeclaration(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .single("tasks.throwingGroupUnread", "outcome", parameters: ["shape": .string("lesson")]) {
            .string(await throwingGroupUnread(wrong: try $0.choice(LessonShape.self) == .wrong))
        },
        .single("tasks.throwingGroupOrder", "answers", parameters: ["shape": .string("lesson")]) {
            .strings(try await throwingGroupOrder(wrong: try $0.choice(LessonShape.self) == .wrong))
        },
        .single("tasks.taskKeepsSelfAlive", "events", parameters: ["shape": .string("lesson")]) {
            .strings(await taskKeepsSelfAlive(wrong: try $0.choice(LessonShape.self) == .wrong))
        },
        .observing("tasks.thousandSleepers", ["finished", "threads", "elapsedMs"], parameters: ["shape": .string("lesson")]) {
            await thousandSleepers(oneAfterAnother: try $0.choice(LessonShape.self) == .wrong)
        },
        .observing("priority.aliases", ["highIsUserInitiated", "lowIsUtility"]) { _ in priorityAliases() },
        .observing("priority.inheritance", ["asyncLetChild", "groupChild", "lowBeforeAwait", "escalated"],
                   parameters: ["shape": .string("lesson")]) {
            await priorityInheritance(wrong: try $0.choice(LessonShape.self) == .wrong)
        },

        // Cancellation the quiz alone asks about.
        .observing("cancellation.isCancelledLoop", ["stopped", "laps", "otherTurnsWhileLooping"],
                   parameters: ["shape": .string("lesson")]) {
            await isCancelledLoop(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .single("cancellation.checkCancellationLoop", "outcome", parameters: ["shape": .string("lesson")]) {
            .string(await checkCancellationLoop(wrong: try $0.choice(LessonShape.self) == .wrong))
        },
        .observing("cancellation.replaceLoad", ["withCancel", "withoutCancel"], parameters: ["shape": .string("lesson")]) {
            await replaceLoad(swapped: try $0.choice(SwapShape.self) == .swapped)
        },

        // Actors and the main actor.
        .single("actors.visits", "count", parameters: ["shape": .string("lesson")]) { .int(await visitsRecorded(wrong: try $0.choice(LessonShape.self) == .wrong)) },
        .observing("actors.methodOnMainThread", ["onMainThread", "onMainQueue"], parameters: ["shape": .string("lesson")], options: .realMainActor) {
            await actorMethodPlace(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .observing("mainActor.runFromConcurrent", ["direct", "run"], parameters: ["shape": .string("lesson")], options: .realMainActor) { await runFromConcurrent(wrong: try $0.choice(LessonShape.self) == .wrong) },
        .single("mainActor.renameScreen", "title", parameters: ["shape": .string("lesson")]) { .string(await renameScreen(wrong: try $0.choice(LessonShape.self) == .wrong)) },
        .observing("mainActor.concurrentWork", ["ranOffMainThread", "ranOnMainQueue", "isolation"], parameters: ["shape": .string("lesson")], options: .realMainActor) {
            await concurrentWork(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .observing("mainActor.groupChildren", ["childrenOnMainThread", "childrenOnMainQueue", "childIsolation",
                                               "taskIsolation"], parameters: ["shape": .string("lesson")], options: .realMainActor) {
            await stripGroupChildren(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .single("mainActor.nonsendingAssertion", "result", parameters: ["shape": .string("lesson")], options: .realMainActor) {
            .string(await nonsendingAssertion(wrong: try $0.choice(LessonShape.self) == .wrong))
        },

        // GCD and the pool.
        .observing("gcd.serialQueueThreads", ["distinctThreads", "oneAtATime", "syncRanOnCallingThread"], parameters: ["shape": .string("lesson")]) {
            await serialQueueThreads(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .observing("gcd.cooperativePoolLabels", ["gcdGlobal", "detached", "samePool", "flag4"], parameters: ["shape": .string("lesson")],
                   options: RunOptions { $0.honoursStrictPoolVariable = false }) {
            await cooperativePoolLabels(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .observing("gcd.mainAsync", ["returnedBeforeBlockRan", "ranOnMainThread", "ranOnMainQueue"], parameters: ["shape": .string("lesson")], options: .realMainActor) {
            await mainAsync(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .observing("gcd.mainSyncFromBackground", ["events", "first", "last", "bBeforeD", "cBeforeD", "count"],
                   parameters: ["shape": .string("lesson")]) {
            await mainSyncFromBackground(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .observing("gcd.operationQueueLimit", ["peak", "finished"], parameters: ["shape": .string("lesson")]) { await operationQueueLimit(wrong: try $0.choice(LessonShape.self) == .wrong) },
        .single("gcd.operationDependency", "order", parameters: ["shape": .string("lesson")]) { .strings(await operationDependency(wrong: try $0.choice(LessonShape.self) == .wrong)) },
        .observing("gcd.workItemCancel", ["unstartedRan", "runningSawCancel", "runningFinished"],
                   parameters: ["shape": .string("lesson")]) {
            await workItemCancel(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .single("pool.semaphoreAroundTask", "timedOut", parameters: ["shape": .string("lesson")]) { .bool(await semaphoreAroundTask(wrong: try $0.choice(LessonShape.self) == .wrong)) },
        .single("pool.semaphoreOnMainActor", "timedOut", parameters: ["shape": .string("lesson")]) { .bool(await semaphoreOnMainActor(wrong: try $0.choice(LessonShape.self) == .wrong)) },

        // Streams, sequences, ownership.
        .observing("streams.forgottenFinish", ["consumerEndedBeforeFinish", "consumerEndedAfterFinish"],
                   parameters: ["shape": .string("lesson")]) {
            await forgottenFinish(wrong: try $0.choice(LessonShape.self) == .wrong)
        },
        .observing("sequences.lineAfterEndlessLoop", ["beforeCancel", "afterCancel"], parameters: ["shape": .string("lesson")]) {
            await lineAfterEndlessLoop(finite: try $0.choice(LessonShape.self) == .wrong)
        },
        .single("ownership.handle", "events", parameters: ["shape": .string("lesson")]) { .strings(handleLifetimes(closeBoth: try $0.choice(LessonShape.self) == .wrong)) },

        // Lesson 38's cards on global actors and executors.
        .single("executors.ownQueueLabel", "label", parameters: ["shape": .string("lesson")], options: .waitForOwnThreads) {
            .string(await ownQueueLabel(wrong: try $0.choice(LessonShape.self) == .wrong))
        },
    ] + reentrancyScenarios + lesson40Scenarios

    /// Issue 2's scenarios (`Sources/Scenarios`, shared with ReentrancyTests), under the bank's names.
    static let reentrancyScenarios: [QuizScenario] = [
        QuizScenario("jar.pour", observes: ["drops", "lost"],
                     parameters: ["bees": .int(500), "shape": .string("pour")]) { arguments in
            let bees = arguments.int("bees")
            let drops = try await pours(bees, try arguments.choice(PourShape.self))
            return ["drops": .int(drops), "lost": .int(2 * bees - drops)]
        },
        .single("jar.pourSlowly", "drops", parameters: ["bees": .int(100), "shape": .string("slowly")]) { arguments in
            .int(try await pours(arguments.int("bees"), try arguments.choice(PourShape.self)))
        },
        QuizScenario("isolation.whereAmI", observes: ["mainActor", "concurrent", "jar", "mainActorQueue", "concurrentQueue"],
                     parameters: ["shape": .string("lesson")], options: .realMainActor) { arguments in
            // The names come from #isolation, fixed at compile time; the queues are observed (the control swaps them).
            let swapped = try arguments.choice(SwapShape.self) == .swapped
            let main = await queueOfTheMainActorPlace(), pool = await queueOfThePoolPlace()
            return ["mainActor": .string(await whereIsHere()), "concurrent": .string(await whereIsThePool()),
                    "jar": .string(await Jar().whereIsTheJar()), "mainActorQueue": .string(swapped ? pool : main),
                    "concurrentQueue": .string(swapped ? main : pool)]
        },
        QuizScenario("actors.interleave", observes: ["events", "interleaved"],
                     parameters: ["shape": .string("atOnce")]) { arguments in
            let events = try arguments.choice(CallShape.self) == .atOnce ? await twoCallsAtOnce()
                : await twoCallsOneAfterAnother()
            let lastBegin = events.lastIndex { $0.hasSuffix("begins") } ?? .max
            let firstEnd = events.firstIndex { $0.hasSuffix("ends") } ?? .min
            return ["events": .strings(events), "interleaved": .bool(events.count == 4 && lastBegin < firstEnd)]
        },
        QuizScenario("actors.globalActorSerialises", observes: ["globalActorPeak", "ownActorsPeak"],
                     // The lesson's claim is about the real pool's threads: measured there even under the
                     // strict-pool variable (ReentrancyTests asserts the one-thread answer instead).
                     parameters: ["shape": .string("lesson")],
                     options: RunOptions { $0.honoursStrictPoolVariable = false }) { arguments in
            // With company an update's wait ends at once; the patience only bounds a run that has none. The
            // control (`wrong`) measures the first four on actors of their own too.
            let wrong = try arguments.choice(LessonShape.self) == .wrong
            let global = try await fourUpdatesAtOnce(onOneGlobalActor: !wrong,
                                                     patience: wrong ? .seconds(2) : .milliseconds(50))
            let own = try await fourUpdatesAtOnce(onOneGlobalActor: false, patience: .seconds(2))
            return ["globalActorPeak": .int(global.mostAtOnce), "ownActorsPeak": .int(own.mostAtOnce)]
        },
        QuizScenario("executors.blockingStarvesPool", observes: ["aWaveStarved", "poolShare", "ownExecutorShare"],
                     parameters: ["shape": .string("lesson")], options: .waitForOwnThreads) { arguments in
            // Three saves per thread of the pool, so that at some moment they hold every thread. The control
            // (`wrong`) saves on threads of their own where the lesson uses the pool.
            let width = sharedPoolWidth(), saves = 3 * width
            let wrong = try arguments.choice(LessonShape.self) == .wrong
            let pool = try await tickerTurnsWhileDisksSave(saves, onOwnThreads: wrong,
                                                           patience: wrong ? .seconds(2) : .milliseconds(150))
            let own = try await tickerTurnsWhileDisksSave(saves, onOwnThreads: true, patience: .seconds(2))
            return ["aWaveStarved": .bool(pool.saves - pool.savesThatSawATurn >= width),
                    "poolShare": .double(Double(pool.savesThatSawATurn) / Double(pool.saves)),
                    "ownExecutorShare": .double(Double(own.savesThatSawATurn) / Double(own.saves))]
        },
        QuizScenario("shop.twoBuyersOneBag", observes: ["sold", "bagsLeft"], parameters: ["shape": .string("lesson")],
                     options: .waitForOwnThreads) { arguments in
            let sale = await twoBuyersOneBag(oneAfterAnother: try arguments.choice(LessonShape.self) == .wrong)
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
        QuizScenario("weatherCache.failureForgotten", observes: ["asks", "requests"],
                     parameters: ["shape": .string("taskStoring")]) { arguments in
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
    ]

    /// Scenarios the bank names that nothing here can compile yet: they need Swift 6.4, and the checks that name
    /// them sit in `toolchain` requirements, so they are pending only where such a compiler reads the bank.
    static let pendingScenarios: [PendingScenario] = [
        PendingScenario("cancellation.shield", observes: ["outside", "inside"], awaiting: Awaiting.swift64),

    ]

    /// Crash scenarios the quiz runs today.
    static let quizCrashes: [QuizCrash] = [
        QuizCrash("mainActor.plainNonisolatedAssertion") { await plainNonisolatedAssertion() },
        QuizCrash("mainActor.assumeIsolatedOffMain") { await assumeIsolatedOffMain() },
        QuizCrash("mainActor.mainQueueAssumeIsolated") { await mainQueueAssumeIsolated() },
        QuizCrash("gcd.syncOntoOwnQueue") { syncOntoOwnQueue() },
        QuizCrash("gcd.mainSyncOnMain") { await mainSyncOnMain() },
        QuizCrash("gcd.unbalancedGroupLeave") { unbalancedGroupLeave() },
        QuizCrash("pool.width") { await printPoolWidth() },
        QuizCrash("continuations.resumedTwice") { _ = await continuationResumedTwice() },
        QuizCrash("continuations.leaked") { await leakAContinuation() },
        // The controls: each crash's fixed shape, which must not crash (or log).
        QuizCrash("mainActor.nonsendingAssertion") { await nonsendingAssertion() },
        QuizCrash("mainActor.assumeIsolatedOnMain") { await assumeIsolatedOnMain() },
        QuizCrash("mainActor.globalQueueAssumeIsolated") { await globalQueueAssumeIsolated() },
        QuizCrash("gcd.syncOntoOtherQueue") { syncOntoOtherQueue() },
        QuizCrash("gcd.mainSyncOffMain") { await mainSyncOffMain() },
        QuizCrash("gcd.balancedGroupLeave") { balancedGroupLeave() },
        QuizCrash("continuations.resumedOnceGuarded") { print("got", await continuationResumedOnceGuarded()) },
        QuizCrash("continuations.resumedOnce") { print(await continuationResumedOnce()) },
    ]

    /// Crash scenarios that need Swift 6.4.
    static let pendingCrashes: [String: String] = [
        "continuations.newContinuationDropped": Awaiting.swift64,
    ]

    /// The seed's poll: ten attempts 5 s apart, stopped after 12.5 s (scaled down for real time by the bank).
    static let polling: [String: ScenarioArgument] = ["intervalMs": .int(5_000), "stopAfterMs": .int(12_500),
                                                       "attempts": .int(10)]

    /// The seed's polling loop in `shape` (its `shape` argument names the other for a control): the requests after
    /// the stop, and those made while the poll's task was cancelled.
    static func polled(_ name: String, shape: PollShape) -> QuizScenario {
        QuizScenario(name, observes: ["callsAfterStop", "callsWhileCancelled"],
                     parameters: polling.merging(["shape": .string(shape.rawValue)]) { $1 }) { arguments in
            let run = await pollingAfterStop(swallowingCancellation: try arguments.choice(PollShape.self) == .swallows,
                                             attempts: arguments.int("attempts"),
                                             interval: .milliseconds(arguments.int("intervalMs")),
                                             stopAfter: .milliseconds(arguments.int("stopAfterMs")))
            return ["callsAfterStop": .int(run.callsAfterStop), "callsWhileCancelled": .int(run.callsWhileCancelled)]
        }
    }

    /// Issue 4's scenarios (`Sources/Scenarios`, shared with CancellationTests, ContinuationTests, StreamTests),
    /// under the bank's names.
    static let lesson40Scenarios: [QuizScenario] = [
        QuizScenario("cancellation.whoHears", observes: ["asyncLet", "detached", "concurrentSeesCancel"],
                     parameters: ["cancelAfterMs": .int(100), "shape": .string("lesson")]) { arguments in
            let outcome = await concurrentVersusDetached(cancelAfter: .milliseconds(arguments.int("cancelAfterMs")),
                                                         structured: try arguments.choice(LessonShape.self) == .wrong)
            return ["asyncLet": .string(ending(outcome.asyncLet)), "detached": .string(ending(outcome.detached)),
                    "concurrentSeesCancel": .bool(outcome.concurrentSawCancellation)]
        },
        QuizScenario("cancellation.asyncLetTaskDetached", observes: ["asyncLet", "task", "detached"],
                     parameters: ["cancelAfterMs": .int(100), "shape": .string("lesson")]) { arguments in
            let outcome = await whoHearsCancellation(cancelAfter: .milliseconds(arguments.int("cancelAfterMs")),
                                                     structured: try arguments.choice(LessonShape.self) == .wrong)
            return ["asyncLet": .string(ending(outcome.asyncLetChild)), "task": .string(ending(outcome.unstructuredTask)),
                    "detached": .string(ending(outcome.detachedTask))]
        },
        QuizScenario("cancellation.innerTaskVersusChild", observes: ["asyncLetChildCancelled", "innerTaskCancelled"],
                     parameters: ["cancelAfterMs": .int(100)]) { arguments in
            let outcome = await whoHearsCancellation(cancelAfter: .milliseconds(arguments.int("cancelAfterMs")))
            return ["asyncLetChildCancelled": .bool(ending(outcome.asyncLetChild) == "cancelled"),
                    "innerTaskCancelled": .bool(ending(outcome.unstructuredTask) == "cancelled")]
        },
        .single("cancellation.asyncLetNeverAwaited", "events", parameters: ["shape": .string("lesson")]) {
            .strings(await asyncLetNeverAwaited(awaited: try $0.choice(LessonShape.self) == .wrong))
        },
        QuizScenario("cancellation.errorWaitsForBusySibling", observes: ["events", "errorAfterBusyFinished", "elapsedMs"],
                     parameters: ["shape": .string("lesson")]) { arguments in
            let start = scenarioMilliseconds()
            let events = await errorWaitsForStubbornSibling(unstructured: try arguments.choice(LessonShape.self) == .wrong)
            let busy = events.firstIndex { $0.hasPrefix("busy finished") } ?? .max
            let error = events.firstIndex(of: "the error reached the caller") ?? .min
            return ["events": .strings(events), "errorAfterBusyFinished": .bool(busy < error),
                    "elapsedMs": .int(scenarioMilliseconds() - start)]
        },
        QuizScenario("cancellation.firstWins", observes: ["first", "withoutCancelAllMs", "withCancelAllMs", "loserCancelled"],
                     parameters: ["shape": .string("cancelsTheRest")]) { arguments in
            let start = scenarioMilliseconds()
            let waiting = await firstAnswerRace(cancellingTheRest: false)
            let middle = scenarioMilliseconds()
            let cancelling = await firstAnswerRace(cancellingTheRest: try arguments.choice(RaceShape.self) == .cancelsTheRest)
            return ["first": .string(cancelling.first ?? "none"), "withoutCancelAllMs": .int(middle - start),
                    "withCancelAllMs": .int(scenarioMilliseconds() - middle),
                    "loserCancelled": .bool(cancelling.events.contains("Bergen was cancelled") && waiting.first == "Seattle")]
        },
        .single("cancellation.groupErrorCancelsRest", "events", parameters: ["sleeperNapMs": .int(2_000)]) { arguments in
            .strings(await throwingGroupCancelsTheRest(sleeperNap: .milliseconds(arguments.int("sleeperNapMs"))))
        },
        QuizScenario("cancellation.busyLoopRunsToEnd", observes: ["ranToEnd", "cancelledBeforeTheEnd", "stepsRun"], parameters: ["shape": .string("lesson")]) {
            let run = await cancelledBusyLoop(acting: try $0.choice(LessonShape.self) == .wrong)
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
            let run = await pollingAfterStop(swallowingCancellation: try arguments.choice(PollShape.self) == .swallows, attempts: 5, interval: .seconds(1),
                                             stopAfter: .milliseconds(100))
            return ["laps": .int(run.callsBeforeStop + run.callsAfterStop), "elapsedMs": .int(scenarioMilliseconds() - start)]
        },
        polled("cancellation.pollingHotLoop", shape: .swallows),
        polled("cancellation.pollingLoop", shape: .stops),
        QuizScenario("cancellation.cancellationHandler", observes: ["events", "onCancelRanAtOnce", "requestStopped"],
                     parameters: ["shape": .string("lesson")]) { arguments in
            let events = await cancellationHandlerRunsAtOnce(handler: try arguments.choice(LessonShape.self) == .lesson)
            let ran = events.firstIndex(of: "onCancel ran") ?? .max
            let returned = events.firstIndex(of: "cancel() returned") ?? .min
            return ["events": .strings(events), "onCancelRanAtOnce": .bool(ran < returned),
                    "requestStopped": .bool(events.contains("request ended: cancelled"))]
        },
        QuizScenario("cancellation.slidingWindow", observes: ["peakInFlight", "finished", "everyItemOnceInOrder"],
                     parameters: ["cap": .int(5), "items": .int(500)]) { arguments in
            let run = try await slidingWindowDownload(count: arguments.int("items"), cap: arguments.int("cap"))
            return ["peakInFlight": .int(run.mostInFlight), "finished": .int(run.downloadsStarted),
                    "everyItemOnceInOrder": .bool(run.everyItemOnceInOrder)]
        },
        QuizScenario("cancellation.timeoutRace", observes: ["fastResult", "slowResult", "loserCancelled", "noWaitForTheLoser"],
                     parameters: ["shape": .string("limitShorter")]) { arguments in
            let limit: Duration = try arguments.choice(TimeoutShape.self) == .limitShorter ? .milliseconds(100) : .seconds(2)
            let fast = await timeoutRace(operationTakes: .milliseconds(100), limit: .seconds(1))
            let slow = await timeoutRace(operationTakes: .seconds(1), limit: limit)
            let returnedFirst = { (events: [String]) in
                (events.firstIndex(of: "withTimeout returned") ?? .max)
                    < (events.firstIndex(of: "halfway between the answer and the limit") ?? .min)
            }
            return ["fastResult": .string(fast.answer), "slowResult": .string(slow.answer),
                    "loserCancelled": .bool(slow.events.contains("the operation was cancelled")),
                    "noWaitForTheLoser": .bool(returnedFirst(fast.events) && returnedFirst(slow.events))]
        },
        QuizScenario("cancellation.debounce", observes: ["saves", "saved"], parameters: ["shape": .string("lesson")]) { arguments in
            let written = await debouncedSaves(cancelling: try arguments.choice(LessonShape.self) == .lesson)
            return ["saves": .int(written.count), "saved": .int(written.last ?? 0)]
        },
        .single("continuations.wrapCallback", "answer", parameters: ["shape": .string("lesson")], options: .waitForOwnThreads) {
            .string(try $0.choice(LessonShape.self) == .wrong ? callbackReadWithoutWaiting() : await continuationResumedFromAnotherThread())
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
        QuizScenario("continuations.resumeWith", observes: ["success", "failure"], parameters: ["shape": .string("lesson")]) { arguments in
            let returningOnly = try arguments.choice(LessonShape.self) == .wrong
            return ["success": .string(await continuationResumed(with: .success("Seattle"), returningOnly: returningOnly)),
                    "failure": .string(await continuationResumed(with: .failure(Lost()), returningOnly: returningOnly))]
        },
        QuizScenario("countdown.cancelledWhileLet", observes: ["swallowing", "aware"],
                     parameters: ["shape": .string("lesson")]) { arguments in
            let swapped = try arguments.choice(SwapShape.self) == .swapped
            // Which numbers come before the cancel is a race in time, so the bank checks it under seeds only. Run in
            // real time (a student's --schedules strict), the steps are doubled: 200 ms between a number and the
            // cancellation each side, which a quiet machine's threads do not cross (a loaded one's may).
            let step: Duration = arguments.pace.pick(virtual: .milliseconds(200), real: .milliseconds(400))
            let cancelAfter: Duration = arguments.pace.pick(virtual: .milliseconds(500), real: .milliseconds(1000))
            return ["swallowing": .strings(await countdownCancelledAfterTwo(endingOnCancellation: swapped, step: step,
                                                                            cancelAfter: cancelAfter)),
                    "aware": .strings(await countdownCancelledAfterTwo(endingOnCancellation: !swapped, step: step,
                                                                       cancelAfter: cancelAfter))]
        },
        QuizScenario("sequences.nextIsolation", observes: ["plainNextOnLoopActor", "isolationNextOnLoopActor"],
                     parameters: ["shape": .string("lesson")]) { arguments in
            let run = await countdownWhereNextRuns(swapped: try arguments.choice(SwapShape.self) == .swapped)
            return ["plainNextOnLoopActor": .bools(run.plainNextWhileLet + run.plainNextForAwait),
                    "isolationNextOnLoopActor": .bools(run.isolationNextForAwait)]
        },
        .single("streams.countdownStream", "printed", parameters: ["shape": .string("lesson")]) { .strings(await streamCountdownLoop(finishFirst: try $0.choice(LessonShape.self) == .wrong)) },
        QuizScenario("streams.cancelledConsumer", observes: ["events", "termination", "loopEnded"],
                     parameters: ["shape": .string("lesson")]) { arguments in
            let events = await streamConsumerCancelled(finishing: try arguments.choice(LessonShape.self) == .wrong)
            let termination = events.first { $0.hasPrefix("terminated: ") }.map { String($0.dropFirst(12)) } ?? "none"
            return ["events": .strings(events), "termination": .string(termination),
                    "loopEnded": .bool(events.contains("the loop ended"))]
        },
        .single("streams.finishThrowing", "events", parameters: ["shape": .string("lesson")]) {
            .strings(await streamFinishThrowing(plainFinish: try $0.choice(LessonShape.self) == .wrong))
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
        .single("streams.filterMapPrefix", "got", parameters: ["shape": .string("lesson")]) { .ints(await streamFilterMapPrefix(limit: try $0.choice(LessonShape.self) == .wrong ? nil : 2)) },
        .single("streams.fedFromAnotherThread", "got", parameters: ["shape": .string("lesson")], options: .waitForOwnThreads) {
            .ints(await streamFedFromAnotherThread(droppingBeforeTheLoop: try $0.choice(LessonShape.self) == .wrong))
        },
        .single("streams.yieldedBeforeLoop", "got", parameters: ["shape": .string("lesson")]) {
            .strings(await streamValuesBeforeTheLoop(buffering: try $0.choice(LessonShape.self) == .wrong ? .bufferingNewest(0) : .unbounded))
        },
        QuizScenario("streams.secondLoop", observes: ["first", "second"], parameters: ["shape": .string("lesson")]) {
            let loops = await streamSecondLoop(freshStream: try $0.choice(LessonShape.self) == .wrong)
            return ["first": .ints(loops[0]), "second": .ints(loops[1])]
        },
        .single("streams.yieldAfterFinish", "result", parameters: ["shape": .string("lesson")]) {
            .string(await streamYieldAfterFinish(yieldFirst: try $0.choice(LessonShape.self) == .wrong).description)
        },
        .single("streams.onTerminationAfterFinish", "events", parameters: ["shape": .string("lesson")]) {
            .strings(await streamTerminationAfterFinish(finishLater: try $0.choice(LessonShape.self) == .wrong))
        },
        QuizScenario("streams.twoConsumers", observes: ["everyValueOnce", "firstCount", "secondCount"], parameters: ["shape": .string("lesson")]) {
            let run = await streamTwoConsumers(count: 10, broadcast: try $0.choice(LessonShape.self) == .wrong)
            return ["everyValueOnce": .bool(run.everyValueOnce), "firstCount": .int(run.firstCount),
                    "secondCount": .int(run.secondCount)]
        },
        // `Source` is @MainActor: its loops run on the main executor, beside the harness.
        QuizScenario.single("streams.replacedContinuation", "events", parameters: ["shape": .string("cancelFirst")],
                            options: .mainActorScenario) { arguments in
            .strings(try await arguments.choice(ReplaceShape.self).program())
        }.sharingTheProcess(),
        QuizScenario.single("streams.replacedContinuationForever", "events", parameters: ["shape": .string("keepFirst")],
                            options: .mainActorScenario) { arguments in
            .strings(try await arguments.choice(ReplaceShape.self).program())
        }.sharingTheProcess(),
        .single("streams.breakDoesNotTerminate", "events", parameters: ["shape": .string("lesson")]) {
            .strings(await streamBreakOutOfLoop(letGo: try $0.choice(LessonShape.self) == .wrong))
        },
    ]
}

/// "cancelled" from "async let child: cancelled": how a nap ended, without who napped.
func ending(_ line: String) -> String {
    line.split(separator: ": ").last.map(String.init) ?? line
}
