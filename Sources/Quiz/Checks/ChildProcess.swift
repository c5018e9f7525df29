import CHarnessTime
import Foundation
import ConcurrencyHarness

/// How a child process ended, and what it wrote.
public struct ChildOutcome: Sendable, Hashable, CustomStringConvertible {
    /// How it ended.
    public enum Ending: Sendable, Hashable, CustomStringConvertible {
        /// It exited with this code.
        case exit(Int)
        /// A signal killed it (4: SIGILL, 5: SIGTRAP, 9: SIGKILL).
        case signal(Int)
        /// It was still running when its time ran out (`ChildProcess.run`'s `timeout`, counted in spare time), and
        /// was killed: it shows nothing either way about what it was started to show.
        case outOfTime(Duration)

        public var description: String {
            switch self {
            case .exit(let code): "exit code \(code)"
            case .signal(let number): "signal \(number)"
            case .outOfTime(let limit): "killed when its \(limit) ran out (time in which the machine had a CPU to spare)"
            }
        }
    }

    /// How it ended.
    public var ending: Ending
    /// Its standard output.
    public var stdout: String
    /// Its standard error.
    public var stderr: String

    /// An outcome.
    public init(ending: Ending, stdout: String, stderr: String) {
        self.ending = ending
        self.stdout = stdout
        self.stderr = stderr
    }

    public var description: String { "\(ending)" }

    /// Why this child shows nothing, if it ran out of its time: a check it was to decide is then unguarded for that
    /// reason ("no evidence"), never contradicted, and a control it ran shows nothing (`ControlEvidence.cutByTimeLimit`).
    public var ranOutOfTime: String? {
        guard case .outOfTime = ending else { return nil }
        return "the child process was \(ending)"
    }
}

