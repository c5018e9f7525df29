// How a timeline is drawn: one column per task that ran interleaved with another, one row per note,
// and everything else — tasks that ran alone, runs of the same step — as one line across the table.
// A pure function of the notes, so tests compare its text with what they expect, without threads.

extension Timeline {
    /// The table: a column for each task whose notes interleave with another's, one row per step;
    /// a task that ran alone, and runs of the same steps ("bee 4–100 … (97 in turn)"), on one line
    /// across; then `ending` (the failed expectation) after a `✘`. At most `width` characters wide
    /// (columns past what fits go into one "other tasks" column) and `maxRows` lines of rows (the middle cut).
    /// With `legend`, the words of the harness's own rows that the table uses (`yields`, `suspends`, `(×52)`) are
    /// explained under it, before the `✘`.
    package func render(maxRows: Int = 24, width: Int = 110, ending: String? = nil, legend: Bool = true) -> String {
        let collapsed = Self.collapse(entries)
        let layout = Layout(collapsed, width: width)
        guard !layout.lines.isEmpty else {
            return "  (no steps: the run left no notes and ran nothing on a harness thread)" + (ending.map { "\n    ✘  \($0)" } ?? "")
        }
        var rows = layout.lines.enumerated().map { number, line in
            line.enumerated().map { index, text in (index == 0 ? String(number + 1).leftPadded(to: 5) : "     ") + "  " + text }
        }
        if rows.joined().count > maxRows {
            // The first rows and the last (which end at the failure), as many as fit in `maxRows` lines.
            var head = 0, tail = 0, used = 1
            while head + tail < rows.count {
                let next = head <= tail ? rows[head] : rows[rows.count - 1 - tail]
                guard used + next.count <= maxRows else { break }
                used += next.count
                if head <= tail { head += 1 } else { tail += 1 }
            }
            rows = Array(rows.prefix(head)) + [["    …  (\(rows.count - head - tail) rows)"]] + Array(rows.suffix(tail))
        }
        var shown: [[String]] = layout.header.map { [["       " + $0]] } ?? []
        shown += rows
        if dropped > 0 {
            shown.append([events == nil ? "    …  (\(dropped) later notes not kept)"
                            : "    …  (\(dropped) events between the run's first and its latest not kept)"])
        }
        if legend {
            for line in Self.legend(collapsed, harnessWords: fromEvents) {
                shown.append(Layout.wrap(line, to: max(width - 7, 20)).enumerated().map { ($0 == 0 ? "    ·  " : "       ") + $1 })
            }
        }
        if let ending {
            shown.append(Layout.wrap(ending, to: max(width - 7, 20)).enumerated().map { ($0 == 0 ? "    ✘  " : "       ") + $1 })
        }
        return shown.flatMap { $0 }.map { $0.trailingSpacesRemoved }.joined(separator: "\n")
    }

