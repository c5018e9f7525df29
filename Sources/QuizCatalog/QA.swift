import ConcurrencyHarness
import ConcurrencyProofsQuiz
import ConcurrencyProofsScenarios
import ConcurrencyProofsSubjects

// The scenarios the Q&A seed names first (`Quiz/QA.json`): a scenario that later files name too is
// registered here, in the first lesson that asks about it.

/// The seed's poll: the attempts' interval, when it is stopped, how many attempts, and how it treats cancellation.
struct Poll: ScenarioInput {
    var intervalMs: Int
    var stopAfterMs: Int
    var attempts: Int
    var shape: PollShape
}

/// A sliding window: at most `cap` downloads in flight, of `items`, kept so in `shape`.
struct Window: ScenarioInput {
    var cap: Int
    var items: Int
    var shape: WindowShape
}

/// An operation queue's limit, and whether it is set.
struct OperationLimitInput: ScenarioInput {
    var limit: Int
    var shape: OperationLimitShape
}

extension Catalog {
    /// The seed's polling loop in `shape` (its `shape` argument names the other for a control): ten attempts 5 s
    /// apart, stopped after 12.5 s (scaled down for real time by the bank); the requests after the stop, and those made
    /// while the poll's task was cancelled.
    static func polled(_ name: String, shape: PollShape, file: String = #filePath, line: Int = #line) -> QuizScenario {
        QuizScenario(name, observes: ["callsAfterStop", "callsWhileCancelled", "afterStopSpanMs"],
                     defaults: Poll(intervalMs: 5_000, stopAfterMs: 12_500, attempts: 10, shape: shape), file: file, line: line) { arguments in
            let run = await pollingAfterStop(arguments.shape, attempts: arguments.attempts,
                                             interval: .milliseconds(arguments.intervalMs),
                                             stopAfter: .milliseconds(arguments.stopAfterMs))
            return ["callsAfterStop": .int(run.callsAfterStop), "callsWhileCancelled": .int(run.callsWhileCancelled),
                    "afterStopSpanMs": .int(run.afterStopSpanMs)]
        }
    }

