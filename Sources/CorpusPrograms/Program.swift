/// One ordinary concurrency program — the shape an app or a library writes, not written for any test harness — and
/// every outcome the language allows it.
///
/// ```swift
/// let program = Corpus.program(named: "debounce")!
/// let outcome = await program.body()       // "[2]"
/// program.allows(outcome)                  // true on any machine
/// program.allowsOnTime(outcome)            // true where timers are exact and nothing else runs
/// ```
///
/// Two sets, because real time is not exact: `onTime` is what the program gives when every sleep lasts exactly what
/// it asked and a thread runs as soon as it can (virtual time gives that); `late` adds what a loaded machine may also
/// give, when a thread or a timer runs late. A program with no `late` outcome gives the same set anywhere.
public struct Program: Sendable, Identifiable, CustomStringConvertible {
    /// A short name in kebab case, unique in the corpus: `debounce`, `shared-load`.
    public let name: String
    /// What the program gives when every timer fires on time and every thread runs as soon as it can.
    public let onTime: Set<String>
    /// What a loaded machine may give besides: a thread or a timer ran late. Disjoint from `onTime`.
    public let late: Set<String>
    /// Why exactly these outcomes, in one line.
    public let because: String
    /// What the ordinary code is, in a few words.
    public let summary: String
    /// The program itself: its outcome, in words.
    public let body: @Sendable () async -> String
    /// Whether the state it reports is guarded by `Synchronization.Mutex` (or `Atomic`): inline atomics the harness
    /// sees only when a job waits for one another holds, so its seeded verdicts say the sections were not explored.
    /// (A `Mutex` that only hands a continuation over is not counted.)
    public let inlineLocks: Bool

    /// A program named `name`, standing for `summary`, that gives one of `onTime` (or, on a loaded machine, one of
    /// `late`) for the reason `because`.
    init(_ name: String, _ summary: String, onTime: Set<String>, late: Set<String> = [], because: String,
         inlineLocks: Bool = false, body: @escaping @Sendable () async -> String) {
        precondition(!onTime.isEmpty && onTime.isDisjoint(with: late), "\(name): on-time and late outcomes overlap")
        self.name = name
        self.summary = summary
        self.onTime = onTime
        self.late = late
        self.because = because
        self.inlineLocks = inlineLocks
        self.body = body
    }

    /// The name.
    public var id: String { name }

    /// The outcome of a run that can never finish because its tasks wait, in a cycle, for locks each other holds: a
    /// program's set has it only where its `because` argues the deadlock is real (`lock-order-inversion`). On the real
    /// runtime the run is watched from a thread of its own (`LockCycle`) in a process of its own; under the harness
    /// it is a deadlock report that names each waiting task and the holder of the lock it waits for.
    public static let deadlock = "deadlock"

    /// Whether a run may deadlock (`Program.deadlock` is allowed): its real runs are made in a child process, which
    /// a deadlock ends.
    public var mayDeadlock: Bool { allowed.contains(Self.deadlock) }

    /// Every outcome the language allows on a real machine, at any load.
    public var allowed: Set<String> { onTime.union(late) }

    /// Whether the language allows `outcome` on a real machine, at any load.
    public func allows(_ outcome: String) -> Bool { allowed.contains(outcome) }

    /// Whether `outcome` is one the program gives with exact timers and nothing else running (virtual time).
    public func allowsOnTime(_ outcome: String) -> Bool { onTime.contains(outcome) }

    /// `{"[2]"} (late: {"[1, 2]"})`: the sets as a reader sees them.
    public var allowedDescription: String {
        let onTime = Self.render(onTime)
        return late.isEmpty ? onTime : "\(onTime), late also \(Self.render(late))"
    }

    /// `name: allowed — because`.
    public var description: String { "\(name): \(allowedDescription) — \(because)" }

    /// A set of outcomes, sorted, in braces.
    public static func render(_ outcomes: Set<String>) -> String {
        "{" + outcomes.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + "}"
    }
}

