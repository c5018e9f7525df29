@testable import ConcurrencyProofsCorpusCheck
@testable import ConcurrencyProofsCorpusPrograms
import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// Seeds each search below runs.
private let seeds = 200

// nonisolated(unsafe): a mutex, touched only through the pthread functions, which keep their own promise.
/// This suite's own static mutex, zero-filled as the corpus's ledger locks are: the corpus test runs those programs
/// beside this suite, and a static mutex is the process's, so a run here never waits for a job of a run there.
nonisolated(unsafe) private var suiteLedgerLock = pthread_mutex_t()

/// `suiteLedgerLock` as a lock an account takes.
private struct SuiteLedgerLock: NSLocking {
    func lock() { pthread_mutex_lock(&suiteLedgerLock) }
    func unlock() { pthread_mutex_unlock(&suiteLedgerLock) }
}

/// A `pthread_mutex_t` that no init ever sees (`PTHREAD_MUTEX_INITIALIZER`, a zero-filled Swift global) is the code
/// under test's when it lies in the program's own static storage, and a choice point from its first lock in a job;
/// the statics of the libraries and of the harness itself never are.
@Suite("A static pthread mutex of the code under test is a choice point; no library's or harness's static is",
       scaledTimeLimit(minutes: 2, defaultSeeds: seeds))
struct StaticMutexTests {
    @Test("a check-then-act under a static mutex overdraws under some seeds and its replay again; one section never",
          .needs(.lockChoicePoints))
    func checkThenActFound() async throws {
        let lock = SuiteLedgerLock()
        var overdrawn: [UInt64] = []
        var interleaving: Interleaving?
        for seed in UInt64(0)..<UInt64(seeds) {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                let account = LockedAccount(100, lock: lock)
                await inTwoChildTasks { account.checkThenWithdraw(100) }
                return account.current
            }
            if run.value < 0 {
                overdrawn.append(seed)
                if interleaving == nil { interleaving = run.interleaving }
            }
        }
        print("[locks] static mutex check-then-act: overdrawn on \(overdrawn.count) of \(seeds) seeds, first "
              + "\(overdrawn.prefix(5))")
        #expect(!overdrawn.isEmpty, "no seed interleaved the two sections of the static mutex: it was no choice point")
        if let interleaving {
            let replayed = try await ConcurrencyHarness.run(.replay(interleaving)) {
                let account = LockedAccount(100, lock: lock)
                await inTwoChildTasks { account.checkThenWithdraw(100) }
                return account.current
            }
            #expect(replayed.value < 0, "the replay of \(interleaving) did not overdraw")
        }
        for seed in UInt64(0)..<UInt64(seeds) {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                await refusedOfTwoWithdrawals(from: LockedAccount(100, lock: lock))
            }
            #expect(run.value == 1, "seed \(seed): \(run.value) of two withdrawals refused")
        }
    }

    @Test("every static mutex of the harness's own C files is in the section Locks.c never counts")
    func harnessStaticsMarked() throws {
        // Unmarked, such a mutex shares the program's static storage with the code under test's and becomes a choice
        // point inside the harness's own bookkeeping: the run pauses there holding it, and the next job that needs
        // it hangs the run (seen with the section's exclusion taken out).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var unmarked: [String] = []
        for folder in ["Sources/CHarnessTime", "Sources/CReplayCheck"] {
            let directory = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where name.hasSuffix(".c") || name.hasSuffix(".h") {
                let lines = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                    .components(separatedBy: "\n")
                for (index, line) in lines.enumerated()
                where (line.contains("MUTEX_INITIALIZER") || line.contains("static pthread_mutex_t "))
                    && !line.contains("HARNESS_OWN_MUTEX")
                    && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    unmarked.append("\(folder)/\(name):\(index + 1): \(line)")
                }
            }
        }
        #expect(unmarked.isEmpty,
                "static mutexes of the harness without HARNESS_OWN_MUTEX:\n\(unmarked.joined(separator: "\n"))")
    }

    @Test("in a process of its own, the whole corpus under seeds counts no static mutex but the static-mutex programs' two",
          .needs(.lockChoicePoints, .defaultExecutor, .timers, .outsideWork, .virtualClock))
    func onlyTheProgramsStaticsCount() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            // Every program but those known to crash the harness, the static-mutex ones last: Foundation's and
            // CoreFoundation's locks, Dispatch's, the runtime's, threads, executors, timers, and the harness's own C
            // files (conditions signalled, sources, hops), all inside jobs of seeded runs.
            let ours: Set = ["static-mutex-check-then-act", "static-mutex-one-section"]
            let others = Corpus.programs.filter {
                KnownFalseVerdict.all[$0.name]?.kind != .crash && !ours.contains($0.name)
            }
            let before = LockPoints.countedStatic
            await withTaskGroup(of: Void.self) { group in
                for program in others {
                    group.addTask {
                        _ = try? await HarnessObservation.observe(program, strictRuns: 1, seeds: 3, passes: 1)
                    }
                }
            }
            let afterOthers = LockPoints.countedStatic
            for name in ours.sorted() {
                guard let program = Corpus.program(named: name) else { exit(3) }
                _ = try? await HarnessObservation.observe(program, strictRuns: 1, seeds: 3, passes: 1)
            }
            let afterOurs = LockPoints.countedStatic
            let counted = "static mutexes counted: \(afterOthers - before) by \(others.count) other programs, "
                + "\(afterOurs - afterOthers) by the two static-mutex programs\n"
            FileHandle.standardError.write(Data(counted.utf8))
        }
        let said = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        let counts = said.firstMatch(of: #/static mutexes counted: (\d+) by (\d+) other programs, (\d+) by the two static-mutex programs/#)
        let seen = counts.map { String($0.0) } ?? "no count in the child's output: \(said.suffix(300))"
        print("[locks] " + seen)
        #expect(counts?.1 == "0", "a static mutex of a library or of the harness was counted: \(seen)")
        #expect(counts?.3 == "2", "the two static-mutex programs' mutexes were not both counted: \(seen)")
    }
}
