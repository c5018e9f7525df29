/// How a run's tasks interleaved, in the order it happened: every `ScenarioLog.note`, with the name of
/// the task that left it (`Task(name:)`, `addTask(name:)`); for a run that left no notes, each step the
/// harness ran — the actor it ran on, what it started or resumed, its suspensions, sleeps and wake-ups.
/// A counterexample prints it as a short table, so a student sees how the tasks interleaved, not only
/// how the run ended.
public struct Timeline: Sendable, Hashable, CustomStringConvertible {
    /// One note and who left it.
    package struct Entry: Sendable, Hashable {
        /// The task's name (`Task(name:)`, `addTask(name:)`), or `task 1`, `task 2`… for unnamed tasks, numbered
        /// in the order they first left a note in the run.
        package var task: String
        /// The note.
        package var text: String

        /// A note `text` left by `task`.
        package init(task: String, text: String) {
            self.task = task
            self.text = text
        }
    }

    /// At most this many notes are kept; the rest are counted in `dropped`.
    package static let capacity = 10_000
    /// The notes, oldest first.
    private var notes: [Entry] = []
    /// Notes past `capacity`, not kept.
    private var droppedNotes = 0
    /// The harness's own record of the run, drawn when it left no notes.
    var events: RunEvents? = nil

    /// The rows: the notes, oldest first; for a run that left none, its steps as the harness saw them.
    package var entries: [Entry] {
        guard notes.isEmpty, let events else { return notes }
        return events.entries()
    }

    /// Whether the rows are the harness's own record of the run's steps (it left no notes), in the harness's words.
    var fromEvents: Bool { notes.isEmpty && events != nil }

    /// Notes (or, for a run without notes, the harness's events) past what is kept.
    package var dropped: Int {
        guard notes.isEmpty, let events else { return droppedNotes }
        return events.dropped
    }

    /// A timeline of these notes.
    package init(_ entries: [Entry] = []) {
        notes = Array(entries.prefix(Self.capacity))
        droppedNotes = max(entries.count - Self.capacity, 0)
    }

    /// Adds a note.
    mutating func append(_ entry: Entry) {
        if notes.count < Self.capacity { notes.append(entry) } else { droppedNotes += 1 }
    }

    /// Two timelines are equal when they show the same rows (the runtime's task ids differ from process to process).
    public static func == (left: Timeline, right: Timeline) -> Bool {
        left.entries == right.entries && left.dropped == right.dropped
    }

