import Foundation
import ConcurrencyHarness
import Testing

/// Five tasks that each append their number twice, yielding between: the order they interleave in
/// is the schedule made visible.
@Sendable func racingAppends() async -> [Int] {
    let log = Log()
    await withTaskGroup(of: Void.self) { group in
        for n in 0..<5 {
            group.addTask {
                await log.append(n)
                await Task.yield()
                await log.append(n)
            }
        }
    }
    return await log.entries
}

/// An actor that keeps what it is told, in order.
actor Log {
    /// What was appended so far.
    private(set) var entries: [Int] = []
    /// Appends `n`.
    func append(_ n: Int) { entries.append(n) }
}

/// Waits for a resume nobody makes: a deadlock under the harness. The continuation is an unsafe one on purpose: a
/// checked continuation let go unresumed makes the runtime write "SWIFT TASK CONTINUATION MISUSE … leaked" into this
/// process's output, where a green run must be quiet. These tests check the harness, not that line;
/// `ContinuationMisuseTests` checks the line, in a child process, and the deadlock of a checked one.
func waitForAResumeNobodyMakes<T>(isolation: isolated (any Actor)? = #isolation) async -> T {
    await withUnsafeContinuation(isolation: isolation) { (_: UnsafeContinuation<T, Never>) in }
}

/// A claim that any outcome of `body` meets, under `runs`: for tests about how the runs go (a replay string, a
/// setting), not about what they give.
func anyOutcome<Outcome: Hashable & Sendable>(_ runs: [Runs] = [.seeds(1)],
                                              _ body: @escaping @Sendable () async throws -> Outcome) -> Claim<Outcome> {
    Claim("the scenario runs", runs: runs, expect: Expectation(every: .that("any outcome") { _ in true }),
          control: .none(why: "a test of how the runs go, not of what they give"), body)
}

/// Every line of the package's test sources that contains one of `needles`, as `File.swift:12: the line`, leaving out
/// lines that also contain `exempt`: what the tests that read the tests' own sources look for.
func testSourceLines(containing needles: [String], exempt: String? = nil) throws -> [String] {
    let tests = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let files = try #require(FileManager.default.enumerator(atPath: tests.path), "cannot list \(tests.path)")
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(files.count > 20, "the test sources were not found under \(tests.path)")
    var found: [String] = []
    for file in files {
        let text = try String(contentsOf: tests.appending(path: file), encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where needles.contains(where: line.contains) && !(exempt.map(line.contains) ?? false) {
            found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
        }
    }
    return found
}

/// Blocks the calling thread on `semaphore` for at most `seconds`: the blocking job a watchdog test needs. A function
/// of its own because Darwin's Dispatch refuses `wait` written in an async closure; called from one, it blocks that
/// job's thread all the same.
func blockThread(on semaphore: DispatchSemaphore, seconds: Int) -> DispatchTimeoutResult {
    semaphore.wait(timeout: .now() + .seconds(seconds))
}
