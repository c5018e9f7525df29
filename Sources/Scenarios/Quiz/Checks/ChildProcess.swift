import Foundation

/// How a child process ended, and what it wrote.
public struct ChildOutcome: Sendable, Hashable, CustomStringConvertible {
    /// How it ended.
    public enum Ending: Sendable, Hashable, CustomStringConvertible {
        /// It exited with this code.
        case exit(Int)
        /// A signal killed it (4: SIGILL, 5: SIGTRAP, 9: SIGKILL).
        case signal(Int)

        public var description: String {
            switch self {
            case .exit(let code): "exit code \(code)"
            case .signal(let number): "signal \(number)"
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
}

/// Runs programs (the compiler, a crash child) and collects how they ended.
public enum ChildProcess {
    /// Runs `executable` with `arguments` and extra `environment`; killed after `timeout`. Output goes to files,
    /// not pipes, so a child that writes a lot (LLVM IR) never blocks on a full pipe.
    @concurrent public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                                       timeout: Duration = .seconds(120)) async -> ChildOutcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<ChildOutcome, Never>) in
            // A thread of its own: waiting for a child blocks, and the cooperative pool must never block.
            Thread.detachNewThread {
                continuation.resume(returning: runBlocking(executable, arguments, environment: environment, timeout: timeout))
            }
        }
    }

    /// The blocking part of `run`, on a thread of its own.
    private static func runBlocking(_ executable: String, _ arguments: [String], environment: [String: String],
                                    timeout: Duration) -> ChildOutcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-child-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return ChildOutcome(ending: .exit(-1), stdout: "", stderr: "cannot make \(directory.path): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("stdout"), err = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        do {
            let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
            defer {
                try? outHandle.close()
                try? errHandle.close()
            }
            process.standardOutput = outHandle
            process.standardError = errHandle
            process.standardInput = FileHandle.nullDevice
            try process.run()
        } catch {
            return ChildOutcome(ending: .exit(-1), stdout: "", stderr: "cannot start \(executable): \(error)")
        }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            process.waitUntilExit()
            done.signal()
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        if done.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
            done.wait()
        }
        let stdout = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        let ending: ChildOutcome.Ending = process.terminationReason == .uncaughtSignal
            ? .signal(Int(process.terminationStatus)) : .exit(Int(process.terminationStatus))
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
