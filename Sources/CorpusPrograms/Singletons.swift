import Dispatch
import Foundation
import Synchronization

// Code that lives longer than one run: a `static let shared` made at its first use and kept for the life of the
// process, with a thread, a queue or a timer of its own. The first run of a process makes it; every later run meets
// it already there. Each program keys its state by a fresh id, so that what earlier runs left does not change what a
// later one gives.

/// A database on a thread of its own, made once: an actor whose serial executor is a dedicated thread (as a
/// database connection or an engine that must be called from one thread is).
actor Database {
    /// The one database.
    static let shared = Database()
    /// Its thread.
    private let executor = ThreadExecutor(name: "database")
    /// Rows, by table.
    private var tables: [UUID: [Int]] = [:]

    /// The actor runs on its thread.
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Inserts `row` into `table`.
    func insert(_ row: Int, into table: UUID) { tables[table, default: []].append(row) }

    /// The rows of `table`, counted after a write that takes `duration`.
    func slowCount(_ table: UUID, writing duration: Duration) async -> Int {
        try? await Task.sleep(for: duration)
        return tables[table]?.count ?? 0
    }

    /// Drops `table`: how many rows it had.
    func drop(_ table: UUID) -> Int { tables.removeValue(forKey: table)?.count ?? 0 }
}

/// An event log on a serial Dispatch queue of its own, made once: an actor whose serial executor is that queue.
actor EventLog {
    /// The one log.
    static let shared = EventLog()
    /// Its queue.
    private let executor = CheckedQueueExecutor(label: "event-log")
    /// Events, by session.
    private var sessions: [UUID: [String]] = [:]

    /// The actor runs on its queue.
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Records `event` in `session`.
    func record(_ event: String, in session: UUID) { sessions[session, default: []].append(event) }

    /// Closes `session`: its events, in the order they were recorded.
    func close(_ session: UUID) -> [String] { sessions.removeValue(forKey: session) ?? [] }
}

/// A server thread, started once, that answers requests handed to it under a condition variable: how a C library
/// with a worker thread of its own is wrapped (`withCheckedContinuation`, resumed on that thread).
final class SquareServer: Sendable {
    /// The one server.
    static let shared = SquareServer()
    /// Requests not yet answered, under the condition's lock.
    private let requests = Locked<[(Int, CheckedContinuation<Int, Never>)]>([])
    /// Signalled when a request comes.
    private let condition = NSCondition()

    /// Starts the server's thread.
    private init() {
        Thread { [self] in serve() }.start()
    }

    /// `n` squared, computed on the server's thread.
    func square(_ n: Int) async -> Int {
        await withCheckedContinuation { continuation in
            condition.lock()
            requests.withLock { $0.append((n, continuation)) }
            condition.signal()
            condition.unlock()
        }
    }

    /// Answers requests, forever.
    private func serve() {
        while true {
            condition.lock()
            while requests.value.isEmpty { condition.wait() }
            let (n, continuation) = requests.withLock { $0.removeFirst() }
            condition.unlock()
            continuation.resume(returning: n * n)
        }
    }
}

/// A heartbeat: a repeating 2 ms `DispatchSourceTimer` started once, on a queue of its own, that wakes whoever waits
/// for the next beat.
final class Heartbeat: Sendable {
    /// The one heartbeat.
    static let shared = Heartbeat()
    /// The beats, and who waits for the next one.
    private let beats = Ticks()

    /// Starts the timer; its handler keeps it (and this heartbeat) for the life of the process.
    private init() {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "heartbeat"))
        timer.setEventHandler { [beats] in
            _ = timer
            beats.tick()
        }
        timer.schedule(deadline: .now() + .milliseconds(2), repeating: .milliseconds(2))
        timer.resume()
    }

    /// The number of the next beat, when it comes.
    func nextBeat() async -> Int { await beats.next() }
}

