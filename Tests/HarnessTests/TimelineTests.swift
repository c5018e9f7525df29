@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// The notes of `bees` bees pouring two drops each, in turn but for `overlap`: those two both go to the jar
/// before either is back, so both see the same count and one pour is lost.
func pourNotes(bees: Int, overlap: (Int, Int)) -> [Timeline.Entry] {
    var entries: [Timeline.Entry] = [], drops = 0
    for bee in 1...bees where bee != overlap.1 {
        entries.append(.init(task: "bee \(bee)", text: "goes to the jar"))
        if bee == overlap.0 {
            entries.append(.init(task: "bee \(overlap.1)", text: "goes to the jar"))
            drops += 2
            entries.append(.init(task: "bee \(overlap.1)", text: "is back: the jar holds \(drops)"))
        } else {
            drops += 2
        }
        entries.append(.init(task: "bee \(bee)", text: "is back: the jar holds \(drops)"))
    }
    return entries
}

/// Twelve tasks with names that are not numbered, each leaving three notes, round and round.
let roundRobin = (0..<36).map { step in
    let names = ["ada", "bea", "cy", "dot", "eve", "flo", "gus", "hal", "ida", "jo", "kit", "lou"]
    return Timeline.Entry(task: names[step % 12], text: "reads \(step) and writes \(step + 1) back to the shared log")
}

@Suite("A timeline: a column per interleaved task, one line for the rest", scaledTimeLimit(minutes: 1))
struct TimelineTests {
    @Test("two bees that overlap get a column each, ┊ where one is away while the other pours; the bees in turn are one line; the table ends at the failure")
    func twoBeesOverlap() {
        let expected = """
                   bee 6                      bee 10
                1  bee 1–5: goes to the jar; is back: the jar holds 2…10 (5 in turn)
                2  goes to the jar
                3  ┊                          goes to the jar
                4  ┊                          is back: the jar holds 12
                5  is back: the jar holds 12
                6  bee 7–9: goes to the jar; is back: the jar holds 14…18 (3 in turn)
                ✘  the jar holds 18 drops, not 20
            """
        let actual = Timeline(pourNotes(bees: 10, overlap: (6, 10))).render(ending: "the jar holds 18 drops, not 20")
        #expect(actual == expected, "expected:\n\(expected)\nactual:\n\(actual)")
    }

    @Test("a task alone keeps its notes on one line, even between the columns of others")
    func taskAloneIsOneLine() {
        let expected = """
                   bee 302                     bee 498
                1  bee 1–301: goes to the jar; is back: the jar holds 2…602 (301 in turn)
                2  goes to the jar
                3  ┊                           goes to the jar
                4  ┊                           is back: the jar holds 604
                5  is back: the jar holds 604
                6  bee 303–497: goes to the jar; is back: the jar holds 606…994 (195 in turn)
                7  bee 499: goes to the jar; is back: the jar holds 996
                8  bee 500: goes to the jar; is back: the jar holds 998
            """
        let actual = Timeline(pourNotes(bees: 500, overlap: (302, 498))).render()
        #expect(actual == expected, "expected:\n\(expected)\nactual:\n\(actual)")
    }

    @Test("tasks leaving the same note one after another share a line")
    func sameNoteSharesALine() {
        let order = [9, 1, 7, 8, 10, 2, 3, 4, 5, 6]
        let entries = order.map { Timeline.Entry(task: "bee \($0)", text: "reads 0") }
            + [Timeline.Entry(task: "bee 4", text: "writes 1"), Timeline.Entry(task: "bee 9", text: "writes 1")]
        let expected = """
                1  bee 9, 1, 7, 8 and 6 more: reads 0
                2  bee 4: writes 1
                3  bee 9: writes 1
                ✘  one drop, not 10
            """
        let actual = Timeline(entries).render(ending: "one drop, not 10")
        #expect(actual == expected, "expected:\n\(expected)\nactual:\n\(actual)")
    }

    @Test("more interleaved tasks than fit: the first ones get columns, the rest share one; no line is wider than asked")
    func manyTasksFitTheWidth() {
        let actual = Timeline(roundRobin).render(maxRows: 100, width: 110)
        let lines = actual.split(separator: "\n")
        let header = """
                   ada                       bea                       cy                        other tasks
            """
        #expect(lines.first.map(String.init) == header, "\(actual)")
        #expect(lines.allSatisfy { $0.count <= 110 }, "\(actual)")
        #expect(actual.contains("eve: reads 4 and") && !actual.contains("eve  "), "\(actual)")
    }

