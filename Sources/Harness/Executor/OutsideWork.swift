import CHarnessTime
import Foundation

/// What a run knows of the work it handed outside its thread: Dispatch blocks it submitted, threads it started.
///
/// `CHarnessTime` (`OutsideWork.c`) follows each piece from its submission to its end and tells the run; the run
/// keeps them here. A quiet run is a deadlock only if none of them can still resume it: none is queued, and each one
/// running is on a thread that waits, with no timeout, for another thread to wake it. Otherwise the run waits for
/// it, and says what it waited for if it never came. Work the run cannot know of (a thread made before it started,
/// another process) is what `RunOptions.outsideWorkGrace` is for.
struct OutsideWork {
    /// What a piece of outside work is.
    enum Kind: Int32 {
        /// A block handed to a Dispatch queue.
        case dispatch = 1
        /// One handed to Dispatch for later (`asyncAfter`).
        case after = 2
        /// One Dispatch runs when a group is done.
        case notify = 3
        /// A thread the run started.
        case thread = 4
        /// A Dispatch timer source the run made, until it is cancelled.
        case source = 5
        /// A task of the run handed to an executor that is not the harness's (an actor's custom `SerialExecutor`, a
        /// preferred `TaskExecutor`), until its job has run there.
        case executor = 6
        /// A thread the run did not start (made before it, or by another run) that ran a job of the run for such an
        /// executor, and may run more: a task of the run stayed with that executor (suspended there, or yielding).
        /// Followed until the run ends: it may resume the run while it runs, not while it waits for work.
        case adopted = 7
        /// A thread the run woke — it signalled the condition variable or semaphore the thread waited on (a server
        /// thread made once, answering requests) — until that thread waits again.
        case woken = 8
        /// A Dispatch read source the run made, until it is cancelled: it fires when its descriptor can be read.
        case readSource = 9
        /// A firing of a Dispatch data source the run made: its handler, handed to its queue when data was merged.
        case sourceFiring = 10
    }

    /// Where a piece of outside work is.
    enum State: Equatable {
        /// Handed out, not started yet.
        case queued
        /// Held by the run until the job that handed it out has run to its next suspension (`HeldWork`): it cannot
        /// resume the run before the run lets it go.
        case held
        /// Waiting for a timer of the run's (a delayed submission, under virtual time): `item` is the C record to
        /// submit when it fires.
        case waitingForTimer(item: UnsafeMutableRawPointer)
        /// Running on the thread with this kernel id.
        case running(thread: Int32)
        /// Its thread sleeps until a timer of the run's fires (a sleep under virtual time).
        case sleeping(thread: Int32)
        /// Its thread's sleep ended; the thread has not yet said it is back (it may still be waiting for a lock of
        /// the run's on its way out: busy whatever `/proc` says).
        case waking(thread: Int32)
        /// A timer source between firings: its timer is the run's (or not set), or Dispatch's real one
        /// (`firesOnItsOwn`: it will fire, so it may resume the run).
        case source(firesOnItsOwn: Bool)
        /// A read source between firings: it may resume the run while its descriptor can be read, which the C record
        /// `item` tells (`harness_outside_source_ready`).
        case watching(item: UnsafeMutableRawPointer)
    }

    /// One piece of outside work.
    struct Item {
        /// What it is.
        var kind: Kind
        /// The queue's label, for Dispatch work; the executor's type, for a task handed to an executor.
        var label: String
        /// Where it is.
        var state: State
        /// For a task handed to an executor: the task (its job's address), and whether, while its job ran there, it
        /// came back to the run or was handed on to another executor (else it stayed with that executor).
        var task = 0
        var leftTheExecutor = false
        /// For a read source: its C record, once it runs.
        var source: UnsafeMutableRawPointer? = nil
    }

    /// The work under way, by serial number (in the order the run handed it out).
    private(set) var items: [UInt64: Item] = [:]
    /// The next serial number (from 1: 0 means "not followed").
    private var nextSerial: UInt64 = 1

    /// Whether nothing is under way.
    var isEmpty: Bool { items.isEmpty }

    /// A piece of work of `kind` is handed out: its serial number.
    mutating func begin(_ kind: Kind, label: String) -> UInt64 {
        let serial = nextSerial
        nextSerial += 1
        let between = kind == .source || kind == .readSource
        items[serial] = Item(kind: kind, label: label, state: between ? .source(firesOnItsOwn: false) : .queued)
        return serial
    }

