import CHarnessTime

/// What a run's tasks did, as the harness's thread saw it: each job it ran, each job a task made ready, each sleep.
/// A timeline is drawn from it for code that leaves no notes (`Timeline.entries`).
///
///     task 1 ran on Counter and yielded; task 2 ran, started task 3 and suspended; task 1 woke up at 10 ms …
///
/// Recording is a few words an event, appended on the harness thread under the executor's lock; names (a task's
/// from `Task(name:)`, an actor's type) are read once per task and made into text only when the timeline is drawn,
/// so a run that never fails pays almost nothing for it.
struct RunEvents: Sendable {
    /// What happened.
    enum Kind: UInt8, Sendable {
        /// The harness ran a job: `task` is its task (0: no task's own, an actor's job); `isMain` if it runs on the
        /// main actor, `firedTimer` if a timer made it ready; `value` the run's virtual time then (-1 under real time).
        case step
        /// The running code (`task`, 0 when the runtime has already let it go; on `actor`) made job `other` ready
        /// (0: an actor's job).
        case enqueue
        /// The running code (`task`, on `actor`) slept `value` nanoseconds (-1: not known); `other` is the job its
        /// timer will run.
        case sleep
        /// The running code (`task`) took lock number `value` of the run (a lock of the code under test, seeded
        /// schedules only), at a lock where the schedule had a choice.
        case takesLock
        /// The running code (`task`) stopped before lock number `value`: the schedule ran another there (`other` 0),
        /// or task `other` holds it. Its next step takes the lock.
        case waitsForLock
    }

    /// One event, in a few words.
    struct Event: Sendable {
        /// What happened.
        var kind: Kind
        /// Whether a timer made the job ready (`step` only).
        var firedTimer = false
        /// Whether the job runs on the main actor (`step` only).
        var isMain = false
        /// The task it concerns, by the runtime's id (0: none).
        var task: UInt32
        /// The other job's task (`enqueue`, `sleep`).
        var other: UInt32 = 0
        /// The actor the running code was on (`enqueue`, `sleep`).
        var actor: ActorName.Kind = .none
        /// A time in nanoseconds (`step`: the run's virtual time; `sleep`: how long).
        var value: Int64 = 0
    }

    /// At most this many events are kept: the first quarter of them from the run's start, the rest its latest (where
    /// a failing run ends); those in between are counted in `dropped`.
    static let capacity = 16_384
    /// How many of them are the run's first.
    private static let headCapacity = capacity / 4
    /// The first events, oldest first.
    private var head: [Event] = []
    /// The latest events once `head` is full: a ring whose oldest is at `tailStart` once it is full.
    private var tail: [Event] = []
    /// Where the oldest event of a full `tail` is.
    private var tailStart = 0
    /// Events between `head` and `tail`, not kept.
    private(set) var dropped = 0
    /// The run's locks seen at a choice, numbered from 1 in the order they were first seen (the schedule's order, so
    /// the same in any process), by address.
    private var lockNumbers: [UInt: Int64] = [:]
    /// What each numbered lock is, as the timeline and the reports say it (`lockName`).
    private var lockKinds: [Int64: String] = [:]
    /// The names tasks were given (`Task(name:)`, `addTask(name:)`), by the runtime's id.
    private(set) var names: [UInt32: String] = [:]
    /// The tasks whose name was asked for.
    private var asked: Set<UInt32> = []
    /// Tasks whose name was asked for, by the low six bits of their id: a look here spares hashing into `asked` on
    /// nearly every event, as a run's tasks take turns.
    private var recentlyAsked = [UInt32](repeating: 0, count: 64)
    /// The runtime's `swift_task_getCurrent` (0: not found; then `withUnsafeCurrentTask` answers) and
    /// `swift_task_getCurrentExecutor`, by address, found once a run: every enqueue asks both, and a static read is a
    /// `swift_once`, `withUnsafeCurrentTask` a copy of an optional through its value witnesses.
    private let currentTaskFunction = RunEvents.currentTaskAddress
    /// `swift_task_getCurrentExecutor`'s address (`ActorName.currentKind(main:function:)`).
    private let currentExecutorFunction = ActorName.currentExecutorAddress
    /// `swift_task_getCurrent`'s address, or 0.
    private static let currentTaskAddress =
        RuntimeSymbol.address("swift_task_getCurrent").map { UInt(bitPattern: $0) } ?? 0
    /// The runtime function's type: no arguments, the current task's address (nil: none).
    private typealias CurrentTask = @convention(thin) () -> UnsafeRawPointer?

    /// The events kept, oldest first, and where the ones not kept were (the index of the first after them).
    var events: (kept: [Event], gap: Int?) {
        // `tailStart` stays 0 until the ring is full: then its oldest is there.
        (head + tail[tailStart...] + tail[..<tailStart], dropped > 0 ? head.count : nil)
    }