/// A global actor whose one instance runs on a thread of its own, as apps declare one for their database.
@globalActor actor StoreActor {
    /// The one instance.
    static let shared = StoreActor()
    /// Its thread.
    private let executor = ThreadExecutor(name: "store")
    /// The actor runs on its thread.
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
}

/// Rows kept on the store's global actor, by table.
@StoreActor enum Rows {
    /// The tables.
    static var tables: [UUID: [Int]] = [:]

    /// Inserts `row` into `table`.
    static func insert(_ row: Int, into table: UUID) { tables[table, default: []].append(row) }

    /// Drops `table`: how many rows it had.
    static func drop(_ table: UUID) -> Int { tables.removeValue(forKey: table)?.count ?? 0 }
}

/// A worker thread for `withTaskExecutorPreference`, made once and shared by every caller.
enum Workers {
    /// The one worker thread.
    static let shared = ThreadTaskExecutor(name: "workers")
}

/// An `OperationQueue` that runs one operation at a time, made once, as apps keep one for their background work.
enum Background {
    /// The one queue.
    static let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "background"
        queue.maxConcurrentOperationCount = 1
        return queue
    }()
}

extension Program {
    /// Ten children each insert a row through a database actor that runs on a thread of its own, made once.
    static let threadExecutorSingleton = Program(
        "thread-executor-singleton", "a static let shared actor on a SerialExecutor with a thread of its own; ten children insert a row each",
        onTime: ["10 rows"],
        because: "the actor's thread runs its jobs one at a time, so all ten inserts land in the run's own table"
    ) {
        let table = UUID()
        await withTaskGroup(of: Void.self) { group in
            for row in 0..<10 { group.addTask { await Database.shared.insert(row, into: table) } }
        }
        return "\(await Database.shared.drop(table)) rows"
    }

    /// An actor on a thread of its own, made once, whose method sleeps 2 ms inside it.
    static let threadExecutorActorSleeps = Program(
        "thread-executor-actor-sleeps", "the shared thread-executor actor: two inserts, then a count after a 2 ms sleep inside it, timed",
        onTime: ["2 rows, counted ≥ 2 ms later"],
        because: "a sleep inside an actor on a custom executor lasts at least what it asked, and the inserts came before it"
    ) {
        let table = UUID()
        let start = ContinuousClock.now
        await Database.shared.insert(1, into: table)
        await Database.shared.insert(2, into: table)
        let rows = await Database.shared.slowCount(table, writing: .milliseconds(2))
        _ = await Database.shared.drop(table)
        return "\(rows) rows, counted \(waited(.milliseconds(2), since: start)) later"
    }