    /// Task `task` (a job's address) is handed to an executor of type `label`: its serial number.
    mutating func handOff(_ task: Int, label: String) -> UInt64 {
        let serial = begin(.executor, label: label)
        items[serial]?.task = task
        return serial
    }

    /// Job `job` came to the run from the piece `serial` runs now: if it is that piece's task, it left its executor.
    mutating func arrived(_ job: Int, from serial: UInt64) {
        if items[serial]?.kind == .executor, items[serial]?.task == job { items[serial]?.leftTheExecutor = true }
    }

    /// The task of piece `serial` was handed on to another executor while its job ran.
    mutating func handedOn(from serial: UInt64) {
        if items[serial]?.kind == .executor { items[serial]?.leftTheExecutor = true }
    }

    /// The job of piece `serial`, a task handed to an executor, has run on `thread`: the piece ends. If the task stayed
    /// with that executor and `thread` is none of the run's own, the run follows the thread from now on: the serial
    /// number of that (`adopted`), and whether it is new; nil if it does not.
    mutating func handedJobRan(_ serial: UInt64, on thread: Int32, threadIsTheRuns: Bool) -> (serial: UInt64, new: Bool)? {
        let stayed = items[serial].map { $0.kind == .executor && !$0.leftTheExecutor } ?? false
        let label = items[serial]?.label ?? ""
        end(serial)
        guard stayed, !threadIsTheRuns, thread != 0 else { return nil }
        if let adopted = items.first(where: { $0.value.kind == .adopted && $0.value.state == .running(thread: thread) }) {
            return (adopted.key, false)
        }
        let adopted = begin(.adopted, label: label)
        items[adopted]?.state = .running(thread: thread)
        return (adopted, true)
    }

    /// A timer source's timer now fires on Dispatch's real clock (true), or no longer does.
    mutating func source(_ serial: UInt64, firesOnItsOwn: Bool) {
        guard items[serial]?.kind == .source else { return }
        items[serial]?.state = .source(firesOnItsOwn: firesOnItsOwn)
    }

    /// A read source runs (`item`, its C record): between firings, it may resume the run when its descriptor can be
    /// read.
    mutating func watch(_ serial: UInt64, item: UnsafeMutableRawPointer) {
        guard items[serial]?.kind == .readSource else { return }
        items[serial]?.source = item
        items[serial]?.state = .watching(item: item)
    }

    /// A read source's handler ran: it is between firings again.
    mutating func sourceHandled(_ serial: UInt64) {
        guard items[serial]?.kind == .readSource, let item = items[serial]?.source else { return }
        items[serial]?.state = .watching(item: item)
    }

    /// A timer source's handler was sent to its queue (its timer of the run's fired): under way until it ran.
    mutating func sourceFiring(_ serial: UInt64) {
        guard items[serial]?.kind == .source else { return }
        items[serial]?.state = .queued
    }

    /// It started on `thread`.
    mutating func start(_ serial: UInt64, on thread: Int32) {
        items[serial]?.state = .running(thread: thread)
    }

    /// It ended.
    mutating func end(_ serial: UInt64) {
        items[serial] = nil
    }

    /// The run holds it until the job that handed it out suspends.
    mutating func hold(_ serial: UInt64) {
        if items[serial]?.state == .queued { items[serial]?.state = .held }
    }

    /// The run let it go.
    mutating func letGo(_ serial: UInt64) {
        if items[serial]?.state == .held { items[serial]?.state = .queued }
    }

    /// Its submission waits for a timer of the run's.
    mutating func waitForTimer(_ serial: UInt64, item: UnsafeMutableRawPointer) {
        items[serial]?.state = .waitingForTimer(item: item)
    }

    /// Its timer fired: it is queued again, and the C record to submit is returned.
    mutating func timerFired(_ serial: UInt64) -> UnsafeMutableRawPointer? {
        guard case .waitingForTimer(let item)? = items[serial]?.state else { return nil }
        items[serial]?.state = .queued
        return item
    }

    /// Its thread sleeps until a timer of the run's.
    mutating func sleep(_ serial: UInt64) {
        guard case .running(let thread)? = items[serial]?.state else { return }
        items[serial]?.state = .sleeping(thread: thread)
    }