    @Test("a long table is cut in the middle and still ends at the failure")
    func longTableIsCut() {
        let entries = (0..<100).map { Timeline.Entry(task: $0 % 2 == 0 ? "ada" : "bea", text: "step \($0)") }
        let lines = Timeline(entries).render(maxRows: 10, ending: "the end").split(separator: "\n")
        #expect(lines.count == 12 && lines[0].contains("ada") && lines[6].contains("…  (91 rows)")
                && lines[10].contains("step 99") && lines[11].contains("✘  the end"), "\(lines.joined(separator: "\n"))")
    }

    @Test("bees taking turns collapse into one row; the two that overlap stay apart")
    func collapsesTurns() {
        let rows = Timeline.collapse(pourNotes(bees: 100, overlap: (4, 5)))
        #expect(rows == [
            .init(task: "bee 1–3", text: "goes to the jar; is back: the jar holds 2…6 (3 in turn)", tasks: 3),
            .init(task: "bee 4", text: "goes to the jar"), .init(task: "bee 5", text: "goes to the jar"),
            .init(task: "bee 5", text: "is back: the jar holds 8"), .init(task: "bee 4", text: "is back: the jar holds 8"),
            .init(task: "bee 6–100", text: "goes to the jar; is back: the jar holds 10…198 (95 in turn)", tasks: 95),
        ], "\(rows)")
    }

    @Test("one task's same step over and over is one row, (×N), explained under the table")
    func oneTasksRepeatsFold() {
        let entries = [Timeline.Entry(task: "ada", text: "starts spin")] + Array(repeating: Timeline.Entry(task: "spin", text: "looks"), count: 52)
            + [Timeline.Entry(task: "ada", text: "sets the flag"), Timeline.Entry(task: "spin", text: "sees it")]
        let expected = """
                   ada            spin
                1  starts spin
                2  ┊              looks (×52)
                3  sets the flag  ┊
                4                 sees it
                ·  (×N): the same step N times in a row
                ✘  the end
            """
        let actual = Timeline(entries).render(ending: "the end")
        #expect(actual == expected, "expected:\n\(expected)\nactual:\n\(actual)")
    }

    @Test("two tasks taking the same turns over and over: the turns once, then how many times they came")
    func blockRepeatsFold() {
        let entries = (0..<20).map { Timeline.Entry(task: $0 % 2 == 0 ? "ada" : "bea", text: "checks the flag") }
            + [Timeline.Entry(task: "ada", text: "gives up")]
        let rows = Timeline.collapse(entries)
        #expect(rows == [.init(task: "ada", text: "checks the flag"), .init(task: "bea", text: "checks the flag"),
                         .init(task: "", text: "(the 2 rows above, 10 times in all)", tasks: 0), .init(task: "ada", text: "gives up")],
                "\(rows)")
        let table = Timeline(entries).render()
        #expect(table.contains("3  (the 2 rows above, 10 times in all)") && table.split(separator: "\n").count == 5, "\(table)")
    }

    @Test("a task spinning on Task.yield() is one row of yields, and the word is explained under the table")
    func spinOnYieldIsOneRow() async throws {
        let run = try await ConcurrencyHarness.run(.strict) { () -> Int in
            let spin = Task { for _ in 0..<50 { await Task.yield() } }
            await spin.value
            return 1
        }
        let table = run.timeline.render()
        let rows = table.split(separator: "\n").filter { $0.range(of: #"^ +[0-9]+  "#, options: .regularExpression) != nil }
        #expect(table.contains("yields") && table.contains("(×50)") && rows.count < 8, "\(table)")
        #expect(table.contains("·  yields: gave its turn back and was ready again at once"), "\(table)")
    }

    @Test("nothing recorded: the table says so, and still shows the failure")
    func noNotes() {
        #expect(Timeline().render(ending: "deadlock") == "  (no steps: the run left no notes and ran nothing on a harness thread)\n    ✘  deadlock")
    }
}