    /// A session logged through an actor on a serial queue of its own, made once: three steps in order, and five
    /// pings from a group beside them.
    static let queueExecutorSingleton = Program(
        "queue-executor-singleton", "a static let shared actor on a SerialExecutor over a DispatchQueue; 3 steps in order beside 5 pings",
        onTime: ["8 events; open, read, close in order"],
        because: "one task's calls reach the actor in the order it makes them; the pings land anywhere between them"
    ) {
        let session = UUID()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for step in ["open", "read", "close"] { await EventLog.shared.record(step, in: session) }
            }
            for _ in 0..<5 { group.addTask { await EventLog.shared.record("ping", in: session) } }
        }
        let events = await EventLog.shared.close(session)
        let steps = events.filter { $0 != "ping" }
        return "\(events.count) events; \(steps.joined(separator: ", ")) in order"
    }

    /// Three requests at once to a server thread started once, answered through continuations it resumes.
    static let threadServesRequests = Program(
        "thread-serves-requests", "a Thread started once by a static let, serving requests under an NSCondition; three async lets",
        onTime: ["[4, 9, 16]"],
        because: "the server thread answers every request once, whatever their order, and each await gets its own answer"
    ) {
        async let a = SquareServer.shared.square(2)
        async let b = SquareServer.shared.square(3)
        async let c = SquareServer.shared.square(4)
        return list(await [a, b, c])
    }

    /// Two beats awaited one after the other from a repeating Dispatch timer started once.
    static let dispatchTimerSingleton = Program(
        "dispatch-timer-singleton", "a 2 ms repeating DispatchSourceTimer started once by a static let; await two beats in turn",
        onTime: ["2 beats, in order"],
        because: "the timer keeps firing, each firing wakes the waiters of its time, and a later beat has a higher number"
    ) {
        let first = await Heartbeat.shared.nextBeat()
        let second = await Heartbeat.shared.nextBeat()
        return second > first ? "2 beats, in order" : "beat \(second) after beat \(first)"
    }

    /// Five children and a `Task { @StoreActor in }` on a global actor whose instance runs on a thread of its own.
    static let globalActorOnThread = Program(
        "global-actor-on-thread", "a @globalActor whose shared actor has a thread executor, made once; five children insert, a Task counts",
        onTime: ["5 rows"],
        because: "every insert runs on the global actor's thread, one at a time, before the group returns"
    ) {
        let table = UUID()
        await withTaskGroup(of: Void.self) { group in
            for row in 0..<5 { group.addTask { await Rows.insert(row, into: table) } }
        }
        return "\(await Task { @StoreActor in Rows.drop(table) }.value) rows"
    }

    /// `withTaskExecutorPreference` on a worker thread made once: three `async let`s that sleep 1 ms.
    static let taskExecutorSingleton = Program(
        "task-executor-singleton", "withTaskExecutorPreference(a TaskExecutor thread made once) { three async lets sleeping 1 ms }",
        onTime: ["6"],
        because: "the children run on the shared worker thread and give their numbers; the sum waits for all three"
    ) {
        await withTaskExecutorPreference(Workers.shared) {
            async let a = number(1)
            async let b = number(2)
            async let c = number(3)
            return "\(await a + b + c)"
        }
    }

    /// Three operations added at once to a one-at-a-time `OperationQueue` made once, each resuming its caller.
    static let operationQueueSingleton = Program(
        "operation-queue-singleton", "a shared OperationQueue (maxConcurrentOperationCount 1); three async lets each await an operation",
        onTime: ["3 operations, one at a time"],
        because: "the queue runs its operations one after another, each resumes its own continuation once"
    ) {
        let inside = Locked((now: 0, most: 0))
        func operation() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                Background.queue.addOperation {
                    inside.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                    usleep(200)
                    inside.withLock { $0.now -= 1 }
                    continuation.resume()
                }
            }
        }
        async let a: Void = operation()
        async let b: Void = operation()
        async let c: Void = operation()
        _ = await (a, b, c)
        let most = inside.value.most
        return most == 1 ? "3 operations, one at a time" : "3 operations, \(most) at once"
    }
}

/// A cache whose janitor — a `Task` started once, at the cache's first use — sweeps every 2 ms for the life of the
/// process, waking whoever waits for the next sweep.
final class JanitorCache: Sendable {
    /// The one cache.
    static let shared = JanitorCache()
    /// The sweeps, and who waits for the next one.
    private let sweeps = Ticks()

    /// Starts the janitor.
    private init() {
        Task { [sweeps] in
            while true {
                try? await Task.sleep(for: .milliseconds(2))
                sweeps.tick()
            }
        }
    }

    /// The number of the next sweep, when it comes.
    func nextSweep() async -> Int { await sweeps.next() }
}

extension Program {
    /// Two sweeps awaited one after the other from a janitor `Task` started once, at the cache's first use.
    static let backgroundTaskSingleton = Program(
        "background-task-singleton", "a static let shared whose init starts Task { while true { sleep 2 ms; sweep } }; await two sweeps in turn",
        onTime: ["2 sweeps, in order"],
        because: "the janitor task lives as long as the process and keeps sweeping; a later sweep has a higher number"
    ) {
        let first = await JanitorCache.shared.nextSweep()
        let second = await JanitorCache.shared.nextSweep()
        return second > first ? "2 sweeps, in order" : "sweep \(second) after sweep \(first)"
    }
}
