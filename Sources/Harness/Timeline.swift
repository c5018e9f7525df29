/// What a run's tasks said, in the order they said it: every `ScenarioLog.note`, with the name of
/// the task that left it (`Task(name:)`, `addTask(name:)`). A counterexample prints it as a short
/// table, so a student sees how the tasks interleaved, not only how the run ended.
public struct Timeline: Sendable, Hashable, CustomStringConvertible {
    /// One note and who left it.
    public struct Entry: Sendable, Hashable {
        /// The task's name (`Task(name:)`, `addTask(name:)`), or `(unnamed)`.
        public var task: String
        /// The note.
        public var text: String

        /// A note `text` left by `task`.
        public init(task: String, text: String) {
            self.task = task
            self.text = text
        }
    }

    /// At most this many entries are kept; the rest are counted in `dropped`.
    public static let capacity = 10_000
    /// The notes, oldest first.
    public private(set) var entries: [Entry] = []
    /// Notes past `capacity`, not kept.
    public private(set) var dropped = 0

    /// An empty timeline.
    public init(_ entries: [Entry] = []) {
        self.entries = Array(entries.prefix(Self.capacity))
        dropped = max(entries.count - Self.capacity, 0)
    }

    /// Adds a note.
    mutating func append(_ entry: Entry) {
        if entries.count < Self.capacity { entries.append(entry) } else { dropped += 1 }
    }

    /// The table, at most `maxRows` rows.
    public var description: String { render() }

    /// One row per step, runs of the same steps by numbered tasks collapsed ("bee 4–100: goes to
    /// the jar; is back … (97 bees in turn)"); at most `maxRows` rows, the middle elided if need be.
    public func render(maxRows: Int = 24) -> String {
        let rows = Self.collapse(entries)
        guard !rows.isEmpty else { return "  (no notes: the scenario leaves none with ScenarioLog.note)" }
        let width = min(max(rows.map(\.task.count).max() ?? 0, 4), 24)
        var shown: [String] = []
        for (number, row) in rows.enumerated() {
            let task = row.task.count < width ? row.task + String(repeating: " ", count: width - row.task.count) : row.task
            shown.append("  \(String(number + 1).leftPadded(to: 3))  \(task)  \(row.text)")
        }
        if shown.count > maxRows {
            let head = maxRows / 2, tail = maxRows - head - 1
            shown = Array(shown.prefix(head)) + ["  …    (\(shown.count - head - tail) rows)"] + Array(shown.suffix(tail))
        }
        if dropped > 0 { shown.append("  …    (\(dropped) later notes not kept)") }
        return shown.joined(separator: "\n")
    }

    /// A row of the table: a task (or a span of numbered tasks) and what it did.
    struct Row: Equatable {
        /// `bee 3`, or `bee 4–100`.
        var task: String
        /// What it did.
        var text: String
    }

    /// Collapses runs of identical steps: a block of 1 to 3 notes by one task, repeated by at least
    /// three tasks numbered one after another, becomes one row.
    static func collapse(_ entries: [Entry]) -> [Row] {
        var rows: [Row] = []
        var index = 0
        while index < entries.count {
            var best: (period: Int, blocks: Int)? = nil
            for period in 1...3 where index + period <= entries.count {
                let blocks = repeatedBlocks(entries, from: index, period: period)
                if blocks >= 3, best.map({ blocks * period > $0.blocks * $0.period }) ?? true { best = (period, blocks) }
            }
            guard let (period, blocks) = best else {
                rows.append(Row(task: entries[index].task, text: entries[index].text))
                index += 1
                continue
            }
            let first = entries[index..<index + period], last = entries[index + (blocks - 1) * period..<index + blocks * period]
            let (base, low) = numbered(first.first!.task)!
            let high = numbered(last.first!.task)!.number
            let firstText = first.map(\.text).joined(separator: "; ")
            let lastText = last.map(\.text).joined(separator: "; ")
            let text = firstText == lastText ? firstText : "\(firstText) … \(lastText)"
            rows.append(Row(task: "\(base)\(low)–\(high)", text: "\(text) (\(blocks) in turn)"))
            index += blocks * period
        }
        return rows
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
    /// The string with spaces in front, to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