    /// The timer of its thread's sleep fired: the thread runs again.
    mutating func wake(_ serial: UInt64) {
        guard case .sleeping(let thread)? = items[serial]?.state else { return }
        items[serial]?.state = .waking(thread: thread)
    }

    /// A woken thread is back from its sleep.
    mutating func backFromSleep(_ serial: UInt64) {
        guard case .waking(let thread)? = items[serial]?.state else { return }
        items[serial]?.state = .running(thread: thread)
    }

    /// Every delayed submission still waiting for a timer, and every sleeping thread, let go (the run is over):
    /// the C records to submit now.
    mutating func letGo() -> [UnsafeMutableRawPointer] {
        var submit: [UnsafeMutableRawPointer] = []
        for (serial, item) in items {
            switch item.state {
            case .waitingForTimer(let record):
                submit.append(record)
                items[serial]?.state = .queued
            case .sleeping(let thread):
                items[serial]?.state = .waking(thread: thread)
            default: break
            }
        }
        return submit
    }

    /// Whether any of it can still resume the run by itself: something queued, or running on a thread that is not
    /// waiting, with no timeout, for another thread to wake it (`ThreadState`). Reads `/proc`: call it only when
    /// the run has nothing else to do.
    func mayStillResume() -> Bool {
        items.values.contains { item in
            switch item.state {
            case .queued, .waking: true
            case .running(let thread) where item.kind == .adopted: !ThreadState.waitsForWork(thread)
            case .running(let thread): !ThreadState.waitsForAnotherThread(thread)
            case .waitingForTimer, .sleeping, .held: false
            case .source(let firesOnItsOwn): firesOnItsOwn
            case .watching(let item): harness_outside_source_ready(item) != 0
            }
        }
    }

    /// What is under way, in words: "a Dispatch block on 'com.example.queue' (running, thread 1234, waiting for
    /// another thread)".
    var described: [String] {
        items.keys.sorted().map { serial in
            let item = items[serial]!
            let what: String
            switch item.kind {
            case .dispatch: what = "a Dispatch block" + (item.label.isEmpty ? "" : " on '\(item.label)'")
            case .after: what = "a Dispatch block for later" + (item.label.isEmpty ? "" : " on '\(item.label)'")
            case .notify: what = "a Dispatch group's notify block" + (item.label.isEmpty ? "" : " on '\(item.label)'")
            case .thread: what = "a thread the run started"
            case .source: what = "a Dispatch timer source" + (item.label.isEmpty ? "" : " on '\(item.label)'")
            case .executor: what = "a job of a task handed to executor '\(item.label)'"
            case .adopted: what = "a thread the run did not start that ran its work for executor '\(item.label)'"
            case .woken: what = "a thread the run woke (it signalled what the thread waited on)"
            case .readSource: what = "a Dispatch read source" + (item.label.isEmpty ? "" : " on '\(item.label)'")
            case .sourceFiring: what = "a Dispatch data source's handler" + (item.label.isEmpty ? "" : " on '\(item.label)'")
            }
            let state: String
            switch item.state {
            case .queued: state = "queued, not started"
            case .held: state = "held until the job that made it suspends"
            case .waitingForTimer: state = "waiting for its time"
            case .running(let thread) where item.kind == .adopted:
                state = "thread \(thread), " + (ThreadState.waitsForWork(thread) ? "waiting for work" : "running")
            case .running(let thread):
                state = "running on thread \(thread)" +
                    (ThreadState.waitsForAnotherThread(thread) ? ", waiting for another thread to wake it" : "")
            case .sleeping(let thread): state = "asleep on thread \(thread)"
            case .waking(let thread): state = "waking on thread \(thread)"
            case .source(let firesOnItsOwn): state = firesOnItsOwn ? "armed on the real clock" : "not armed, or armed on the run's"
            case .watching(let source):
                state = harness_outside_source_ready(source) != 0 ? "its descriptor can be read" : "waiting for its descriptor"
            }
            return "\(what) (\(state))"
        }
    }
}

