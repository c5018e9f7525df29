import Harness
import Subjects

// The catalog: every name the bank may use, mapped to the scenario function that answers it. Scenarios written
// for the quiz alone live in Quiz/Scenarios; the topic tests' scenarios are mapped here, not copied. Names whose
// scenario another issue is still writing are pending: their entries are "not covered" until it lands.

/// Who is writing the pending scenarios.
enum Awaiting {
    static let reentrancy = "issue 2 (Jar, WeatherCache, Shop, whereAmI: ReentrancyTests)"
    static let lesson40 = "issue 4 (CancellationTests, ContinuationTests, StreamTests)"
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

extension RunOptions {
    /// For scenarios whose actors run on threads of their own (a `ThreadExecutor`) or on a global actor the harness
    /// does not catch: the harness waits for their work instead of calling the quiet moment a deadlock.
    static let waitForOwnThreads = RunOptions { $0.outsideWorkGrace = .seconds(2) }
}

extension QuizCatalog {
    /// The package's catalog.
    public static let standard = QuizCatalog(scenarios: quizScenarios, pending: pendingScenarios,
                                             crashes: quizCrashes, pendingCrashes: pendingCrashes)

    /// Scenarios the quiz runs today.
    static let quizScenarios: [QuizScenario] = [
        // Lesson 37's hive: the main actor's hum against each errand.
        .observing("hive.awaitRequest", ["hummed", "beforeOnMainThread", "afterOnMainThread", "beforeOnMainQueue",
                                         "afterOnMainQueue", "isolationAfter"]) { _ in await hiveAwaitRequest() },
        .observing("hive.awaitSleep", ["hummed"]) { _ in await hiveAwaitSleep() },
        .observing("hive.mainActorComputation", ["hummed", "groundOnMainThread", "groundOnMainQueue"]) { _ in
            await hiveMainActorComputation()
        },
        .observing("hive.concurrentComputation", ["hummed", "countedOn", "backOn"]) { _ in await hiveConcurrentComputation() },
        .observing("hive.concurrentCallsMainActor", ["hummed", "groundOnMainThread", "groundOnMainQueue"]) { _ in
            await hiveConcurrentCallsMainActor()
        },
        .observing("hive.nonsendingComputation", ["hummed", "groundOnMainThread", "groundOnMainQueue"]) { _ in
            await hiveNonsendingComputation()
        },
        .observing("hive.plainNonisolatedComputation", ["hummed", "ranOn", "ranOnMainQueue"]) { _ in
            await hivePlainNonisolatedComputation()
        },
        .observing("hive.executorPreference", ["hummed", "groundOnMainThread", "groundOnMainQueue"]) { _ in
            await hiveExecutorPreference()
        },
        .observing("hive.flyByHand", ["sugar", "byHand", "sameNectar"]) { _ in await hiveFlyByHand() },
        .observing("hive.concurrentByHand", ["concurrentOn", "byHandOn", "sameGrains", "backOn"]) { _ in
            await hiveConcurrentByHand()
        },
        .observing("isolation.writtenOut", ["fromMainActor", "fromConcurrent"]) { _ in await isolationWrittenOut() },

        // Tasks.
        .observing("tasks.taskAndDetached", ["task", "byHand", "detached", "taskOnMainThread", "detachedOnMainThread",
                                             "taskOnMainQueue", "detachedOnMainQueue"]) { _ in await taskAndDetached() },
        .observing("tasks.detachedInheritsNothing", ["taskIsolation", "taskTaskLocal", "taskPriorityIsCallers",
                                                     "detachedIsolation", "detachedTaskLocal", "detachedPriorityIsCallers",
                                                     "value"]) { _ in await detachedInheritsNothing() },
        .observing("tasks.taskValue", ["type", "size", "value", "copyCancelReachesTask"]) { _ in await taskValue() },
        .observing("tasks.groupFinishOrder", ["added", "back", "allFinishedBeforeReturn"]) { _ in await groupFinishOrder() },
        .observing("tasks.threeAtOnce", ["results", "peakInFlight", "elapsedMs"],
                   parameters: ["ms": .int(300), "names": .string("Ada,Bea,Cia"), "suffix": .string(" back")]) { arguments in
            await threeAtOnce(ms: arguments.int("ms"), names: arguments.string("names"), suffix: arguments.string("suffix"))
        },
        .single("tasks.threeAtOnceOneThrows", "caught") { _ in .string(await threeAtOnceOneThrows()) },
        .observing("tasks.asyncLetLineAndRead", ["lineTookMs", "readTookMs", "value"]) { _ in await asyncLetLineAndRead() },
        .observing("tasks.asyncLetStartsAtDeclaration", ["events", "childStartedAtMs"]) { _ in
            await asyncLetStartsAtDeclaration()
        },
        .single("tasks.throwingGroupUnread", "outcome") { _ in .string(await throwingGroupUnread()) },
        .single("tasks.throwingGroupOrder", "answers") { _ in .strings(try await throwingGroupOrder()) },
        .single("tasks.taskKeepsSelfAlive", "events") { _ in .strings(await taskKeepsSelfAlive()) },
        .observing("tasks.thousandSleepers", ["finished", "threads", "elapsedMs"]) { _ in await thousandSleepers() },
        .observing("priority.aliases", ["highIsUserInitiated", "lowIsUtility"]) { _ in priorityAliases() },
        .observing("priority.inheritance", ["asyncLetChild", "groupChild", "lowBeforeAwait", "escalated"]) { _ in await priorityInheritance() },

        // Cancellation the quiz alone asks about.
        .observing("cancellation.isCancelledLoop", ["stopped", "laps", "otherTurnsWhileLooping"]) { _ in
            await isCancelledLoop()
        },
        .single("cancellation.checkCancellationLoop", "outcome") { _ in .string(await checkCancellationLoop()) },
        .observing("cancellation.replaceLoad", ["withCancel", "withoutCancel"]) { _ in await replaceLoad() },

        // Actors and the main actor.
        .single("actors.visits", "count") { _ in .int(await visitsRecorded()) },
        .single("actors.isolatedParameter", "count") { _ in .int(await isolatedParameterFill()) },
        .observing("actors.methodOnMainThread", ["onMainThread", "onMainQueue"]) { _ in await actorMethodPlace() },
        .observing("mainActor.runFromConcurrent", ["direct", "run"]) { _ in await runFromConcurrent() },
        .single("mainActor.renameScreen", "title") { _ in .string(await renameScreen()) },
        .observing("mainActor.concurrentWork", ["ranOffMainThread", "ranOnMainQueue", "isolation"]) { _ in
            await concurrentWork()
        },
        .observing("mainActor.groupChildren", ["childrenOnMainThread", "childrenOnMainQueue", "childIsolation",
                                               "taskIsolation"]) { _ in await stripGroupChildren() },
        .single("mainActor.mainQueueIsMainActor", "assumed") { _ in .bool(await mainQueueIsMainActor()) },
        .single("mainActor.nonsendingAssertion", "result") { _ in .string(await nonsendingAssertion()) },

        // GCD and the pool.
        .observing("gcd.serialQueueThreads", ["distinctThreads", "oneAtATime", "syncRanOnCallingThread"]) { _ in
            await serialQueueThreads()
        },
        .observing("gcd.cooperativePoolLabels", ["gcdGlobal", "detached", "samePool"]) { _ in await cooperativePoolLabels() },
        .observing("gcd.mainAsync", ["returnedBeforeBlockRan", "ranOnMainThread", "ranOnMainQueue"]) { _ in await mainAsync() },
        .observing("gcd.mainSyncFromBackground", ["events", "first", "last", "bBeforeD", "cBeforeD", "count"]) { _ in
            await mainSyncFromBackground()
        },
        .observing("gcd.operationQueueLimit", ["peak", "finished"]) { _ in await operationQueueLimit() },
        .single("gcd.operationDependency", "order") { _ in .strings(await operationDependency()) },
        .observing("gcd.workItemCancel", ["unstartedRan", "runningSawCancel", "runningFinished"]) { _ in
            await workItemCancel()
        },
        .single("pool.semaphoreAroundTask", "timedOut") { _ in .bool(await semaphoreAroundTask()) },
        .single("pool.semaphoreOnMainActor", "timedOut") { _ in .bool(await semaphoreOnMainActor()) },

        // Streams, sequences, ownership.
        .observing("streams.forgottenFinish", ["consumerEndedBeforeFinish", "consumerEndedAfterFinish"]) { _ in
            await forgottenFinish()
        },
        .observing("sequences.lineAfterEndlessLoop", ["beforeCancel", "afterCancel"]) { _ in await lineAfterEndlessLoop() },
        .single("sequences.mainActorSuggestions", "got") { _ in .strings(await mainActorSuggestions()) },
        .single("ownership.handle", "events") { _ in .strings(handleLifetimes()) },

        // Lesson 38's cards on global actors and executors.
        .observing("actors.globalActorKeep", ["cache", "disk"]) { _ in await keepInBoth() },
        .single("executors.ownQueueLabel", "label", options: .waitForOwnThreads) { _ in .string(await ownQueueLabel()) },
    ] + reentrancyScenarios

