import Dispatch
import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// A Dispatch source shared with the handler and a task. `@unchecked Sendable`: Dispatch documents a source's methods
/// (`add(data:)`, `cancel()`, `data`) as safe from any thread, and nothing else of it is touched.
private final class Shared<Source>: @unchecked Sendable {
    /// The source.
    let source: Source
    /// Shares `source`.
    init(_ source: Source) { self.source = source }
}

@Suite("A Dispatch read or data source a run makes is followed: its handler's resume is never a false deadlock, and lands where the seed says",
       .serialized, scaledTimeLimit(minutes: 1), .needs(.outsideWork))
struct DispatchSourceTests {
    /// A data source summing what a task adds, one at a time with a yield between, resuming the waiter at ten.
    @Sendable private static func summed() async -> String {
        await withCheckedContinuation { continuation in
            let source = Shared(DispatchSource.makeUserDataAddSource(queue: DispatchQueue(label: "sum")))
            let total = Mutex(0)
            source.source.setEventHandler {
                let sum = total.withLock { $0 += Int(source.source.data); return $0 }
                if sum == 10 {
                    source.source.cancel()
                    continuation.resume(returning: "total \(sum)")
                }
            }
            source.source.resume()
            Task {
                for _ in 0..<10 {
                    source.source.add(data: 1)
                    await Task.yield()
                }
            }
        }
    }

    /// A read source on a pipe, resumed with what a thread writes after sleeping 1 ms.
    @Sendable private static func read() async -> String {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return "no pipe" }
        let (reading, writing) = (ends[0], ends[1])
        return await withCheckedContinuation { continuation in
            let source = Shared(DispatchSource.makeReadSource(fileDescriptor: reading, queue: DispatchQueue(label: "reader")))
            let received = Mutex<[UInt8]>([])
            source.source.setEventHandler {
                var buffer = [UInt8](repeating: 0, count: 16)
                let count = Foundation.read(reading, &buffer, buffer.count)
                let all = received.withLock { received in
                    if count > 0 { received += buffer[..<count] }
                    return received
                }
                if all.count >= 5 || count <= 0 {
                    source.source.cancel()
                    continuation.resume(returning: String(decoding: all, as: UTF8.self))
                }
            }
            source.source.setCancelHandler { close(reading) }
            source.source.resume()
            Thread {
                usleep(1_000)
                _ = Array("hello".utf8).withUnsafeBytes { write(writing, $0.baseAddress, $0.count) }
                close(writing)
            }.start()
        }
    }

    @Test("a data source's handler, fed by add(data:) from a task, sums to 10 and resumes on every strict run and every seed, the same seed the same schedule")
    func dataSource() async {
        let (outcomes, differed) = await Self.outcomes(of: Self.summed)
        #expect(outcomes == ["total 10": 50], "outcomes of 10 strict runs and 40 seeded ones: \(outcomes)")
        #expect(differed.isEmpty, "seeds whose two runs differed: \(differed)")
    }

    @Test("a read source's handler, fired by a thread's write to its pipe, resumes on every strict run and every seed, the same seed the same schedule")
    func readSource() async {
        let (outcomes, differed) = await Self.outcomes(of: Self.read)
        #expect(outcomes == ["hello": 50], "outcomes of 10 strict runs and 40 seeded ones: \(outcomes)")
        #expect(differed.isEmpty, "seeds whose two runs differed: \(differed)")
    }

    @Test("a read source suspended while its pipe has data waits for its resume: a task resumes it 5 ms later, on every seed",
          arguments: [UInt64(1), 2, 3])
    func suspendedReadSource(seed: UInt64) async throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        let (reading, writing) = (ends[0], ends[1])
        defer { close(writing) }
        var options = RunOptions()
        options.outsideWorkLimit = .seconds(1)  // a source taken as due is waited for: fail soon
        let run = try await ConcurrencyHarness.run(.seeded(seed), options: options) { () -> String in
            await withCheckedContinuation { continuation in
                let source = Shared(DispatchSource.makeReadSource(fileDescriptor: reading, queue: DispatchQueue(label: "paused")))
                source.source.setEventHandler {
                    var byte: UInt8 = 0
                    _ = Foundation.read(reading, &byte, 1)
                    source.source.cancel()
                    continuation.resume(returning: "read \(byte)")
                }
                source.source.setCancelHandler { close(reading) }
                source.source.resume()
                source.source.suspend()
                var byte: UInt8 = 7
                _ = write(writing, &byte, 1)
                Task {
                    try? await Task.sleep(for: .milliseconds(5))
                    source.source.resume()
                }
            }
        }
        #expect(run.value == "read 7")
        #expect(run.elapsed == .milliseconds(5), "virtual time at the end: \(run.elapsed)")
    }

    @Test("a read source whose descriptor is never written to: a deadlock whose report names the source")
    func silentReadSource() async {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        defer { close(ends[1]) }  // the read end stays open: the source, never cancelled, still watches it
        do {
            _ = try await ConcurrencyHarness.run(.seeded(1)) { [reading = ends[0]] in
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let source = DispatchSource.makeReadSource(fileDescriptor: reading, queue: DispatchQueue(label: "silent"))
                    source.setEventHandler { continuation.resume() }
                    source.resume()
                }
            }
            Issue.record("the run finished, though nothing was ever written")
        } catch {
            #expect(error.kind == .deadlock, "\(error.summary)")
            #expect(error.summary.contains("a Dispatch read source on 'silent' (waiting for its descriptor)"), "\(error.summary)")
        }
    }

    /// 10 strict runs and 20 seeds run twice each: how often each outcome came, and the seeds whose two runs differed.
    private static func outcomes(of body: @escaping @Sendable () async -> String) async
        -> (outcomes: [String: Int], differed: [UInt64]) {
        var outcomes: [String: Int] = [:]
        var differed: [UInt64] = []
        for _ in 0..<10 { outcomes[await outcome(.strict, body).text, default: 0] += 1 }
        for seed in UInt64(1)...20 {
            let first = await outcome(.seeded(seed), body)
            let second = await outcome(.seeded(seed), body)
            outcomes[first.text, default: 0] += 1
            outcomes[second.text, default: 0] += 1
            if first.text != second.text || first.hash != second.hash { differed.append(seed) }
        }
        return (outcomes, differed)
    }

    /// What one run gave (its value, or its failure's kind) and its schedule hash.
    private static func outcome(_ schedule: Schedule, _ body: @escaping @Sendable () async -> String) async
        -> (text: String, hash: UInt64) {
        do {
            let run = try await ConcurrencyHarness.run(schedule) { await body() }
            return (run.value, run.scheduleHash)
        } catch {
            return (error.kind.rawValue, 0)
        }
    }
}