/// The differential corpus: every program, in the order the table shows them.
public enum Corpus {
    /// Every program.
    public static let programs: [Program] = [
        // Caches
        .sharedLoad, .sharedLoadWaits, .reentrantCache, .memoPerKey,
        // Time: debounce, throttle, pollers, sleeps, retries, timeouts
        .debounce, .throttle, .poller, .pollUntilReady, .detachedSleepWaits, .retryWithBackoff,
        .timeoutOperationFirst, .timeoutFires, .timeoutWaitsForContinuation,
        // Tasks: unstructured, immediate, detached, cancellation, structured
        .taskStepsActor, .immediateWithSleep, .immediateRunsFirst, .detachedIgnoresCancel, .cancelSleepingTask,
        .cancellationHandler, .groupFirstErrorCancels, .asyncLetSum, .asyncLetUnawaited, .groupCompletionOrder,
        .discardingGroup, .taskLocalInherited, .taskLocalInGroup,
        // Actors and isolation
        .checkAwaitAct, .actorPingPong, .viewModelRefresh, .concurrentFromActorTask, .globalActorRows,
        .globalActorTaskSleeps, .mainActorCounter, .mainActorTaskSleeps, .nonsendingOnActor, .concurrentFromMain,
        // Streams
        .streamFromTask, .streamFromThread, .streamOnTermination, .streamTwoProducers, .throwingStream,
        .streamKeepsNewest, .streamFromDispatchTimer,
        // Work from outside Swift concurrency: callbacks, queues, threads, executors, locks
        .continuationAfter, .continuationFromThread, .callbackOnQueue, .throwingCallbackOnSerialQueue,
        .firstCallbackWins, .queueExecutorActor, .taskExecutorPreference, .mutexTickets, .mutexCounter,
        // Made before the run: a static let shared with a thread, a queue or a timer of its own
        .threadExecutorSingleton, .threadExecutorActorSleeps, .queueExecutorSingleton, .threadServesRequests,
        .dispatchTimerSingleton, .globalActorOnThread, .taskExecutorSingleton, .operationQueueSingleton,
        .backgroundTaskSingleton,
        // Executors and isolation: assumeIsolated, isolated parameters, #isolation, preferences, task order
        .assumeIsolatedOnQueue, .assumeIsolatedOnThread, .isolatedParameter, .isolationDefault, .threeActorHops,
        .actorTaskInheritsIsolation, .globalActorTasksInOrder, .mainActorTasksInOrder, .preferenceSkipsUnstructured,
        .groupChildrenOnTaskExecutor,
        // Cancellation: handlers racing, checks, groups, async let, shared work
        .cancellationHandlerRacesReply, .cancelBeforeHandler, .checkCancellationLoop, .groupCancelAll,
        .asyncLetThrowCancelsSibling, .cancelReachesGroupChildren, .cancellationIsCooperative, .sharedLoadAskerCancelled,
        // Streams: several producers, cancelled consumers, throwing ends, broadcast, buffers, operators
        .streamProducersConsumerCancels, .throwingStreamProducerCancelled, .throwingStreamConsumerCancelled,
        .streamBroadcast, .streamBufferingOldest, .streamOperators, .streamFromConcurrentPerform,
        .streamTerminationFinished, .streamFromSerialQueue,
        // Clocks: deadlines, tolerance, measure, the other clocks
        .sleepUntilWithTolerance, .clockMeasure, .suspendingClockSleep, .deadlineLoop, .sleepPastDeadline,
        .sleepNanoseconds, .dateMeasuresSleep, .dispatchTimeMeasuresSleep,
        // Dispatch sources, groups, work items, semaphores; main-actor work started from outside
        .continuationFromReadSource, .continuationFromDataSource, .timerSourceTimeout, .pipeReadabilityHandler,
        .dispatchGroupNotify, .workItemCancel, .semaphoreOnThread, .mainActorFromThread, .mainQueueFromThread,
        .taskFromCallback, .dispatchDelayBeforeSleep, .dispatchSyncFromTask, .syncBridgeOnThread,
        // Limits and signals: bounded groups, semaphores, gates; what children inherit
        .boundedConcurrencyGroup, .asyncSemaphore, .gateOpensWaiters, .groupBodyReturnsEarly, .priorityInherited,
        .continuationResumedAtOnce,
        // Locked sections: NSLock, NSRecursiveLock, NSCondition, Mutex, a static pthread mutex, a serial queue's sync,
        // a concurrent queue's reads and barriers, a pthread rwlock, a DispatchSemaphore(value: 1)
        .nslockCheckThenAct, .nslockOneSection, .mutexCheckThenAct, .recursiveLockTransfers, .nsconditionHandsToThread,
        .lockOrderInversion, .staticMutexCheckThenAct, .staticMutexOneSection, .queueSyncCheckThenAct,
        .queueSyncOneSection, .concurrentQueueCheckThenAct, .concurrentQueueOneBarrier, .rwlockCheckThenAct,
        .rwlockOneWriteSection, .semaphoreCheckThenAct, .semaphoreOneSection, .nsconditionBetweenTasks,
    ]

    /// The program named `name`, or nil.
    public static func program(named name: String) -> Program? {
        programs.first { $0.name == name }
    }
}