    /// Issue 2's scenarios (`Sources/Scenarios`, shared with ReentrancyTests), under the bank's names.
    static let reentrancyScenarios: [QuizScenario] = [
        QuizScenario("jar.pour", observes: ["drops", "lost"], parameters: ["bees": .int(500)]) { arguments in
            let bees = arguments.int("bees")
            let drops = try await concurrentPours(bees)
            return ["drops": .int(drops), "lost": .int(2 * bees - drops)]
        },
        .single("jar.pourSlowly", "drops", parameters: ["bees": .int(100)]) { arguments in
            .int(try await concurrentSlowPours(arguments.int("bees")))
        },
        QuizScenario("isolation.whereAmI", observes: ["mainActor", "concurrent", "jar"]) { _ in
            ["mainActor": .string(await whereIsHere()), "concurrent": .string(await whereIsThePool()),
             "jar": .string(await Jar().whereIsTheJar())]
        },
        QuizScenario("actors.interleave", observes: ["events", "interleaved"]) { _ in
            let events = await twoCallsAtOnce()
            let lastBegin = events.lastIndex { $0.hasSuffix("begins") } ?? .max
            let firstEnd = events.firstIndex { $0.hasSuffix("ends") } ?? .min
            return ["events": .strings(events), "interleaved": .bool(events.count == 4 && lastBegin < firstEnd)]
        },
        QuizScenario("actors.globalActorSerialises", observes: ["globalActorPeak", "ownActorsPeak"]) { _ in
            // With company an update's wait ends at once; the patience only bounds a run that has none.
            let global = try await fourUpdatesAtOnce(onOneGlobalActor: true, patience: .milliseconds(50))
            let own = try await fourUpdatesAtOnce(onOneGlobalActor: false, patience: .seconds(2))
            return ["globalActorPeak": .int(global.mostAtOnce), "ownActorsPeak": .int(own.mostAtOnce)]
        },
        QuizScenario("executors.blockingStarvesPool", observes: ["aWaveStarved", "poolShare", "ownExecutorShare"],
                     options: .waitForOwnThreads) { _ in
            // Three saves per thread of the pool, so that at some moment they hold every thread.
            let width = sharedPoolWidth(), saves = 3 * width
            let pool = try await tickerTurnsWhileDisksSave(saves, onOwnThreads: false, patience: .milliseconds(150))
            let own = try await tickerTurnsWhileDisksSave(saves, onOwnThreads: true, patience: .seconds(2))
            return ["aWaveStarved": .bool(pool.saves - pool.savesThatSawATurn >= width),
                    "poolShare": .double(Double(pool.savesThatSawATurn) / Double(pool.saves)),
                    "ownExecutorShare": .double(Double(own.savesThatSawATurn) / Double(own.saves))]
        },
        QuizScenario("shop.twoBuyersOneBag", observes: ["sold", "bagsLeft"], options: .waitForOwnThreads) { _ in
            let sale = await twoBuyersOneBag()
            return ["sold": .int(sale.sold), "bagsLeft": .int(sale.bagsLeft)]
        },
        .single("weatherCache.answersOnly", "requests", parameters: ["askers": .int(2)]) { arguments in
            .int(try await askAtOnce(arguments.int("askers"), .answersOnly).requests)
        },
        QuizScenario("weatherCache.taskPerCity", observes: ["requests", "sameAnswer"], parameters: ["askers": .int(2)]) { arguments in
            let outcome = try await askAtOnce(arguments.int("askers"), .taskStoring)
            return ["requests": .int(outcome.requests), "sameAnswer": .bool(outcome.distinctAnswers == 1)]
        },
        QuizScenario("weatherCache.failureKept", observes: ["asks", "requests"]) { _ in
            let asks = try await askTwiceWhileTheFirstRequestFails(.failureKeeping)
            return ["asks": .strings(asks.results), "requests": .int(asks.requests)]
        },
        QuizScenario("weatherCache.failureForgotten", observes: ["asks", "requests"]) { _ in
            let asks = try await askTwiceWhileTheFirstRequestFails(.taskStoring)
            return ["asks": .strings(asks.results), "requests": .int(asks.requests)]
        },
        .single("weatherCache.diskActorBetween", "requests", parameters: ["askers": .int(2)]) { arguments in
            .int(try await askAtOnce(arguments.int("askers"), .awaitingDiskActor).requests)
        },
        .single("weatherCache.globalActorWithDisk", "requests", parameters: ["askers": .int(2)],
                options: .waitForOwnThreads) { arguments in
            .int(try await askAtOnce(arguments.int("askers"), .weatherActorWithDisk, answerTakes: .milliseconds(1)).requests)
        },
    ]

