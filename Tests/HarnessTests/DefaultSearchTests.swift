import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// Three tasks that each note their number twice into a lock, yielding between: no actor, so no hop to merge in an
/// optimized build, and the same choice points in every build.
@Sendable func lockedNotes() async -> [Int] {
    final class Notes: Sendable {
        let list = Mutex<[Int]>([])
    }
    let notes = Notes()
    await withTaskGroup(of: Void.self) { group in
        for n in 0..<3 {
            group.addTask {
                notes.list.withLock { $0.append(n) }
                await Task.yield()
                notes.list.withLock { $0.append(n) }
            }
        }
    }
    return notes.list.withLock { $0 }
}

/// One line per run of an exploration: its seed, the search it got (with PCT's depth and horizon) and its hash.
func searchLines<Outcome>(_ exploration: Exploration<Outcome>) -> [String] {
    exploration.runs.map { run in
        let search = switch run.schedule {
        case .seeded: "random"
        case .pct(_, let depth, let horizon): "pct depth \(depth) horizon \(horizon)"
        default: "\(run.schedule)"
        }
        return "seed \(run.seed): \(search), hash \(Seed.format(run.scheduleHash))"
    }
}

/// What the default search gave seeds 0 to 9 of `lockedNotes`, in a process with no `HARNESS_*` variable: the random
/// walk, PCT at depth 2 and PCT at depth 1 by turns, PCT over the calm run's 8 choice points. A seed names a schedule
/// for good — a replay line printed today must replay tomorrow — so a change here is a change of every printed seed.
let pinnedDefaultSearch = """
    seed 0: random, hash 0xf9dad96b9bb8614f
    seed 1: pct depth 2 horizon 8, hash 0x65db8a9dc58ff154
    seed 2: pct depth 1 horizon 8, hash 0x3326180b0a6e40e1
    seed 3: random, hash 0xd404fc392912c86a
    seed 4: pct depth 2 horizon 8, hash 0x8d4562de75c30d77
    seed 5: pct depth 1 horizon 8, hash 0x4a2d4642a40f1522
    seed 6: random, hash 0x1d5e972f877502d9
    seed 7: pct depth 2 horizon 8, hash 0x8c2774b6a1a79bb1
    seed 8: pct depth 1 horizon 8, hash 0x83a0e5040948d5ef
    seed 9: random, hash 0x1dbc59873649a97a
    """

@Suite("The default search: which strategy each seed gets, and the schedule it gives, are pinned",
       scaledTimeLimit(minutes: 1))
struct DefaultSearchTests {
    @Test("the default search gives every seed its strategy by seed mod 20: the random walk, PCT at depth 2, PCT at depth 1 by turns, 7, 7 and 6 in 20")
    func portfolioPartsBySeed() {
        let parts = (UInt64(0)..<20).map { Search.portfolioPart(of: $0) }
        #expect(parts == [.random, .pct(depth: 2), .pct(depth: 1), .random, .pct(depth: 2), .pct(depth: 1), .random,
                          .pct(depth: 2), .pct(depth: 1), .random, .pct(depth: 2), .pct(depth: 1), .random, .pct(depth: 2),
                          .pct(depth: 1), .random, .pct(depth: 2), .pct(depth: 1), .random, .pct(depth: 2)])
        #expect((UInt64(20)..<60).map { Search.portfolioPart(of: $0) } == parts + parts, "every 20 seeds alike")
        #expect(Search.portfolioPart(of: .max) == Search.portfolioPart(of: UInt64.max % 20))
        #expect(Search.portfolio.schedule(seed: 7, horizon: 8) == .pct(seed: 7, depth: 2, horizon: 8)
                    && Search.portfolio.schedule(seed: 8, horizon: 8) == .pct(seed: 8, depth: 1, horizon: 8)
                    && Search.portfolio.schedule(seed: 9, horizon: 8) == .seeded(9), "PCT over the calm run's choice points")
    }

    @Test("seeds 0 to 9 of one scenario under the default search: the random walk, PCT at depth 2 and at depth 1 by turns, each with its pinned hash")
    func defaultSearchIsPinned() async throws {
        // In a child, with no HARNESS_* variable: the one that runs this test may name another strategy or slice.
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            for key in ProcessInfo.processInfo.environment.keys where key.hasPrefix("HARNESS_") { unsetenv(key) }
            do {
                let exploration = try await explore("notes", seeds: 10) { await lockedNotes() }
                print(searchLines(exploration).joined(separator: "\n"))
            } catch {
                print("failed: \(error)")
            }
        }
        let printed = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        let lines = printed.split(separator: "\n").map(String.init)
        let pinned = pinnedDefaultSearch.split(separator: "\n").map(String.init)
        #expect(lines == pinned, """
            the default search gave these seeds other schedules than the pinned ones (every seed printed before \
            would now replay another run):
            \(zip(pinned, lines).filter { $0 != $1 }.map { "pinned  \($0)\n   now  \($1)" }.joined(separator: "\n"))
            all it printed:
            \(printed)
            """)
    }
}
