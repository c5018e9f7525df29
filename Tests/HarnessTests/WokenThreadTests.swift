import Dispatch
import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// A server thread, made once, that squares the numbers handed to it and resumes each caller's continuation: how a C
/// library with a worker thread of its own is wrapped. It waits for requests on a condition variable, or on a
/// semaphore.
final class SquaringServer: Sendable {
    /// How the thread waits for requests.
    enum Wakeup: Sendable {
        /// Under an `NSCondition` (a condition variable).
        case condition
        /// On a `DispatchSemaphore`, one signal a request.
        case semaphore
    }

    /// Each server, made before any run of its test (the test makes it first).
    static let onCondition = SquaringServer(.condition)
    static let onSemaphore = SquaringServer(.semaphore)

    /// How it waits.
    private let wakeup: Wakeup
    /// Requests not yet answered.
    private let requests = Mutex<[(Int, CheckedContinuation<Int, Never>)]>([])
    /// Signalled when a request comes (`.condition`).
    private let condition = NSCondition()
    /// Signalled once per request (`.semaphore`).
    private let semaphore = DispatchSemaphore(value: 0)

    /// Starts the server's thread, which serves for the process's life.
    private init(_ wakeup: Wakeup) {
        self.wakeup = wakeup
        Thread { [self] in serve() }.start()
    }

    /// `n` squared, computed on the server's thread.
    func square(_ n: Int) async -> Int {
        await withCheckedContinuation { continuation in
            switch wakeup {
            case .condition:
                condition.lock()
                requests.withLock { $0.append((n, continuation)) }
                condition.signal()
                condition.unlock()
            case .semaphore:
                requests.withLock { $0.append((n, continuation)) }
                semaphore.signal()
            }
        }
    }

    /// Answers requests, forever.
    private func serve() {
        while true {
            let request: (Int, CheckedContinuation<Int, Never>)
            switch wakeup {
            case .condition:
                condition.lock()
                while requests.withLock({ $0.isEmpty }) { condition.wait() }
                request = requests.withLock { $0.removeFirst() }
                condition.unlock()
            case .semaphore:
                semaphore.wait()
                request = requests.withLock { $0.removeFirst() }
            }
            request.1.resume(returning: request.0 * request.0)
        }
    }
}

@Suite("A thread made before the run that the run wakes works for the run until it waits again",
       .serialized, scaledTimeLimit(minutes: 1))
struct WokenThreadTests {
    @Test("a server thread made before the runs, waiting under a condition variable or on a semaphore, answers three requests on every strict run and every seed, the same seed the same schedule",
          arguments: [SquaringServer.Wakeup.condition, .semaphore])
    func serverAnswers(wakeup: SquaringServer.Wakeup) async {
        let server = wakeup == .condition ? SquaringServer.onCondition : SquaringServer.onSemaphore
        // Its thread answers once before the runs: it has begun its loop (a thread signalled before it ever waited
        // is not followed, see Platforms).
        _ = await server.square(1)
        @Sendable func scenario() async -> [Int] {
            async let a = server.square(2)
            async let b = server.square(3)
            async let c = server.square(4)
            return await [a, b, c]
        }
        var outcomes: [String: Int] = [:]
        var differed: [UInt64] = []
        for _ in 0..<10 { outcomes[await outcome(.strict, scenario).text, default: 0] += 1 }
        for seed in UInt64(1)...50 {
            let first = await outcome(.seeded(seed), scenario)
            let second = await outcome(.seeded(seed), scenario)
            outcomes[first.text, default: 0] += 1
            outcomes[second.text, default: 0] += 1
            if first.text != second.text || first.hash != second.hash { differed.append(seed) }
        }
        #expect(outcomes == ["[4, 9, 16]": 110], "outcomes of 10 strict runs and 100 seeded ones: \(outcomes)")
        #expect(differed.isEmpty, "seeds whose two runs differed: \(differed)")
    }

    /// What one run gave (its value, or its failure's kind) and its schedule hash.
    private func outcome(_ schedule: Schedule, _ body: @escaping @Sendable () async -> [Int]) async
        -> (text: String, hash: UInt64) {
        do {
            let run = try await ConcurrencyHarness.run(schedule) { await body() }
            return ("\(run.value)", run.scheduleHash)
        } catch {
            return (error.kind.rawValue, 0)
        }
    }
}