    /// Scenarios the bank names that other issues are writing.
    static let pendingScenarios: [PendingScenario] = [

        PendingScenario("cancellation.whoHears", observes: ["asyncLet", "detached", "concurrentSeesCancel"], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.asyncLetTaskDetached", observes: ["asyncLet", "task", "detached"], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.asyncLetNeverAwaited", observes: ["events"], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.errorWaitsForBusySibling", observes: ["errorAfterBusyFinished", "elapsedMs"], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.firstWins", observes: ["first", "withoutCancelAllMs", "withCancelAllMs", "loserCancelled"],
                        awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.groupErrorCancelsRest", observes: ["events"], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.busyLoopRunsToEnd", observes: ["ranToEnd", "elapsedMs"], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.innerTaskVersusChild", observes: ["asyncLetChildCancelled", "innerTaskCancelled"],
                        awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.addToCancelledGroup", observes: ["added", "addTaskChildCancelled"], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.trySleepLoop", observes: ["laps", "elapsedMs"], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.pollingHotLoop", observes: ["callsAfterStop"], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.pollingLoop", observes: ["callsAfterStop"], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.cancellationHandler", observes: ["onCancelRanBeforeOperationEnded"], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.slidingWindow", observes: ["peakInFlight", "finished"],
                        parameters: ["cap": .int(5), "items": .int(500)], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.timeoutRace", observes: ["fastResult", "slowResult", "loserCancelled"], awaiting: Awaiting.lesson40),
        PendingScenario("cancellation.debounce", observes: ["saves", "saved"], awaiting: Awaiting.lesson40),
        PendingScenario("continuations.wrapCallback", observes: ["answer"], awaiting: Awaiting.lesson40),
        PendingScenario("continuations.neverResumed", observes: ["waiterFinished"], awaiting: Awaiting.lesson40),
        PendingScenario("continuations.resumeWith", observes: ["success", "failure"], awaiting: Awaiting.lesson40),
        PendingScenario("countdown.whileLet", observes: ["printed"], awaiting: Awaiting.lesson40),
        PendingScenario("countdown.forAwait", observes: ["printed"], awaiting: Awaiting.lesson40),
        PendingScenario("countdown.cancelledWhileLet", observes: ["swallowing", "aware"], awaiting: Awaiting.lesson40),
        PendingScenario("sequences.nextIsolation", observes: ["plainNextOnMainActor", "isolationNextOnMainActor"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.yieldAndFinish", observes: ["values", "loopEnded"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.cancelledConsumer", observes: ["termination", "loopEnded"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.finishThrowing", observes: ["events"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.bufferingNewest", observes: ["got"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.bufferingOldest", observes: ["results"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.defaultRemaining", observes: ["result"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.filterMapPrefix", observes: ["got"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.fedFromAnotherThread", observes: ["got"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.yieldedBeforeLoop", observes: ["got"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.secondLoop", observes: ["first", "second"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.yieldAfterFinish", observes: ["result"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.onTerminationAfterFinish", observes: ["events"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.twoConsumers", observes: ["everyValueOnce", "firstCount", "secondCount"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.replacedContinuation", observes: ["first", "second", "firstEndedOnlyByCancel"], awaiting: Awaiting.lesson40),
        PendingScenario("streams.breakDoesNotTerminate", observes: ["events"], awaiting: Awaiting.lesson40),
    ]

    /// Crash scenarios the quiz runs today.
    static let quizCrashes: [QuizCrash] = [
        QuizCrash("mainActor.plainNonisolatedAssertion") { await plainNonisolatedAssertion() },
        QuizCrash("mainActor.assumeIsolatedOffMain") { await assumeIsolatedOffMain() },
        QuizCrash("gcd.syncOntoOwnQueue") { syncOntoOwnQueue() },
        QuizCrash("gcd.mainSyncOnMain") { await mainSyncOnMain() },
        QuizCrash("gcd.unbalancedGroupLeave") { unbalancedGroupLeave() },
        QuizCrash("pool.width") { await printPoolWidth() },
    ]

    /// Crash scenarios other issues are writing.
    static let pendingCrashes: [String: String] = [
        "continuations.resumedTwice": Awaiting.lesson40,
        "continuations.leaked": Awaiting.lesson40,
    ]
}
