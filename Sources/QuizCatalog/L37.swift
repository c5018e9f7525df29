import Harness
import Quiz
import Scenarios
import Subjects

// The scenarios Lesson 37 (the hive: the main actor, tasks, GCD and the pool) names first (`Quiz/L37.json`): a scenario that later files name too is
// registered here, in the first lesson that asks about it.

/// A hive scenario: the errand `shape` measured against the hum; its `shape` argument names another errand for a
/// control. A value the other errand does not report is reported missing, which misses any expectation on it.
func hive(_ name: String, _ observes: [String], _ shape: HiveShape) -> QuizScenario {
    .observing(name, observes, parameters: ["shape": .string(shape.rawValue)], options: .realMainActor,
               adding: { errand in
                   var values: Observation = ["backOn": .string(errand.isolationAfter)]
                   if let grind = errand.grind {
                       values["groundOnMainThread"] = .bool(grind.onMainThread)
                       values["groundOnMainQueue"] = .bool(grind.onMainQueue)
                       values["ranOnMainQueue"] = .bool(grind.onMainQueue)
                   }
                   values["countedOn"] = errand.ranOn.map { .string($0) }
                   return values
               }) { arguments in
        try await arguments.choice(HiveShape.self).run()
    }
}

extension Catalog {
    /// The runtime scenarios Lesson 37 (the hive: the main actor, tasks, GCD and the pool) names first.
    static let lesson37: [QuizScenario] = [
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
        .observing("hive.flyByHand", ["sugar", "byHand", "sameNectar"], parameters: ["shape": .string("hopsBack")], options: .realMainActor) { await hiveFlyByHand(try $0.choice(FlightShape.self)) },
        .observing("hive.concurrentByHand", ["concurrentOn", "byHandOn", "sameGrains", "backOn"], parameters: ["shape": .string("detached")], options: .realMainActor) {
            await hiveConcurrentByHand(try $0.choice(PollenCountShape.self))
        },
        .observing("swarm.bees", ["bees", "threads", "cores", "moved", "backOnMainQueue", "movedShare", "threadsPerCore",
                                  "elapsedMs"],
                   parameters: ["bees": .int(1000), "shape": .string("mainActor")],
                   options: RunOptions { $0.honoursStrictPoolVariable = false },
                   adding: { swarm in ["movedShare": .double(Double(swarm.moved) / Double(max(swarm.bees, 1))),
                                       "threadsPerCore": .double(Double(swarm.threads) / Double(max(swarm.cores, 1)))] }
        ) { arguments in
            await swarm(arguments.int("bees"), try arguments.choice(SwarmShape.self))
        },
        .observing("gcd.whoRunsWhat", ["mainActor", "concurrent", "jar", "gcdGlobal", "jarOnThePool", "poolIsNotGCDs"],
                   parameters: ["shape": .string("eachInItsPlace")], options: RunOptions { $0.honoursStrictPoolVariable = false },
                   adding: { ["jarOnThePool": .bool($0.jar == $0.concurrent), "poolIsNotGCDs": .bool($0.concurrent != $0.gcdGlobal)] }
        ) {
            await whoRunsWhat(try $0.choice(WhoRunsWhatShape.self))
        },
        .observing("tasks.taskAndDetached", ["task", "byHand", "detached", "taskOnMainThread", "detachedOnMainThread",
                                             "taskOnMainQueue", "detachedOnMainQueue", "byHandOnMainQueue"],
                   parameters: ["shape": .string("lesson")], options: .realMainActor) { arguments in
            await taskAndDetached(try arguments.choice(SwapShape.self))
        },
        .observing("tasks.detachedInheritsNothing", ["taskIsolation", "taskTaskLocal", "taskPriorityIsCallers",
                                                     "detachedIsolation", "detachedTaskLocal", "detachedPriorityIsCallers",
                                                     "value"], parameters: ["shape": .string("lesson")]) { arguments in
            await detachedInheritsNothing(try arguments.choice(SwapShape.self))
        },
        .observing("tasks.taskValue", ["type", "size", "value", "copyCancelReachesTask"], parameters: ["shape": .string("cancelACopy")]) {
            await taskValue(try $0.choice(TaskCopyShape.self))
        },
        .observing("tasks.groupFinishOrder", ["added", "back", "allFinishedBeforeReturn"],
                   parameters: ["shape": .string("taskGroup")]) { await groupFinishOrder(try $0.choice(CollectShape.self)) },
        .observing("tasks.threeAtOnce", ["results", "peakInFlight", "elapsedMs"],
                   parameters: ["ms": .int(300), "names": .string("Ada,Bea,Cia"), "suffix": .string(" back"),
                                "shape": .string("atOnce")]) { arguments in
            await threeAtOnce(ms: arguments.int("ms"), names: arguments.string("names"), suffix: arguments.string("suffix"),
                              try arguments.choice(AtOnceShape.self))
        },
        .observing("tasks.asyncLetLineAndRead", ["lineTookMs", "readTookMs", "value"], parameters: ["shape": .string("asyncLet")]) {
            await asyncLetLineAndRead(try $0.choice(AsyncLetLineShape.self))
        },
        .observing("cancellation.isCancelledLoop", ["stopped", "laps", "otherTurnsWhileLooping"],
                   parameters: ["shape": .string("checksAndYields")]) {
            await isCancelledLoop(try $0.choice(CancelledLoopShape.self))
        },
        .observing("mainActor.runFromConcurrent", ["direct", "run"], parameters: ["shape": .string("onTheMainActor")], options: .realMainActor) { await runFromConcurrent(try $0.choice(ReportShape.self)) },
        .observing("gcd.serialQueueThreads", ["distinctThreads", "oneAtATime", "syncRanOnCallingThread"], parameters: ["shape": .string("serial")]) {
            await serialQueueThreads(try $0.choice(SerialQueueShape.self))
        },
        .observing("gcd.cooperativePoolLabels", ["gcdGlobal", "detached", "samePool", "flag4"], parameters: ["shape": .string("task")],
                   options: RunOptions { $0.honoursStrictPoolVariable = false },
                   adding: { ["samePool": .bool($0.gcdGlobal == $0.detached)] }) {
            await cooperativePoolLabels(try $0.choice(PoolLabelShape.self))
        },
        QuizScenario("jar.pour", observes: ["drops", "lost"],
                     parameters: ["bees": .int(500), "shape": .string("pour")]) { arguments in
            let bees = arguments.int("bees")
            let drops = try await pours(bees, try arguments.choice(PourShape.self))
            return ["drops": .int(drops), "lost": .int(2 * bees - drops)]
        },
        // On the real pool, never the strict one: on one thread the plain class could not lose a drop either.
        QuizScenario("jar.protection", observes: ["drops", "lost"], parameters: ["bees": .int(500), "shape": .string("actor")],
                     options: RunOptions { $0.honoursStrictPoolVariable = false }) { arguments in
            let bees = arguments.int("bees")
            let drops = try await protectedPours(bees, try arguments.choice(ProtectionShape.self))
            return ["drops": .int(drops), "lost": .int(bees - drops)]
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
        QuizScenario("cancellation.whoHears", observes: ["asyncLet", "detached", "concurrentSeesCancel"],
                     parameters: ["cancelAfterMs": .int(100), "shape": .string("unstructuredTasks")]) { arguments in
            let outcome = await concurrentVersusDetached(cancelAfter: .milliseconds(arguments.int("cancelAfterMs")),
                                                         shape: try arguments.choice(ChildrenShape.self))
            return ["asyncLet": .string(ending(outcome.asyncLet)), "detached": .string(ending(outcome.detached)),
                    "concurrentSeesCancel": .bool(outcome.concurrentSawCancellation)]
        },
        QuizScenario("cancellation.asyncLetTaskDetached", observes: ["asyncLet", "task", "detached"],
                     parameters: ["cancelAfterMs": .int(100), "shape": .string("unstructuredTasks")]) { arguments in
            let outcome = await whoHearsCancellation(cancelAfter: .milliseconds(arguments.int("cancelAfterMs")),
                                                     shape: try arguments.choice(ChildrenShape.self))
            return ["asyncLet": .string(ending(outcome.asyncLetChild)), "task": .string(ending(outcome.unstructuredTask)),
                    "detached": .string(ending(outcome.detachedTask))]
        },
        .single("cancellation.asyncLetNeverAwaited", "events", parameters: ["shape": .string("neverAwaited")]) {
            .strings(await asyncLetNeverAwaited(shape: try $0.choice(AwaitShape.self)))
        },
    ]
}