/// Outside work the harness thread handed out inside a job, held until the job has run to its next suspension.
enum HeldWork {
    /// A Dispatch submission (`OutsideWork.c`'s item).
    case dispatch(UnsafeMutableRawPointer)
    /// A thread waiting to start.
    case thread(UnsafeMutableRawPointer)
    /// A task handed to an executor that is not the harness's, its job waiting to run there (ForeignExecutors.c).
    case handOff(UnsafeMutableRawPointer)
    /// A signal of a condition or semaphore another thread waits on, or of a semaphore nobody waits on yet (Wakes.c).
    case signal(UnsafeMutableRawPointer)

    /// Lets it go: the submission to Dispatch, the thread to its start. The serial number of a piece of work made as
    /// it goes (the thread a semaphore's signal wakes, if nobody waited when it was made), or 0.
    func release() -> UInt64 {
        switch self {
        case .dispatch(let item): harness_outside_submit(item)
        case .thread(let item): harness_outside_open_thread(item)
        case .handOff(let item): harness_foreign_open(item)
        case .signal(let item): return harness_wake_send(item)
        }
        return 0
    }
}

/// Whether a thread of this process waits, with no timeout, for another thread to wake it (Linux: `/proc`).
enum ThreadState {
    /// True if thread `thread` sleeps on a condition, a semaphore (`DispatchSemaphore.wait()`) or a join with no
    /// timeout, the kind of wait only another thread can end. False if it runs, is ready to, waits for a mutex (its
    /// holder will let go), sleeps with a timeout, waits for the disk or for input, or cannot be read (it may have
    /// ended: then its work told the run already).
    static func waitsForAnotherThread(_ thread: Int32) -> Bool {
        #if os(Linux)
        guard let fields = sleepingCall(thread), fields.count >= 5, let number = Int(fields[0]) else { return false }
        func argument(_ index: Int) -> UInt64? { UInt64(fields[1 + index].dropFirst(2), radix: 16) }
        switch number {
        case Syscall.futex:  // futex(uaddr, op, val, timeout, …)
            guard let op = argument(1), let timeout = argument(3) else { return false }
            // FUTEX_WAIT_BITSET (without FUTEX_PRIVATE_FLAG and FUTEX_CLOCK_REALTIME) and no timeout: how glibc waits
            // on a condition, a semaphore (`DispatchSemaphore.wait()`) and a join. A mutex's wait (FUTEX_WAIT, the PI
            // locks) ends when its holder lets go, which a running thread soon does: not counted as waiting here.
            return op & 0x7F == 9 && timeout == 0
        case Syscall.futexWaitv:  // futex_waitv(waiters, count, flags, timeout, clock)
            return argument(3) == 0
        case Syscall.pause, Syscall.sigsuspend:  // only a signal ends them
            return true
        default:
            return false
        }
        #else
        return false
        #endif
    }

    /// True if thread `thread` sleeps on anything but a lock — a condition, a semaphore, a timed wait, a poll, a read —
    /// or has ended: an executor's thread between jobs, which runs nothing until someone hands it work. False if it
    /// runs or is ready to, waits for the disk, or waits for a mutex (its holder will let go, and it runs on).
    static func waitsForWork(_ thread: Int32) -> Bool {
        #if os(Linux)
        guard let state = state(thread) else { return true }  // ended
        guard state == "S" else { return state == "Z" || state == "X" }
        guard let fields = call(thread) else { return true }
        guard let number = fields.first.flatMap({ Int($0) }) else { return false }  // "running": between two reads
        if number == Syscall.futex, fields.count >= 3, let op = UInt64(fields[2].dropFirst(2), radix: 16) {
            // FUTEX_WAIT (a mutex's wait in glibc), FUTEX_LOCK_PI, FUTEX_LOCK_PI2: a lock, which its holder lets go.
            return ![0, 6, 13].contains(op & 0x7F)
        }
        return true
        #else
        return false
        #endif
    }

    /// True if thread `thread` sleeps in the kernel on something other than a futex: a read of a pipe or a socket,
    /// a poll, a pause — a wait only the program's own work can end. False if it runs, waits for a CPU or the disk,
    /// or waits on a futex (a lock, which its holder lets go of, however late a loaded machine runs it; the waits the
    /// harness wraps — conditions, semaphores, joins, sleeps — are seen where they are made), or cannot be read.
    static func sleepsOnTheProgramsWork(_ thread: Int32) -> Bool {
        #if os(Linux)
        guard let number = sleepingCall(thread)?.first.flatMap({ Int($0) }) else { return false }
        return number >= 0 && number != Syscall.futex && number != Syscall.futexWaitv
        #else
        return false
        #endif
    }

