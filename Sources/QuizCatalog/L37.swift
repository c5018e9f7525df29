import ConcurrencyHarness
import ConcurrencyProofsQuiz
import ConcurrencyProofsScenarios
import ConcurrencyProofsSubjects

// The scenarios Lesson 37 (the hive: the main actor, tasks, GCD and the pool) names first (`Quiz/L37.json`): a scenario that later files name too is
// registered here, in the first lesson that asks about it.

/// A hive scenario: the errand `shape` measured against the hum; its `shape` argument names another errand for a
/// control. A value the other errand does not report is reported missing, which misses any expectation on it.
func hive(_ name: String, _ observes: [String], _ shape: HiveShape, file: String = #filePath, line: Int = #line) -> QuizScenario {
    .observing(name, observes, shape: shape, options: .realMainActor,
               adding: { errand in
                   var values: Observation = ["backOn": .string(errand.isolationAfter)]
                   if let grind = errand.grind {
                       values["groundOnMainThread"] = .bool(grind.onMainThread)
                       values["groundOnMainQueue"] = .bool(grind.onMainQueue)
                       values["ranOnMainQueue"] = .bool(grind.onMainQueue)
                       values["groundOnQueue"] = .string(grind.queueLabel)
                   }
                   values["countedOn"] = errand.ranOn.map { .string($0) }
                   return values
               }, file: file, line: line) { arguments in
        await arguments.shape.run()
    }
}

/// How many bees, in which shape.
struct Bees<Shape: ScenarioShape>: ScenarioInput {
    var bees: Int
    var shape: Shape
}

/// Three visits: how long each is at its flower, who visits (comma-separated), what each says back, and how.
struct Visits: ScenarioInput {
    var ms: Int
    var names: String
    var suffix: String
    var shape: AtOnceShape
}

/// How many bees, how many drops each, into which jar.
struct JarPours: ScenarioInput {
    var bees: Int
    var dropsEach: Int
    var shape: ProtectionShape
}