    /// What the words of `rows` mean, one line each, for the words they use: the table's own (`(×52)`), and, for a
    /// timeline drawn from the harness's events (`harnessWords`), how a step ended — a student meets `yields` in a
    /// table of a scenario that never called `Task.yield()`.
    static func legend(_ rows: [Row], harnessWords: Bool) -> [String] {
        let texts = rows.map(\.text)
        func used(_ pattern: String) -> Bool { texts.contains { $0.range(of: pattern, options: .regularExpression) != nil } }
        var lines: [String] = []
        if harnessWords {
            if used(#"\byields\b"#) {
                lines.append("yields: gave its turn back and was ready again at once (Task.yield(), or a hop back to where it ran)")
            }
            if used(#"\bsuspends for an actor\b"#) {
                lines.append("suspends for an actor: queued on an actor (a call to it, or a yield on it), to run when its turn there comes")
            }
            if used(#"\bsuspends\b(?! for an actor)"#) {
                lines.append("suspends: waits until another task resumes it (a child it awaits, a continuation, a stream)")
            }
            if used(#"\bwaits for (lock|queue|rwlock) \d"#) {
                lines.append("waits for lock n: stopped before taking one of the code's locks (an NSLock, a pthread mutex; "
                             + "queue n: a serial queue's sync; rwlock n: a pthread reader-writer lock), held by the task "
                             + "named or with the schedule running another first; n counts the run's locks in the order "
                             + "they were first met")
            }
            if used(#"\btakes (lock|queue|rwlock) \d"#) {
                lines.append("takes lock n (queue n, rwlock n): took it where the schedule could have run another first "
                             + "(a lock with nobody else ready is not shown)")
            }
            if used(#"^via "#) { lines.append("via X: its turn came from actor X, which handed it on") }
        }
        if used(#"\(×[0-9]+\)$"#) { lines.append("(×N): the same step N times in a row") }
        return lines
    }

    /// The rows laid out in columns: each row as its printed lines, without the row number.
    struct Layout {
        /// The column titles, if there are columns.
        var header: String?
        /// Each row's lines.
        var lines: [[String]] = []

        /// The narrowest a column gets before tasks move to "other tasks".
        static let narrowest = 20
        /// The gap between columns.
        static let gap = 2

        /// Lays `rows` out within `width` characters (7 of them for the row numbers).
        init(_ rows: [Row], width: Int) {
            let available = max(width - 7, Self.narrowest)
            // The tasks that ran interleaved with another get a column; each other task ran alone, its
            // notes one after another, and is one line across.
            var span: [String: ClosedRange<Int>] = [:]
            for (index, row) in rows.enumerated() where row.tasks == 1 {
                span[row.task] = span[row.task].map { $0.lowerBound...index } ?? index...index
            }
            var involved = Set(span.compactMap { task, range in
                rows[range].contains { $0.task != task || $0.tasks > 1 } ? task : nil
            })
            for (task, range) in span where !involved.contains(task) {
                if involved.contains(where: { span[$0]!.overlaps(range) }) { involved.insert(task) }
            }
            let order = span.keys.filter(involved.contains).sorted { span[$0]!.lowerBound < span[$1]!.lowerBound }
            let fitting = max(available / (Self.narrowest + Self.gap), 1)
            let columns = order.count > fitting ? Array(order.prefix(fitting - 1)) + ["other tasks"] : order
            let column = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })

            // Each row's cell: the column and its text, or nil for a line across.
            var cells: [(column: Int, text: String)?] = []
            var across: [String] = []
            var origin: [Int] = []
            var index = 0
            while index < rows.count {
                let row = rows[index]
                origin.append(index)
                if row.tasks == 1, involved.contains(row.task) {
                    if let place = column[row.task] {
                        cells.append((place, row.text))
                    } else {
                        cells.append((columns.count - 1, "\(row.task): \(row.text)"))
                    }
                    across.append("")
                    index += 1
                } else if row.tasks == 1 {
                    // A task alone: all its notes on one line.
                    let range = span[row.task]!
                    across.append("\(row.task): " + rows[range].map(\.text).joined(separator: "; "))
                    cells.append(nil)
                    index = range.upperBound + 1
                } else {
                    across.append(row.task.isEmpty ? row.text : "\(row.task): \(row.text)")
                    cells.append(nil)
                    index += 1
                }
            }
            guard !columns.isEmpty else {
                lines = across.map { Self.wrap($0, to: available) }
                return
            }
            // Each column as wide as its widest cell, unless the columns would not fit: then the wide
            // ones share what is left after the narrow ones, evenly.
            var natural = columns.map { $0.count }
            for case let (place, text)? in cells { natural[place] = max(natural[place], text.count) }
            var widths = natural
            let room = available - Self.gap * (columns.count - 1)
            if natural.reduce(0, +) > room {
                let sorted = natural.sorted()
                var used = 0, share = room / columns.count
                for (rank, each) in sorted.enumerated() {
                    share = (room - used) / (columns.count - rank)
                    if each > share { break }
                    used += each
                }
                widths = natural.map { min($0, max(share, Self.narrowest)) }
            }
            header = zip(columns, widths).map { Self.padded($0, to: $1) }.joined(separator: String(repeating: " ", count: Self.gap))
            for ((cell, line), row) in zip(zip(cells, across), origin) {
                guard let (place, text) = cell else {
                    lines.append(Self.wrap(line, to: available))
                    continue
                }
                // A task with notes before and after this row is away meanwhile (suspended, or waiting its
                // turn): `┊` in its column, so a student sees who came between its steps.
                let away = columns.indices.map { column in
                    column != place && span[columns[column]].map { $0.lowerBound < row && row < $0.upperBound } == true
                }
                lines.append(Self.wrap(text, to: widths[place]).map { part in
                    columns.indices.map { column in
                        Self.padded(column == place ? part : away[column] ? "┊" : "", to: widths[column])
                    }.joined(separator: String(repeating: " ", count: Self.gap))
                })
            }
        }

        /// `text` broken at spaces into lines of at most `width` characters (a longer word is cut).
        static func wrap(_ text: String, to width: Int) -> [String] {
            var lines: [String] = [], line = ""
            for word in text.split(separator: " ", omittingEmptySubsequences: false) {
                var word = Substring(word)
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                while word.count > width {
                    lines.append(String(word.prefix(width)))
                    word = word.dropFirst(width)
                }
                line += line.isEmpty ? String(word) : " " + word
            }
            lines.append(line)
            return lines
        }

        /// `text` with spaces after it, to `width` characters.
        static func padded(_ text: String, to width: Int) -> String {
            text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
    }
}

extension String {
    /// The string without the spaces at its end.
    var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