    /// What thread `thread` is doing now, for a report: "on a CPU or waiting for one", "waiting for the disk", or
    /// "asleep in the kernel" and in what (a futex wait: a lock, a semaphore, a condition or a join; a sleep; a read;
    /// a poll…); nil where it cannot be read (it ended, or no `/proc`).
    static func described(_ thread: Int32) -> String? {
        #if os(Linux)
        guard let state = state(thread) else { return nil }
        switch state {
        case "R": return "on a CPU or waiting for one"
        case "D": return "waiting for the disk"
        case "S": break
        default: return nil
        }
        // Asleep already: its call is read once, not through `sleepingCall`, which would read its state again.
        guard let number = call(thread)?.first.flatMap({ Int($0) }), number >= 0 else { return "asleep in the kernel" }
        return "asleep in the kernel in " + callDescribed(number)
        #else
        return nil
        #endif
    }

    /// A system call a thread sleeps in, said for a report.
    static func callDescribed(_ number: Int) -> String {
        switch number {
        case Syscall.futex, Syscall.futexWaitv: "a futex wait (a lock, a semaphore, a condition or a join)"
        case _ where Syscall.sleeps.contains(number): "a sleep (sleep(), usleep(), Thread.sleep)"
        case _ where Syscall.reads.contains(number): "a read (a pipe, a socket or a file)"
        case _ where Syscall.polls.contains(number): "a poll (poll, select, epoll)"
        case _ where Syscall.sockets.contains(number): "a socket's accept or receive"
        case _ where Syscall.childWaits.contains(number): "a wait for a child process"
        case Syscall.pause, Syscall.sigsuspend: "a pause (only a signal ends it)"
        default: "system call \(number)"
        }
    }

    #if os(Linux)
    /// The system call thread `thread` sleeps in (`/proc/self/task/<tid>/syscall`'s fields: its number, then its
    /// arguments in hex), or nil if it is not asleep ('S') or cannot be read.
    private static func sleepingCall(_ thread: Int32) -> [Substring]? {
        state(thread) == "S" ? call(thread) : nil
    }

    /// Thread `thread`'s state letter (`/proc/self/task/<tid>/stat`: "tid (name) S …", the first letter after the last
    /// ')', as a name may hold parentheses), or nil if it cannot be read (it ended).
    private static func state(_ thread: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/self/task/\(thread)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    }

    /// The fields of thread `thread`'s `/proc/self/task/<tid>/syscall`, or nil if it cannot be read.
    private static func call(_ thread: Int32) -> [Substring]? {
        (try? String(contentsOfFile: "/proc/self/task/\(thread)/syscall", encoding: .utf8)).map { $0.split(separator: " ") }
    }
    #endif
}

/// The Linux system calls a sleeping thread is told apart by (`/proc/self/task/<tid>/syscall`'s first field), by
/// their numbers on this architecture: x86_64 has its own table, arm64 (a Mac's Linux container) the kernel's generic
/// one (`asm-generic/unistd.h`), where 202 is `accept`, not `futex`. -1: none on this architecture.
enum Syscall {
    #if arch(x86_64)
    static let futex = 202, futexWaitv = 449, pause = 34, sigsuspend = 130
    static let sleeps: Set = [35, 230]  // nanosleep, clock_nanosleep
    static let reads: Set = [0, 17, 19, 295]  // read, pread64, readv, preadv
    static let polls: Set = [7, 23, 232, 270, 271, 281, 441]  // poll, select, epoll_wait, pselect6, ppoll, epoll_pwait(2)
    static let sockets: Set = [43, 288, 45, 47, 299]  // accept, accept4, recvfrom, recvmsg, recvmmsg
    static let childWaits: Set = [61, 247]  // wait4, waitid
    #else
    static let futex = 98, futexWaitv = 449, pause = -1, sigsuspend = 133
    static let sleeps: Set = [101, 115]  // nanosleep, clock_nanosleep
    static let reads: Set = [63, 67, 65, 69]  // read, pread64, readv, preadv
    static let polls: Set = [72, 73, 22, 441]  // pselect6, ppoll, epoll_pwait, epoll_pwait2
    static let sockets: Set = [202, 242, 207, 212, 243]  // accept, accept4, recvfrom, recvmsg, recvmmsg
    static let childWaits: Set = [260, 95]  // wait4, waitid
    #endif
}