extension Catalog {
    /// The runtime scenarios Lesson 37 (the hive: the main actor, tasks, GCD and the pool) names first.
    static let lesson37: [QuizScenario] = [
        hive("hive.awaitRequest", ["hummed", "beforeOnMainThread", "afterOnMainThread", "beforeOnMainQueue",
                                   "afterOnMainQueue", "isolationAfter"], .awaitRequest),
        hive("hive.awaitSleep", ["hummed"], .awaitSleep),
        hive("hive.mainActorComputation", ["hummed", "groundOnMainThread", "groundOnMainQueue"], .mainActorComputation),
        hive("hive.concurrentComputation", ["hummed", "countedOn", "backOn", "groundOnMainQueue", "groundOnQueue"],
             .concurrentComputation),
        hive("hive.concurrentCallsMainActor", ["hummed", "groundOnMainThread", "groundOnMainQueue"],
             .concurrentCallsMainActor),
        hive("hive.nonsendingComputation", ["hummed", "groundOnMainThread", "groundOnMainQueue"], .nonsendingComputation),
        hive("hive.plainNonisolatedComputation", ["hummed", "ranOn", "ranOnMainQueue"], .plainNonisolatedComputation),
        hive("hive.executorPreference", ["hummed", "groundOnMainThread", "groundOnMainQueue"], .executorPreference),
        .observing("tasks.executorPreferencePlace", ["nonisolatedRanOn"], shape: PreferenceShape.preferred,
                   options: RunOptions { $0.honoursStrictPoolVariable = false }) { await preferredPlace($0.shape) },
        .observing("isolation.isolatedParameter", ["handedTheMainActor", "handedAnActorOfItsOwn", "handedNil"],
                   shape: ParameterShape.isolated, options: .realMainActor) { await isolatedParameterPlaces($0.shape) },
        .observing("hive.flyByHand", ["sugar", "byHand", "hummedWhileOut"], shape: FlightShape.hopsBack, options: .realMainActor) { await hiveFlyByHand($0.shape) },
        .observing("hive.concurrentByHand", ["concurrentOn", "byHandOn", "sameGrains", "backOn"], shape: PollenCountShape.detached, options: .realMainActor) {
            await hiveConcurrentByHand($0.shape)
        },
        .observing("swarm.bees", ["bees", "threads", "cores", "moved", "backOnMainQueue", "movedShare", "threadsPerCore",
                                  "elapsedMs"],
                   Bees(bees: 1000, shape: SwarmShape.mainActor),
                   options: RunOptions { $0.honoursStrictPoolVariable = false },
                   adding: { swarm in ["movedShare": .double(Double(swarm.moved) / Double(max(swarm.bees, 1))),
                                       "threadsPerCore": .double(Double(swarm.threads) / Double(max(swarm.cores, 1)))] }
        ) { arguments in
            await swarm(arguments.bees, arguments.shape)
        },
        .observing("gcd.whoRunsWhat", ["mainActor", "concurrent", "jar", "gcdGlobal", "jarOnThePool", "poolIsNotGCDs"],
                   shape: WhoRunsWhatShape.eachInItsPlace, options: RunOptions { $0.honoursStrictPoolVariable = false },
                   adding: { ["jarOnThePool": .bool($0.jar == $0.concurrent), "poolIsNotGCDs": .bool($0.concurrent != $0.gcdGlobal)] }
        ) {
            await whoRunsWhat($0.shape)
        },
        .observing("tasks.taskAndDetached", ["task", "byHand", "detached", "taskOnMainThread", "detachedOnMainThread",
                                             "taskOnMainQueue", "detachedOnMainQueue", "byHandOnMainQueue"],
                   shape: SwapShape.lesson, options: .realMainActor) { arguments in
            await taskAndDetached(arguments.shape)
        },
        .observing("tasks.detachedInheritsNothing", ["taskIsolation", "taskTaskLocal", "taskPriorityIsCallers",
                                                     "detachedIsolation", "detachedTaskLocal", "detachedPriorityIsCallers",
                                                     "value", "taskOnMainQueue", "detachedOnMainQueue", "detachedPriority"],
                   shape: SwapShape.lesson, options: .realMainActor) { arguments in
            await detachedInheritsNothing(arguments.shape)
        },
        .observing("tasks.taskValue", ["type", "size", "value", "copyCancelReachesTask", "copyIsSameAddress",
                                        "copyValueIsTasks"],
                   shape: TaskCopyShape.cancelACopy) {
            await taskValue($0.shape)
        },
        .observing("tasks.groupFinishOrder", ["added", "back", "allFinishedBeforeReturn"],
                   shape: CollectShape.taskGroup) { await groupFinishOrder($0.shape) },
        .single("tasks.groupWaitsForAll", "allFinishedBeforeReturn", shape: GroupWaitShape.groupChildren) {
            .bool(await groupReturnsAfterEveryChild($0.shape))
        },
        // Its time is read off the clock: exact only where the clock reads the run's virtual time.
        .observing("bees.threeOut", ["results", "elapsedMs"], shape: BeesShape.asyncLet) { await threeBeesOut($0.shape) }
            .needing(.virtualClock),
        .observing("bees.calledHome", ["results", "elapsedMs"], shape: BeesShape.asyncLet) {
            await threeBeesCalledHome(shape: $0.shape)
        },
        .observing("tasks.threeAtOnce", ["results", "peakInFlight", "elapsedMs"],
                   Visits(ms: 300, names: "Ada,Bea,Cia", suffix: " back", shape: .atOnce)) { arguments in
            await threeAtOnce(ms: arguments.ms, names: arguments.names, suffix: arguments.suffix, arguments.shape)
        },
        .observing("tasks.asyncLetLineAndRead", ["lineTookMs", "readTookMs", "value", "readAfterAPauseTookMs"],
                   shape: AsyncLetLineShape.asyncLet) {
            await asyncLetLineAndRead($0.shape)
        },
        .observing("cancellation.isCancelledLoop", ["stopped", "laps", "otherTurnsWhileLooping"],
                   shape: CancelledLoopShape.checksAndYields) {
            await isCancelledLoop($0.shape)
        },
        .observing("mainActor.runFromConcurrent", ["direct", "run", "after"], shape: ReportShape.onTheMainActor,
                   options: .realMainActor) { await runFromConcurrent($0.shape) },
        .observing("gcd.serialQueueThreads", ["distinctThreads", "oneAtATime", "syncRanOnCallingThread", "threadsForTwoSyncs"],
                   shape: SerialQueueShape.serial) {
            await serialQueueThreads($0.shape)
        },
        .observing("gcd.cooperativePoolLabels", ["gcdGlobal", "detached", "samePool", "flag4"], shape: PoolLabelShape.task,
                   options: RunOptions { $0.honoursStrictPoolVariable = false },
                   adding: { ["samePool": .bool($0.gcdGlobal == $0.detached)] }) {
            await cooperativePoolLabels($0.shape)
        },
        QuizScenario("jar.pour", observes: ["drops", "lost"],
                     defaults: Bees(bees: 500, shape: PourShape.pour)) { arguments in
            let bees = arguments.bees
            let drops = try await pours(bees, arguments.shape)
            return ["drops": .int(drops), "lost": .int(2 * bees - drops)]
        },
        // On the real pool, never the strict one: on one thread the plain class could not lose a drop either.
        QuizScenario("jar.protection", observes: ["drops", "lost"], defaults: JarPours(bees: 500, dropsEach: 1, shape: .actor),
                     options: RunOptions { $0.honoursStrictPoolVariable = false }) { arguments in
            let drops = try await protectedPours(arguments.bees, arguments.shape, dropsEach: arguments.dropsEach)
            return ["drops": .int(drops), "lost": .int(arguments.bees * arguments.dropsEach - drops)]
        },
        .single("jar.pourSlowly", "drops", Bees(bees: 100, shape: PourShape.slowly)) { arguments in
            .int(try await pours(arguments.bees, arguments.shape))
        },
        QuizScenario("cancellation.whoHears", observes: ["asyncLet", "detached", "concurrentSeesCancel"],
                     defaults: Shaped(shape: HearingShape.lesson)) { arguments in
            let outcome = await concurrentVersusDetached(shape: arguments.shape)
            return ["asyncLet": .string(ending(outcome.asyncLet)), "detached": .string(ending(outcome.detached)),
                    "concurrentSeesCancel": .bool(outcome.concurrentSawCancellation)]
        },
        QuizScenario("cancellation.asyncLetTaskDetached", observes: ["asyncLet", "task", "detached"],
                     defaults: Shaped(shape: ChildrenShape.unstructuredTasks)) { arguments in
            let outcome = await whoHearsCancellation(shape: arguments.shape)
            return ["asyncLet": .string(ending(outcome.asyncLetChild)), "task": .string(ending(outcome.unstructuredTask)),
                    "detached": .string(ending(outcome.detachedTask))]
        },
        .single("cancellation.asyncLetNeverAwaited", "events", shape: AwaitShape.neverAwaited) {
            .strings(await asyncLetNeverAwaited(shape: $0.shape))
        },
    ]
}
