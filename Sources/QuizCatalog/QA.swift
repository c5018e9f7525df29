import Harness
import Quiz
import Scenarios
import Subjects

// The scenarios the Q&A seed names first (`Quiz/QA.json`): a scenario that later files name too is
// registered here, in the first lesson that asks about it.

extension Catalog {
    /// The seed's poll: ten attempts 5 s apart, stopped after 12.5 s (scaled down for real time by the bank).
    static let polling: [String: ScenarioArgument] = ["intervalMs": .int(5_000), "stopAfterMs": .int(12_500),
                                                       "attempts": .int(10)]

    /// The seed's polling loop in `shape` (its `shape` argument names the other for a control): the requests after
    /// the stop, and those made while the poll's task was cancelled.
    static func polled(_ name: String, shape: PollShape) -> QuizScenario {
        QuizScenario(name, observes: ["callsAfterStop", "callsWhileCancelled"],
                     parameters: polling.merging(["shape": .string(shape.rawValue)]) { $1 }) { arguments in
            let run = await pollingAfterStop(try arguments.choice(PollShape.self),
                                             attempts: arguments.int("attempts"),
                                             interval: .milliseconds(arguments.int("intervalMs")),
                                             stopAfter: .milliseconds(arguments.int("stopAfterMs")))
            return ["callsAfterStop": .int(run.callsAfterStop), "callsWhileCancelled": .int(run.callsWhileCancelled)]
        }
    }

    /// The runtime scenarios the Q&A seed names first.
    static let questionsAndAnswers: [QuizScenario] = [
        .observing("tasks.thousandSleepers", ["finished", "threads", "elapsedMs"], parameters: ["shape": .string("atOnce")]) {
            await thousandSleepers(try $0.choice(AtOnceShape.self))
        },
        .observing("priority.aliases", ["highIsUserInitiated", "lowIsUtility"]) { _ in priorityAliases() },
        .observing("priority.inheritance", ["asyncLetChild", "groupChild", "lowBeforeAwait", "escalated"],
                   parameters: ["shape": .string("inherited")]) {
            await priorityInheritance(try $0.choice(PriorityShape.self))
        },
        .observing("gcd.mainAsync", ["returnedBeforeBlockRan", "ranOnMainThread", "ranOnMainQueue"], parameters: ["shape": .string("mainQueue")], options: .realMainActor) {
            await mainAsync(try $0.choice(MainAsyncShape.self))
        },
        .observing("gcd.mainSyncFromBackground", ["events", "first", "last", "bBeforeD", "cBeforeD", "count"],
                   parameters: ["shape": .string("asyncBeforeSync")], adding: { order in
                       let index = { (name: String) in order.events.firstIndex(of: name) ?? Int.max }
                       return ["first": .string(order.events.first ?? ""), "last": .string(order.events.last ?? ""),
                               "bBeforeD": .bool(index("B") < index("D")), "cBeforeD": .bool(index("C") < index("D")),
                               "count": .int(order.events.count)]
                   }) {
            await mainSyncFromBackground(try $0.choice(MainSyncShape.self))
        },
        .observing("gcd.operationQueueLimit", ["peak", "finished"], parameters: ["shape": .string("limitOfThree")]) { await operationQueueLimit(try $0.choice(OperationLimitShape.self)) },
        .single("gcd.operationDependency", "order", parameters: ["shape": .string("dependent")]) { .strings(await operationDependency(try $0.choice(DependencyShape.self))) },
        .observing("gcd.workItemCancel", ["unstartedRan", "runningSawCancel", "runningFinished"],
                   parameters: ["shape": .string("workItems")]) {
            await workItemCancel(try $0.choice(WorkItemShape.self))
        },
        .single("pool.semaphoreAroundTask", "timedOut", parameters: ["shape": .string("fromATask")]) { .bool(await semaphoreAroundTask(try $0.choice(SignalShape.self))) },
        .single("pool.semaphoreOnMainActor", "timedOut", parameters: ["shape": .string("fromATask")]) { .bool(await semaphoreOnMainActor(try $0.choice(SignalShape.self))) },
        .observing("streams.forgottenFinish", ["consumerEndedBeforeFinish", "consumerEndedAfterFinish"],
                   parameters: ["shape": .string("forgotten")]) {
            await forgottenFinish(try $0.choice(FinishShape.self))
        },
        QuizScenario("weatherCache.failureForgotten", observes: ["asks", "requests"],
                     parameters: ["shape": .string("taskStoring")]) { arguments in
            let asks = try await askTwiceWhileTheFirstRequestFails(arguments.choice(CacheShape.self))
            return ["asks": .strings(asks.results), "requests": .int(asks.requests)]
        },
        polled("cancellation.pollingHotLoop", shape: .swallows),
        polled("cancellation.pollingLoop", shape: .stops),
        QuizScenario("cancellation.cancellationHandler", observes: ["events", "onCancelRanAtOnce", "requestStopped"],
                     parameters: ["shape": .string("withHandler")]) { arguments in
            let events = await cancellationHandlerRunsAtOnce(shape: try arguments.choice(HandlerShape.self))
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
        QuizScenario("continuations.resumeWith", observes: ["success", "failure"], parameters: ["shape": .string("resumeWith")]) { arguments in
            let shape = try arguments.choice(ResumeWithShape.self)
            return ["success": .string(await continuationResumed(with: .success("Seattle"), shape: shape)),
                    "failure": .string(await continuationResumed(with: .failure(Lost()), shape: shape))]
        },
    ]

    /// The crash scenarios the Q&A seed names first.
    static let questionsAndAnswersCrashes: [QuizCrash] = [
        QuizCrash("gcd.syncOntoOwnQueue") { syncOntoOwnQueue() },
        QuizCrash("gcd.mainSyncOnMain") { await mainSyncOnMain() },
        QuizCrash("gcd.unbalancedGroupLeave") { unbalancedGroupLeave() },
        QuizCrash("pool.width") { await printPoolWidth() },
        QuizCrash("gcd.syncOntoOtherQueue") { syncOntoOtherQueue() },
        QuizCrash("gcd.mainSyncOffMain") { await mainSyncOffMain() },
        QuizCrash("gcd.balancedGroupLeave") { balancedGroupLeave() },
    ]
}