    /// Keeps `event`: among the first, or the latest (the oldest of those then goes). Inlined: a job keeps two events,
    /// and the call spilled each event's fields to the stack and back.
    @inline(__always)
    private mutating func keep(_ event: Event) {
        if head.count < Self.headCapacity { return head.append(event) }
        if tail.count < Self.capacity - Self.headCapacity { return tail.append(event) }
        tail[tailStart] = event
        tailStart = (tailStart + 1) % tail.count
        dropped += 1
    }

    /// The harness is about to run a job of `task` (0: an actor's job), on the main actor if `isMain`, at virtual
    /// time `now` (-1: real time).
    mutating func step(task: UInt32, isMain: Bool, firedTimer: Bool, now: Int64) {
        keep(Event(kind: .step, firedTimer: firedTimer, isMain: isMain, task: task, value: now))
    }

    /// The running code made a job of task `other` ready (0: an actor's job); `main` is the identity of the run's main
    /// actor executor.
    mutating func enqueue(_ other: UInt32, main: UnsafeRawPointer) {
        let task = currentTask()
        keep(Event(kind: .enqueue, task: task, other: other,
                   actor: ActorName.currentKind(main: main, function: currentExecutorFunction)))
    }

    /// The running code sleeps `nanoseconds` (-1: not known); its timer will run a job of task `timer`.
    mutating func sleep(_ nanoseconds: Int64, timer: UInt32, main: UnsafeRawPointer) {
        let task = currentTask()
        let actor = ActorName.currentKind(main: main, function: currentExecutorFunction)
        keep(Event(kind: .sleep, task: task, other: timer, actor: actor, value: nanoseconds))
    }

    /// The running code took `lock` after a choice (`takesLock`).
    mutating func takesLock(_ lock: UnsafeMutableRawPointer) {
        keep(Event(kind: .takesLock, task: currentTask(), value: lockNumber(lock)))
    }

    /// The running code stops before `lock`, held by task `holder` (0: free; the schedule ran another).
    mutating func waitsForLock(_ lock: UnsafeMutableRawPointer, holder: UInt32) {
        keep(Event(kind: .waitsForLock, task: currentTask(), other: holder, value: lockNumber(lock)))
    }

    /// `lock`'s number in this run.
    mutating func lockNumber(_ lock: UnsafeMutableRawPointer) -> Int64 {
        let address = UInt(bitPattern: lock)
        if let number = lockNumbers[address] { return number }
        let number = Int64(lockNumbers.count + 1)
        lockNumbers[address] = number
        lockKinds[number] = harness_locks_is_counted_queue(lock) != 0 ? "queue"
            : harness_locks_is_counted_rwlock(lock) != 0 ? "rwlock"
            : harness_locks_is_counted_semaphore(lock) != 0 ? "semaphore" : "lock"
        return number
    }

    /// Names `object`, which a job waits for in the run, by `kind`: "semaphore n" (a Dispatch semaphore, counted or
    /// not), "condition n" (a condition variable), "group n" (a Dispatch group).
    mutating func names(_ object: UnsafeMutableRawPointer, as kind: String) {
        lockKinds[lockNumber(object)] = kind
    }

    /// Lock `number`'s name: "lock 2" (an NSLock-family lock, a pthread mutex, a `Mutex`), "queue 1" (a serial queue's
    /// `sync`), "rwlock 3" (a pthread reader-writer lock), "semaphore 4" (a Dispatch semaphore) or "condition 5" (a condition
    /// variable a job waits on), one count over all.
    func lockName(_ number: Int64) -> String {
        "\(lockKinds[number] ?? "lock") \(number)"
    }

    /// The runtime's id of the task running now (0: none), its name kept the first time it is seen.
    @inline(__always)
    private mutating func currentTask() -> UInt32 {
        let task: UInt32
        if currentTaskFunction != 0 {
            // The task's address, read as `OneThreadExecutor.taskID(_:)` reads an `UnsafeCurrentTask`'s.
            let current = unsafeBitCast(currentTaskFunction, to: CurrentTask.self)()
            task = current?.load(fromByteOffset: 36, as: UInt32.self) ?? 0
        } else {
            task = withUnsafeCurrentTask { $0.map { UInt32(truncatingIfNeeded: OneThreadExecutor.taskID($0)) } } ?? 0
        }
        let slot = Int(task & 63)
        if task != 0, recentlyAsked[slot] != task {
            recentlyAsked[slot] = task
            if asked.insert(task).inserted, let name = Task.name { names[task] = name }
        }
        return task
    }
}

extension RunEvents {
    /// The timeline's rows: one per job a task ran, saying the actor it ran on (`on Counter:`, where the harness saw
    /// its code there) or the actor whose job gave it its turn (`via Counter:`), what it started or resumed, how it
    /// slept and woke, and how the step ended (`yields`, `suspends for an actor`, `sleeps`, `suspends`). Unnamed
    /// tasks are `task 1`, `task 2`… in the order they first appear, so the same schedule gives the same rows in any
    /// process. An actor's own job (which hands a waiting task on to run on the actor) and the job that ends a sleep
    /// get no row: the task they hand on says where it ran, or that it woke.
    func entries() -> [Timeline.Entry] { drawn().entries }

