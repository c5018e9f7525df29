import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A command started with its output to a log file, in a session of its own where `setsid` exists (`swift test`
/// starts its test binary in a process group of its own): stopping it ends everything it started.
final class Child: Sendable {
    /// The running command.
    let process: Process

    /// Starts `arguments` (found on `PATH`) in `folder` (nil: here), its standard output and error to `log`, reading
    /// nothing.
    init(_ arguments: [String], log: String, in folder: String? = nil) throws {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process = Process()
        let session = find("setsid")
        process.executableURL = URL(fileURLWithPath: session ?? "/usr/bin/env")
        process.arguments = (session != nil ? ["-w"] : []) + arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        Running.all.withLock { $0.append(self) }
    }

    /// Its exit status once it ends, or nil if it ran past `limit` or `needless` said it no longer matters (then it
    /// is stopped). A signal to this tool interrupts the wait (its handler stops the command).
    func wait(limit: Duration? = nil, needless: () -> Bool = { false }) -> Int32? {
        let start = ContinuousClock.now
        while process.isRunning {
            Interrupts.honour()
            if let limit, start.duration(to: .now) > limit { stop(); return nil }
            if needless() { stop(); return nil }
            usleep(100_000)
        }
        Running.forget(self)
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// Ends the command and everything it started: TERM, then KILL what is left a second later.
    func stop() {
        // `setsid` forks when it is already a process group leader (Foundation starts it as one), so the command's
        // session is its child's, not its own: both sessions are ended.
        let root = process.processIdentifier
        let table = processTable()
        let leaders = [root] + table.filter { $0.parent == root }.map(\.pid)
        let pids = leaders + table.filter { leaders.contains($0.session) && !leaders.contains($0.pid) }.map(\.pid)
        for pid in pids { kill(pid, SIGTERM) }
        sleep(1)
        for pid in pids { kill(pid, SIGKILL) }
        process.waitUntilExit()
        Running.forget(self)
    }
}

/// The commands running now (one a lane), for an interrupt to stop.
enum Running {
    static let all = Mutex<[Child]>([])

    /// Takes `child`, which ended, off the list.
    static func forget(_ child: Child) {
        all.withLock { $0.removeAll { $0 === child } }
    }
}

/// Every process's id, parent and session (Linux's `/proc`; elsewhere none: `kill` of the process itself must do).
func processTable() -> [(pid: pid_t, parent: pid_t, session: pid_t)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name -> (pid_t, pid_t, pid_t)? in
        guard let pid = pid_t(name),
              let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // pid (comm) state ppid pgrp session …: the second and fourth fields after the name.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 3, let parent = pid_t(fields[1]), let session = pid_t(fields[3]) else { return nil }
        return (pid, parent, session)
    }
}

/// The program `name` on `PATH`, or nil.
func find(_ name: String) -> String? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs `git` with `arguments` in `folder`: its exit status and standard output.
@discardableResult
func git(_ arguments: [String], in folder: String = ".") -> (status: Int32, output: String) {
    let process = Process(), pipe = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", folder] + arguments
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return (127, "") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A file in git's own folder (`git rev-parse --git-path`), which `swift package clean` does not touch.
func gitPath(_ name: String) -> String {
    let path = git(["rev-parse", "--git-path", name]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    return path.isEmpty ? ".build/\(name)" : path
}

/// Takes this checkout's lock, held until the process ends, or says another `scripts/break` holds it: two at once
/// would both apply, and each undo would see the other's patch.
func lockCheckout(_ who: String) throws(Failure) {
    let fd = open(gitPath("breakage-lock.flock"), O_CREAT | O_RDWR, 0o644)
    guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0 else {
        throw Failure("\(who): another scripts/break is running in this checkout; wait for it to end (or end it), then try again.",
                      status: 2)
    }
}

/// What an interrupt (INT, TERM, HUP) does before the tool exits with 130: stop the command running, then `cleanUp`.
/// The signal only sets a flag (all a handler may safely do); the tool acts on it between its steps and while it
/// waits for a command.
func onInterrupt(_ cleanUp: @escaping @Sendable () -> Void) {
    Interrupts.cleanUp.withLock { $0 = cleanUp }
    for number in [SIGINT, SIGTERM, SIGHUP] {
        signal(number) { _ in Interrupts.received.store(true, ordering: .relaxed) }
    }
}

/// The interrupt a signal asked for, and what it does.
enum Interrupts {
    /// Set by the signal handler.
    static let received = Atomic<Bool>(false)
    /// What to undo first.
    static let cleanUp = Mutex<(@Sendable () -> Void)?>(nil)

    /// If a signal came: stops the command running, cleans up, and exits with 130.
    static func honour() {
        guard received.load(ordering: .relaxed) else { return }
        // One thread cleans up and exits; another lane's waits here until the exit ends it.
        guard !honouring.exchange(true, ordering: .acquiringAndReleasing) else { while true { pause() } }
        for child in Running.all.withLock({ $0 }) { child.stop() }
        cleanUp.withLock { $0 }?()
        exit(130)
    }
    /// Set by the thread that honours the interrupt.
    private static let honouring = Atomic<Bool>(false)
}

/// Runs `arguments` (the first found on `PATH`, or a path) here and waits: its exit status, its standard output, and
/// its standard error (in `output` too, in the order written, when `merged`).
func capture(_ arguments: [String], merged: Bool = false) -> (status: Int32, output: String, error: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tools-capture-\(getpid())-\(UUID().uuidString)")
    let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = try FileHandle(forWritingTo: out)
        process.standardOutput = output
        process.standardError = merged ? output : try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        return (process.terminationStatus, read(out), read(err))
    } catch {
        return (127, "", "\(arguments.first ?? ""): \(error)")
    }
}