    /// The runtime scenarios the Q&A seed names first.
    static let questionsAndAnswers: [QuizScenario] = [
        // Its `.blocking` control holds every thread of the pool for a few hundred milliseconds, as lesson 38's
        // blocking saves do.
        .observing("tasks.sleepersAtOnce", ["asleepAtOnce", "poolThreads", "moreAsleepThanThreads"],
                   shape: SleepShape.suspends) {
            await sleepersAtOnce($0.shape)
        },
        .observing("priority.aliases", ["highIsUserInitiated", "lowIsUtility"], NoInput()) { _ in priorityAliases() },
        .observing("priority.inheritance", ["asyncLetChild", "groupChild", "lowBeforeAwait", "escalated"],
                   shape: PriorityShape.inherited) {
            await priorityInheritance($0.shape)
        },
        .observing("gcd.mainAsync", ["returnedBeforeBlockRan", "ranOnMainThread", "ranOnMainQueue"], shape: MainAsyncShape.mainQueue, options: .realMainActor) {
            await mainAsync($0.shape)
        },
        .observing("gcd.mainSyncFromBackground", ["events", "first", "last", "bBeforeD", "cBeforeD", "count"],
                   shape: MainSyncShape.mainQueue, adding: { order in
                       let index = { (name: String) in order.events.firstIndex(of: name) ?? Int.max }
                       return ["first": .string(order.events.first ?? ""), "last": .string(order.events.last ?? ""),
                               "bBeforeD": .bool(index("B") < index("D")), "cBeforeD": .bool(index("C") < index("D")),
                               "count": .int(order.events.count)]
                   }) {
            await mainSyncFromBackground($0.shape)
        },
        .observing("gcd.mainCallReturn", ["returnedBeforeBlockEnded"], shape: MainCallShape.async) {
            await mainCallReturn($0.shape)
        },
        .observing("gcd.operationQueueLimit", ["peak", "finished"], OperationLimitInput(limit: 3, shape: .limited)) {
            await operationQueueLimit(limit: $0.limit, $0.shape)
        },
        .single("gcd.operationDependency", "order", shape: DependencyShape.dependent) { .strings(await operationDependency($0.shape)) },
        .observing("gcd.workItemCancel", ["unstartedRan", "runningSawCancel", "runningFinished"],
                   shape: WorkItemShape.workItems) {
            await workItemCancel($0.shape)
        },
        .observing("gcd.operationCancel", ["unstartedRan", "runningSawCancel", "runningFinished"],
                   shape: OperationCancelShape.looks) {
            await operationCancel($0.shape)
        },
        .single("gcd.groupWithoutLeave", "finished", shape: LeaveShape.missing) { .bool(await groupWithoutLeave($0.shape).finished) },
        .observing("cancellation.asyncLetErrorDropped", ["childThrew", "scope"], shape: DroppedErrorShape.neverAwaited) {
            await asyncLetErrorDropped($0.shape)
        },
        .single("pool.semaphoreAroundTask", "timedOut", shape: SignalShape.fromATask) { .bool(await semaphoreAroundTask($0.shape)) },
        .single("pool.semaphoreOnMainActor", "timedOut", shape: SignalShape.fromATask) { .bool(await semaphoreOnMainActor($0.shape)) },
        .observing("streams.forgottenFinish", ["consumerEndedBeforeFinish", "consumerEndedAfterFinish"],
                   shape: FinishShape.forgotten) {
            await forgottenFinish($0.shape)
        },
        QuizScenario("weatherCache.failureForgotten", observes: ["asks", "requests"],
                     shape: CacheShape.taskStoring) { arguments in
            let asks = try await askTwiceWhileTheFirstRequestFails(arguments.shape)
            return ["asks": .strings(asks.results), "requests": .int(asks.requests)]
        },
        polled("cancellation.pollingHotLoop", shape: .swallows),
        polled("cancellation.pollingLoop", shape: .stops),
        QuizScenario("cancellation.cancellationHandler", observes: ["events", "onCancelRanAtOnce", "requestStopped"],
                     shape: HandlerShape.withHandler) { arguments in
            let events = await cancellationHandlerRunsAtOnce(shape: arguments.shape)
            let ran = events.firstIndex(of: "onCancel ran") ?? .max
            let returned = events.firstIndex(of: "cancel() returned") ?? .min
            return ["events": .strings(events), "onCancelRanAtOnce": .bool(ran < returned),
                    "requestStopped": .bool(events.contains("request ended: cancelled"))]
        },
        QuizScenario("cancellation.slidingWindow", observes: ["peakInFlight", "finished", "everyItemOnceInOrder",
                                                              "slowOneHoldsNoneBack"],
                     defaults: Window(cap: 5, items: 500, shape: .slidingWindow)) { arguments in
            let refills = try await slidingWindowRefills(count: arguments.items, cap: arguments.cap, arguments.shape)
            let run = refills.run
            return ["peakInFlight": .int(run.mostInFlight), "finished": .int(run.downloadsStarted),
                    "everyItemOnceInOrder": .bool(run.everyItemOnceInOrder),
                    "slowOneHoldsNoneBack": .bool(refills.startedWhenTheFirstSlowestEnded > arguments.cap)]
        },
        QuizScenario("cancellation.timeoutRace", observes: ["fastResult", "slowResult", "loserCancelled", "noWaitForTheLoser"],
                     shape: TimeoutShape.limitShorter) { arguments in
            let shape = arguments.shape
            let fast = await timeoutRace(operationTakes: .milliseconds(100), limit: .seconds(1), shape)
            let slow = await timeoutRace(operationTakes: .seconds(1), limit: .milliseconds(100), shape)
            let returnedFirst = { (events: [String]) in
                (events.firstIndex(of: "withTimeout returned") ?? .max)
                    < (events.firstIndex(of: "halfway between the answer and the limit") ?? .min)
            }
            return ["fastResult": .string(fast.answer), "slowResult": .string(slow.answer),
                    "loserCancelled": .bool(slow.events.contains("the operation was cancelled")),
                    "noWaitForTheLoser": .bool(returnedFirst(fast.events) && returnedFirst(slow.events))]
        },
        QuizScenario("continuations.resumeWith", observes: ["success", "failure"], shape: ResumeWithShape.resumeWith) { arguments in
            let shape = arguments.shape
            return ["success": .string(await continuationResumed(with: .success("Seattle"), shape: shape)),
                    "failure": .string(await continuationResumed(with: .failure(Lost()), shape: shape))]
        },
    ]

    /// The crash scenarios the Q&A seed names first.
    static let questionsAndAnswersCrashes: [QuizCrash] = [
        QuizCrash("gcd.syncOntoOwnQueue") { syncOntoOwnQueue() },
        QuizCrash("gcd.seedTestOnMain") { await seedTestOnMain() },
        QuizCrash("gcd.unbalancedGroupLeave") { unbalancedGroupLeave() },
        QuizCrash("pool.width") { await printPoolWidth() },
        QuizCrash("gcd.syncOntoOtherQueue") { syncOntoOtherQueue() },
        QuizCrash("gcd.seedTestFromBackground") { await seedTestFromBackground() },
        QuizCrash("gcd.balancedGroupLeave") { balancedGroupLeave() },
    ]
}
