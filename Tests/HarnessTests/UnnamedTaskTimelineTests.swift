import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// Three unnamed child tasks, each noting before and after a suspension.
@Sendable func threeUnnamedTasksNote() async -> Int {
    await withTaskGroup(of: Void.self) { group in
        for letter in ["a", "b", "c"] {
            group.addTask {
                ScenarioLog.note("\(letter) starts")
                await Task.yield()
                ScenarioLog.note("\(letter) ends")
            }
        }
    }
    return 3
}

@Suite("Unnamed tasks get a column each in a timeline, numbered per run", scaledTimeLimit(minutes: 1))
struct UnnamedTaskTimelineTests {
    @Test("three unnamed tasks that interleave are three columns, task 1 to task 3, in the order they first noted",
          arguments: [Schedule.strict, .seeded(1), .seeded(2)])
    func threeColumns(schedule: Schedule) async throws {
        let run = try await run(schedule) { await threeUnnamedTasksNote() }
        let entries = run.timeline.entries
        #expect(Set(entries.map(\.task)) == ["task 1", "task 2", "task 3"], "\(entries)")
        #expect(entries.first?.task == "task 1")
        // Each task's two notes are its own: a task is one column, whatever the letter it writes.
        for name in ["task 1", "task 2", "task 3"] {
            let letters = Set(entries.filter { $0.task == name }.map { $0.text.prefix(1) })
            #expect(letters.count == 1, "\(name) wrote \(letters)")
        }
        // First in, first out, all three start before any ends: each is away while the others run, a column each.
        // (Under a seed, a task that ran alone is one line across instead.)
        if schedule == .strict {
            let header = run.timeline.render().split(separator: "\n").first.map(String.init) ?? ""
            #expect(header.contains("task 1") && header.contains("task 2") && header.contains("task 3"), "\(run.timeline)")
        }
    }

    @Test("the same seed gives the same timeline in a second run, though the runtime's task ids differ")
    func sameSeedSameTimeline() async throws {
        let first = try await run(.seeded(5)) { await threeUnnamedTasksNote() }
        let second = try await run(.seeded(5)) { await threeUnnamedTasksNote() }
        #expect(first.timeline == second.timeline)
    }
}