/// Runs programs (the compiler, a crash child) and collects how they ended.
public enum ChildProcess {
    /// Runs `executable` with `arguments` and extra `environment`; killed once it has had `timeout` (its ending is
    /// then `outOfTime`). The time counts only while the machine had a CPU to spare (`SpareTime`), or the child's own
    /// CPU time where that is more (a child that keeps every CPU busy itself): a loaded machine only delays the kill.
    /// Output goes to files, not pipes, so a child that writes a lot (LLVM IR) never blocks on a full pipe.
    @concurrent public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                                       timeout: Duration = .seconds(120)) async -> ChildOutcome {
        await run(executable, arguments, environment: environment, timeout: timeout, timeSpent: spentTime)
    }

    /// `run`, with the child's time read by `timeSpent` (given the child's pid once it started; returns a reader of
    /// the nanoseconds it has had so far), so that a test can make the machine as busy or as idle as it needs.
    @concurrent static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                                timeout: Duration,
                                timeSpent: @escaping @Sendable (pid_t) -> () -> Int64) async -> ChildOutcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<ChildOutcome, Never>) in
            // A thread of its own: waiting for a child blocks, and the cooperative pool must never block.
            Thread.detachNewThread {
                continuation.resume(returning: runBlocking(executable, arguments, environment: environment,
                                                           timeout: timeout, timeSpent: timeSpent))
            }
        }
    }

    /// The time child `pid` has had since now: spare time, or its own CPU time where that is more.
    @Sendable static func spentTime(_ pid: pid_t) -> () -> Int64 {
        var spare = SpareTime.starting()
        return childTime(pid, spare: { spare.lookNow() })
    }

    /// The time child `pid` has had: `spare` (nanoseconds of spare time since it started), or its own CPU time where
    /// that is more.
    static func childTime(_ pid: pid_t, spare: @escaping () -> Int64) -> () -> Int64 {
        { max(spare(), cpuTime(of: pid) ?? 0) }
    }

    /// Whether a child's CPU time can be read here (this process's own, as a child's would be).
    public static var cpuTimeWorks: Bool { cpuTime(of: getpid()) != nil }

    /// The CPU time process `pid` has used, in nanoseconds, or nil where it cannot be read: `/proc/<pid>/stat`'s user
    /// and system time on Linux; on Darwin `proc_pid_rusage`'s, in Mach time units (`mach_timebase_info`), both found
    /// by name in libSystem (`ChildCPUTime`).
    static func cpuTime(of pid: pid_t) -> Int64? {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After "pid (name)": the state is field 3, user and system time (in clock ticks) fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int64(fields[11]), let system = Int64(fields[12]) else { return nil }
        let ticks = Int64(sysconf(Int32(_SC_CLK_TCK)))
        return ticks > 0 ? (user + system) * (1_000_000_000 / ticks) : nil
        #else
        return ChildCPUTime.nanoseconds(of: pid)
        #endif
    }

    /// The blocking part of `run`, on a thread of its own.
    ///
    /// The child is started with `posix_spawn` and waited for with `waitpid` on this thread, so nothing of
    /// Foundation's `Process` machinery (its run loop, its signal source) runs in a test process beside the other
    /// suites; its output goes to files, so a child that writes a lot never blocks on a full pipe.
    private static func runBlocking(_ executable: String, _ arguments: [String], environment: [String: String],
                                    timeout: Duration, timeSpent: (pid_t) -> () -> Int64) -> ChildOutcome {
        let directory: URL
        do {
            // In the process's scratch folder: a quiz killed while its child runs leaves nothing for good.
            directory = try ScratchFolder.make("quiz-child")
        } catch {
            return ChildOutcome(ending: .exit(-1), stdout: "", stderr: "cannot make a folder for the child: \(error)")
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("stdout").path, err = directory.appendingPathComponent("stderr").path

        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        // Darwin's file actions are an opaque pointer, made by `_init`.
        var actions: posix_spawn_file_actions_t = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        #if os(Linux)
        // None of this process's other descriptors: a pipe another test opened for its own child would otherwise
        // stay open for as long as this child runs, and its reader would wait for this child's end too.
        _ = harness_spawn_close_inherited(&actions)
        #else
        // The same on Darwin: with POSIX_SPAWN_CLOEXEC_DEFAULT the child inherits only what the actions open.
        var attributes: posix_spawnattr_t = nil
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #endif
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        // The child's temporary files go in this folder too, removed with it: swiftc's driver leaves a
        // TemporaryDirectory.* behind in TMPDIR for every compile, thousands over a few quiz runs.
        let variables = ProcessInfo.processInfo.environment.merging(["TMPDIR": directory.path]) { _, new in new }
            .merging(environment) { _, new in new }
            .map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        #if os(Linux)
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        #else
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        #endif
        guard spawned == 0 else {
            return ChildOutcome(ending: .exit(-1), stdout: "", stderr: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        let limit = Nanoseconds(timeout)
        let spent = timeSpent(pid)
        var status: Int32 = 0, outOfTime = false, polls = 0
        // Polls rather than blocks, so that a child that never ends is killed when its time runs out; its time is
        // read every 20 ms (a /proc read or two), the child every 2.
        while waitpid(pid, &status, WNOHANG) == 0 {
            if polls % 10 == 0, spent() >= limit {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                outOfTime = true
                break
            }
            polls += 1
            usleep(2_000)
        }
        let stdout = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        // The wait-status macros are not imported into Swift: the low seven bits are the signal, 0 for an exit.
        let signal = status & 0x7f
        // A child that ended just before the kill keeps its own ending.
        let ending: ChildOutcome.Ending = outOfTime && signal == SIGKILL ? .outOfTime(timeout)
            : signal == 0 ? .exit(Int((status >> 8) & 0xff)) : .signal(Int(signal))
        return ChildOutcome(ending: ending, stdout: stdout, stderr: stderr)
    }

    /// The full path of `name` on `PATH`, if any.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// At most `slots` jobs at once: the compiler checks share two cores with everyone else's builds.
public actor Slots {
    /// Free slots.
    private var free: Int
    /// Jobs waiting for a slot, first come first served.
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A limiter of `slots` at once.
    public init(_ slots: Int) {
        free = max(1, slots)
    }

    /// Runs `job` when a slot is free.
    public func run<T: Sendable>(_ job: @Sendable () async -> T) async -> T {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        defer {
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
        return await job()
    }
}