    /// What the timeline calls `task` (the runtime's id): its own name, or `task n` as the timeline numbers it; a task
    /// the timeline never shows is `task #id`.
    func timelineName(of task: UInt32) -> String {
        names[task] ?? drawn().numbers[task].map { "task \($0)" } ?? "task #\(task)"
    }

    /// The timeline's rows, and the numbers it gave unnamed tasks.
    private func drawn() -> (entries: [Timeline.Entry], numbers: [UInt32: Int]) {
        var numbers: [UInt32: Int] = [:]
        func name(_ task: UInt32) -> String {
            if let name = names[task] { return name }
            if numbers[task] == nil { numbers[task] = numbers.count + 1 }
            return "task \(numbers[task]!)"
        }
        /// A step being read: its task, the actor it ran on, the actor whose job gave it its turn, what it did.
        struct Step {
            var task: UInt32
            var actor: ActorName.Kind = .none
            var via: ActorName.Kind = .none
            var parts: [String] = []
            /// Whether it ended ready to run again (a yield, a hop) or asleep, rather than waiting for another.
            var endsReady = false
        }
        var steps: [Step] = []
        var current: Step? = nil
        var seen: Set<UInt32> = []
        var timers: Set<UInt32> = []
        var wakes: [UInt32: Int64] = [:]
        var handedOn: [UInt32: ActorName.Kind] = [:]
        /// The job running: a task's (its id), an actor's (0), or a sleep's (nil: what it hands on wakes).
        var job: UInt32? = 0
        var now: Int64 = -1
        func flush() {
            if let step = current { steps.append(step) }
            current = nil
        }
        func add(_ text: String, endsReady: Bool, actor: ActorName.Kind) {
            guard current != nil else { return }
            if current!.actor == .none { current!.actor = actor }
            current!.parts.append(text)
            current!.endsReady = endsReady
        }
        let (kept, gap) = events
        for (index, event) in kept.enumerated() {
            if index == gap {
                // What led up to the latest events is not kept: start afresh, as at a run's start.
                flush()
                job = 0
            }
            switch event.kind {
            case .step:
                flush()
                now = event.value
                // A sleep's own job (or a timer's that is no task's) wakes the task it hands on; a task whose own job
                // the timer made ready wakes itself.
                if timers.contains(event.task) || (event.firedTimer && event.task == 0) {
                    job = nil
                    continue
                }
                job = event.task
                guard event.task != 0 else { continue }
                _ = name(event.task)
                seen.insert(event.task)
                current = Step(task: event.task, actor: event.isMain ? .main : .none,
                               via: handedOn.removeValue(forKey: event.task) ?? .none)
                if event.firedTimer { wakes[event.task] = now }
                if let woke = wakes.removeValue(forKey: event.task) {
                    let at = woke >= 0 ? " at \(HarnessFailure.format(.nanoseconds(woke)))" : ""
                    current!.parts.append("wakes up" + at)
                }
            case .enqueue:
                guard let running = job else {
                    if event.other != 0 { wakes[event.other] = now }
                    continue
                }
                if running == 0 {
                    // An actor's job hands a task on (one that waited for the actor, or one that code running on the
                    // actor resumed): its next step came by way of that actor.
                    if event.other != 0, event.actor != .none { handedOn[event.other] = event.actor }
                    continue
                }
                if event.other == running {
                    add("yields", endsReady: true, actor: event.actor)
                } else if event.other == 0 {
                    // Into an actor's queue: a call to an actor, or a yield on one.
                    add("suspends for an actor", endsReady: true, actor: event.actor)
                } else {
                    let verb = seen.contains(event.other) ? "resumes" : "starts"
                    seen.insert(event.other)
                    add("\(verb) \(name(event.other))", endsReady: false, actor: event.actor)
                }
            case .takesLock:
                add("takes \(lockName(event.value))", endsReady: false, actor: .none)
            case .waitsForLock:
                add("waits for \(lockName(event.value))" + (event.other != 0 ? " held by \(name(event.other))" : ""),
                    endsReady: true, actor: .none)
            case .sleep:
                if event.other != job { timers.insert(event.other) }
                add(event.value >= 0 ? "sleeps \(HarnessFailure.format(.nanoseconds(event.value)))" : "sleeps",
                    endsReady: true, actor: event.actor)
            }
        }
        flush()
        // A step after which its task runs again, ended neither ready nor asleep: it waited for another.
        var later: Set<UInt32> = []
        var suspends = Array(repeating: false, count: steps.count)
        for index in steps.indices.reversed() {
            suspends[index] = later.contains(steps[index].task) && !steps[index].endsReady
            later.insert(steps[index].task)
        }
        let entries = zip(steps, suspends).map { step, suspends in
            var parts = step.parts
            if suspends { parts.append("suspends") }
            var text = parts.isEmpty ? "runs" : parts.joined(separator: ", ")
            if let actor = step.actor.name {
                text = "on \(actor): " + text
            } else if let actor = step.via.name {
                text = "via \(actor): " + text
            }
            return Timeline.Entry(task: name(step.task), text: text)
        }
        return (entries, numbers)
    }
}