    /// Hashes the rows.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
        hasher.combine(dropped)
    }

    /// The table, as `render()` draws it.
    public var description: String { render() }

    /// A row of the table before it is laid out: one task's step, or one line for many tasks doing the
    /// same (numbered tasks in turn, or several tasks one after another with the same note), or a line of the
    /// table's own that says the rows above it happened again (no task).
    struct Row: Equatable {
        /// `bee 3`; `bee 4–100` for tasks in turn; `bee 9, 5, 1 and 7 more` for tasks with the same note; empty for
        /// a line of the table's own.
        var task: String
        /// What it did.
        var text: String
        /// How many tasks the row stands for: 1 for one task's step, 0 for a line of the table's own.
        var tasks = 1
    }

    /// Folds what one task, or two or three in turn, did over and over: three or more identical rows of one task
    /// become one row, `yields (×52)`; a block of two or three rows repeated three or more times is shown once,
    /// then a line saying how many times it came in all. A spin on `Task.yield()` is one row, not a hundred.
    static func folded(_ rows: [Row]) -> [Row] {
        var folded: [Row] = []
        var index = 0
        while index < rows.count {
            let best = longestRepeat(of: rows.count, from: index) { period in
                let block = Array(rows[index..<index + period])
                guard block.allSatisfy({ $0.tasks == 1 }) else { return 0 }
                var times = 1
                while index + (times + 1) * period <= rows.count,
                      Array(rows[index + times * period..<index + (times + 1) * period]) == block {
                    times += 1
                }
                return times
            }
            guard let (period, times) = best else {
                folded.append(rows[index])
                index += 1
                continue
            }
            let block = rows[index..<index + period]
            if Set(block.map(\.task)).count == 1 {
                folded.append(Row(task: block.first!.task, text: block.map(\.text).joined(separator: "; ") + " (×\(times))"))
            } else {
                folded += block
                folded.append(Row(task: "", text: "(the \(period) rows above, \(times) times in all)", tasks: 0))
            }
            index += times * period
        }
        return folded
    }

    /// Collapses runs of identical steps: a block of 1 to 3 notes by one task, repeated by at least
    /// three tasks numbered one after another, becomes one row ("bee 4–100", in turn); so do three or
    /// more tasks in a row leaving the very same note ("bee 9, 5, 1: goes to the jar"); then what one task
    /// or a few in turn did over and over is folded (`folded`: "yields (×52)").
    static func collapse(_ entries: [Entry]) -> [Row] {
        folded(turns(entries))
    }

    /// The block length, 1 to 3 of `count` items from `start`, whose `repeats` (how many times a block of that length
    /// comes in a row there) cover the most items, at least three times over; nil if no block comes three times.
    static func longestRepeat(of count: Int, from start: Int, _ repeats: (_ period: Int) -> Int) -> (period: Int, times: Int)? {
        var best: (period: Int, times: Int)? = nil
        for period in 1...3 where start + period <= count {
            let times = repeats(period)
            if times >= 3, best.map({ times * period > $0.times * $0.period }) ?? true { best = (period, times) }
        }
        return best
    }

    /// `collapse`'s first step: tasks in turn, and tasks with the same note, each as one row.
    static func turns(_ entries: [Entry]) -> [Row] {
        var rows: [Row] = []
        var index = 0
        while index < entries.count {
            if let (period, blocks) = longestRepeat(of: entries.count, from: index, { repeatedBlocks(entries, from: index, period: $0) }) {
                let first = entries[index..<index + period], last = entries[index + (blocks - 1) * period..<index + blocks * period]
                let (base, low) = numbered(first.first!.task)!
                let high = numbered(last.first!.task)!.number
                let text = spanned(first.map(\.text).joined(separator: "; "), last.map(\.text).joined(separator: "; "))
                rows.append(Row(task: "\(base)\(low)–\(high)", text: "\(text) (\(blocks) in turn)", tasks: blocks))
                index += blocks * period
                continue
            }
            var names: [String] = []
            while index + names.count < entries.count, entries[index + names.count].text == entries[index].text,
                  !names.contains(entries[index + names.count].task) {
                names.append(entries[index + names.count].task)
            }
            if names.count >= 3 {
                rows.append(Row(task: listed(names), text: entries[index].text, tasks: names.count))
                index += names.count
            } else {
                rows.append(Row(task: entries[index].task, text: entries[index].text))
                index += 1
            }
        }
        return rows
    }

    /// `goes; back: 2…10` for `goes; back: 2` and `goes; back: 10`: the first text with each number that
    /// differs in the last written as a range; both, with `…` between, if they differ otherwise.
    static func spanned(_ first: String, _ last: String) -> String {
        guard first != last else { return first }
        guard shape(first) == shape(last) else { return "\(first) … \(last)" }
        let lastNumbers = numbers(in: last)
        var text = "", number = "", position = 0
        /// Writes the number read so far, as a range if the last text has another there.
        func flush() {
            guard !number.isEmpty else { return }
            text += number == lastNumbers[position] ? number : "\(number)…\(lastNumbers[position])"
            number = ""
            position += 1
        }
        for character in first {
            if character.isNumber { number.append(character) } else { flush(); text.append(character) }
        }
        flush()
        return text
    }

    /// The runs of digits in `text`, in order.
    static func numbers(in text: String) -> [String] {
        text.split(whereSeparator: { !$0.isNumber }).map(String.init)
    }

    /// `bee 9, 5, 1, 8 and 6 more`: at most four names, the base of numbered names said once.
    static func listed(_ names: [String]) -> String {
        let shown = names.prefix(4)
        let base = numbered(names[0])?.base
        let sameBase = base != nil && shown.allSatisfy { numbered($0)?.base == base }
        let list = sameBase ? base! + shown.map { String(numbered($0)!.number) }.joined(separator: ", ")
            : shown.joined(separator: ", ")
        return names.count > 4 ? "\(list) and \(names.count - 4) more" : list
    }

    /// How many blocks of `period` notes, each by one numbered task, the next one numbered one
    /// higher, with the same notes but for numbers, start at `start`.
    static func repeatedBlocks(_ entries: [Entry], from start: Int, period: Int) -> Int {
        guard let (base, firstNumber) = numbered(entries[start].task) else { return 0 }
        var blocks = 0
        while start + (blocks + 1) * period <= entries.count {
            let block = entries[start + blocks * period..<start + (blocks + 1) * period]
            guard block.allSatisfy({ numbered($0.task).map { $0 == (base, firstNumber + blocks) } ?? false }),
                  zip(block, entries[start..<start + period]).allSatisfy({ shape($0.text) == shape($1.text) })
            else { break }
            blocks += 1
        }
        return blocks
    }

    /// `("bee ", 4)` for `bee 4`; nil for a name that does not end in a number.
    static func numbered(_ task: String) -> (base: String, number: Int)? {
        let digits = task.reversed().prefix { $0.isNumber }
        guard !digits.isEmpty, let number = Int(String(digits.reversed())) else { return nil }
        return (String(task.dropLast(digits.count)), number)
    }

    /// A note with its numbers blanked: notes that differ only in numbers are the same step.
    static func shape(_ text: String) -> String {
        var shape = ""
        for character in text where !(character.isNumber && shape.last == "#") {
            shape.append(character.isNumber ? "#" : character)
        }
        return shape
    }
}

extension String {
    /// The string with `pad` (spaces by default) in front, to `width` characters.
    func leftPadded(to width: Int, with pad: Character = " ") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