/// The callbacks `OutsideWork.c` calls, one set for the process. Each finds its run from the opaque pointer the
/// harness thread gave C (`harness_job_run_begin`), retained from `begin` to `ended` so that a piece of work that
/// outlives its run still finds an object.
enum OutsideWorkCallbacks {
    /// Registers the callbacks with C, once.
    static let installed: Bool = {
        let callbacks = UnsafeMutablePointer<harness_outside_callbacks>.allocate(capacity: 1)
        callbacks.initialize(to: harness_outside_callbacks(
            begin: { run, kind, label in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                let serial = executor.outsideBegan(OutsideWork.Kind(rawValue: kind) ?? .dispatch,
                                                   label: label.map { String(cString: $0) } ?? "")
                if serial != 0 { _ = Unmanaged.passUnretained(executor).retain() }
                return serial
            },
            started: { run, serial, thread, now, wall in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                guard let virtualNow = executor.outsideStarted(serial, on: thread) else { return 0 }
                now?.pointee = virtualNow.now
                wall?.pointee = virtualNow.wall
                return 1
            },
            ended: { run, serial in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!)
                executor.takeUnretainedValue().outsideEnded(serial)
                executor.release()
            },
            after: { run, serial, delay, item in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                return executor.outsideAfter(serial, delay: delay, item: item!) ? 1 : 0
            },
            sleep: { run, serial, nanoseconds, now, wall in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                guard let virtualNow = executor.helperSleep(serial, nanoseconds: nanoseconds) else { return 0 }
                now?.pointee = virtualNow.now
                wall?.pointee = virtualNow.wall
                return 1
            },
            hold: { run, serial, item in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                return executor.hold(.dispatch(item!), serial: serial) ? 1 : 0
            },
            hold_thread: { run, serial, item in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                return executor.hold(.thread(item!), serial: serial) ? 1 : 0
            },
            arm_source: { run, serial, delay, interval, item in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                executor.outsideArmSource(serial, delay: delay, interval: interval, item: item)
            },
            source_fired: { run, serial, last in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                executor.outsideSourceFired(serial, last: last != 0)
            },
            release_held: { run in
                Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue().releaseHeld(waiting: true)
            },
            handed: { run, target, task, never in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                let object = Unmanaged<AnyObject>.fromOpaque(target!).takeUnretainedValue()
                // The harness's own executors keep the run's work in the run.
                if OutsideWorkCallbacks.isHarnessExecutor(object) {
                    never?.pointee = 1
                    return 0
                }
                let serial = executor.handedOff(Int(bitPattern: task), to: String(describing: type(of: object)))
                if serial != 0 { _ = Unmanaged.passUnretained(executor).retain() }
                return serial
            },
            handed_job_ran: { run, serial, thread, threadsRun in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!)
                let adoption = executor.takeUnretainedValue().handedJobRan(serial, on: thread, threadIsTheRuns: threadsRun != 0)
                // The piece's hold on the run ends; a new adoption takes one of its own.
                if adoption?.new != true { executor.release() }
                return adoption?.serial ?? 0
            },
            adopted_job: { run, serial in
                Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue().adoptedJob(serial) ? 1 : 0
            },
            hold_hand_off: { run, serial, item in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                return executor.hold(.handOff(item!), serial: serial) ? 1 : 0
            },
            hold_signal: { run, serial, item in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                return executor.hold(.signal(item!), serial: serial) ? 1 : 0
            },
            actor_used: { run, actor in
                let executor = Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                RunRegistry.shared.usedActor(UInt(bitPattern: actor), by: executor)
            }))
        harness_outside_set_callbacks(callbacks)
        return true
    }()

    /// Whether `object` is one of the harness's own executors (the process's default executor exists only where the
    /// executors' private interface was compiled in).
    private static func isHarnessExecutor(_ object: AnyObject) -> Bool {
        if object is OneThreadExecutor || object is MainLane { return true }
        #if os(Linux) || HARNESS_EXECUTOR_SPI
        if object is ProcessDefaultExecutor { return true }
        #endif
        return false
    }
}
