import Foundation

/// What one `swift test` run said: its exit status, its console, and its event stream — Swift Testing's
/// machine-readable record of each test and each issue (`--experimental-event-stream-output`), read instead of the
/// printed lines.
struct TestRun {
    /// One issue a test recorded.
    struct Issue {
        /// The test's name as it reads (its display name).
        var test: String
        /// What failed: `Expectation failed: (drops → 2) == 200`, or `Issue recorded`.
        var failure: String
        /// Its comments, line by line: the harness's message, timeline and replay lines.
        var details: [String]

        /// What the test observed, in one line: its comment's first line (the harness says what it saw first), else
        /// the expectation as evaluated.
        var firstLine: String {
            details.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces) ?? failure
        }
    }

    var status: Int32
    var console: String
    /// The issues that failed a test (not the known ones): tests in the order they are declared, and a test's own
    /// issues by their first line, numbers compared as numbers (its smallest case first) — not in the order the
    /// parallel cases happened to record them, so the same breakage reads the same every time.
    var issues: [Issue] = []
    /// How many tests started.
    var testsStarted = 0

    /// Reads the event stream `events` of a run that printed `console` and ended with `status`.
    init(events: String, console: String, status: Int32) {
        self.status = status
        self.console = console
        var order: [Int] = []
        var names: [String: String] = [:], declared: [String: Int] = [:]
        let text = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") {
            guard let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let payload = record["payload"] as? [String: Any] else { continue }
            if record["kind"] as? String == "test", let id = payload["id"] as? String {
                names[id] = payload["displayName"] as? String ?? payload["name"] as? String ?? id
                if declared[id] == nil { declared[id] = declared.count }
            }
            guard record["kind"] as? String == "event" else { continue }
            switch payload["kind"] as? String {
            case "testStarted": testsStarted += 1
            case "issueRecorded":
                let issue = payload["issue"] as? [String: Any] ?? [:]
                guard issue["isKnown"] as? Bool != true, issue["isFailure"] as? Bool != false else { continue }
                let messages = payload["messages"] as? [[String: Any]] ?? []
                let id = payload["testID"] as? String ?? ""
                let failure = messages.first { $0["symbol"] as? String == "fail" }?["text"] as? String ?? "Issue recorded"
                let details = messages.filter { $0["symbol"] as? String == "details" }.compactMap { $0["text"] as? String }
                    .flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
                issues.append(Issue(test: names[id] ?? id, failure: failure, details: details))
                order.append(declared[id] ?? Int.max)
            default: break
            }
        }
        issues = zip(issues, order).sorted { left, right in
            guard left.1 == right.1 else { return left.1 < right.1 }
            return left.0.firstLine.compare(right.0.firstLine, options: .numeric) == .orderedAscending
        }.map(\.0)
    }

    /// Lines of the console that show the test process itself stopped: a runtime trap, a fatal error.
    var crashLines: [String] {
        console.split(separator: "\n").map(String.init).filter {
            $0.range(of: #"SWIFT TASK CONTINUATION MISUSE|Fatal error|unexpected signal|[Ss]ignal [0-9]+|crashed"#,
                     options: .regularExpression) != nil
        }
    }

    /// Whether the tests caught the breakage: a test failed, or the test process stopped (a runtime trap). A run that
    /// selected no test, or failed only to build or start, did not.
    var caught: Bool { status != 0 && (!issues.isEmpty || !crashLines.isEmpty) }

    /// Why the run does not count as caught, in a few words.
    var notCaughtReason: String {
        if testsStarted == 0, status == 0 || console.contains("with 0 tests") { return "its \"# Must fail:\" selects no test" }
        if status == 0 { return "the tests passed with the subject broken" }
        let error = console.split(separator: "\n").first { $0.contains("error:") }.map { String($0).cut(to: 120) } ?? "exit \(status)"
        return "the test run failed without a test failure: \(error)"
    }

    /// The first issue of each failing test, up to `most` tests: its name, its message (the test's own comment first,
    /// then the expectation as evaluated), its seed and its replay command (or `rerun`); for the test whose smallest
    /// counterexample is shown apart (`shownApart`), a pointer to it instead of the replay.
    func failures(most: Int = 12, rerun: String? = nil, shownApart: Issue? = nil) -> [String] {
        var seen: Set<String> = [], lines: [String] = []
        for issue in issues where seen.insert(issue.test).inserted {
            guard seen.count <= most else { continue }
            if issue.test == shownApart?.test {
                // The same case as the counterexample shown below, not another case of the test.
                lines += ["✘ \(issue.test)", "    " + (shownApart?.firstLine ?? issue.firstLine),
                          "    (its smallest counterexample and replay line: below)"]
                continue
            }
            let comment = issue.details.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            lines.append("✘ \(issue.test)")
            lines.append("    " + (comment ?? issue.failure))
            if comment != nil, issue.failure.hasPrefix("Expectation failed") { lines.append("    " + issue.failure.cut(to: 240)) }
            let trimmed = issue.details.map { $0.trimmingCharacters(in: .whitespaces) }
            if let seed = trimmed.first(where: { $0.hasPrefix("seed 0x") }) { lines.append("    " + seed) }
            if let replay = trimmed.first(where: { $0.lowercased().hasPrefix("replay: ") }) {
                lines.append("    replay: " + replay.dropFirst(8))
            } else if let rerun {
                lines.append("    rerun: \(rerun)")
            }
        }
        if seen.count > most { lines.append("…and \(seen.count - most) more failing tests") }
        return lines
    }

    /// The first issue that replays by an interleaving (a seeded exploration's counterexample, with its timeline):
    /// the test's name, then the issue's lines up to its `replay: HARNESS_SCHEDULE=…` line, cut in the middle to
    /// `most` lines so that the replay line always shows. Nil when no issue has one.
    func counterexample(most: Int = 40) -> (issue: Issue, lines: [String], replay: String, ending: String)? {
        for issue in issues {
            guard let end = issue.details.firstIndex(where: {
                $0.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("replay: harness_schedule=")
            }) else { continue }
            var block = Array(issue.details[...end])
            if let comment = block.first, comment.trimmingCharacters(in: .whitespaces).isEmpty { block.removeFirst() }
            let shown = block.count <= most ? block : Array(block.prefix(most - 2)) + ["…", block[block.count - 1]]
            let replay = String(block[block.count - 1].trimmingCharacters(in: .whitespaces).dropFirst(8))
            return (issue, ["✘ \(issue.test)"] + shown.map { "    " + $0.trimmingCharacters(in: .init(charactersIn: "\t")) },
                    replay, Self.ending(of: block))
        }
        return nil
    }

    /// The failed row a timeline ends with (`✘  …` and the rows it wrapped onto), on one line, spaces squeezed: what
    /// a replay must show again.
    static func ending(of block: [String]) -> String {
        guard let start = block.firstIndex(where: { $0.range(of: #"^ +✘  "#, options: .regularExpression) != nil }) else { return "" }
        var parts = [block[start]]
        for line in block[(start + 1)...] {
            if line.range(of: #"^ *([Rr]eplay: |As first found|$)|^ +[0-9]+  |^ +…"#, options: .regularExpression) != nil { break }
            parts.append(line)
        }
        return parts.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What a student sees, teaching first: what the tests observed and the lesson's `why` (the breakage's
    /// `# Why:`), in the first lines; then each failing test's first message and the runtime's own lines that `why`
    /// quotes (with no failing test, the crash); then, if a seeded exploration found it, the smallest failing
    /// schedule's timeline, every number in it said for what it counts; its replay line last. `verb`: what happened
    /// (`caught`, `failed again`).
    func shown(why: String, rerun: String?, verb: String = "caught") -> [String] {
        var lines: [String] = []
        if !caught {
            // Nothing to teach from: what ran is said, and the caller says why it is not a catch.
        } else if let first = issues.first {
            lines.append("break: \(verb) — the tests saw: \(first.firstLine)")
        } else if let crash = crashLines.first {
            lines.append("break: \(verb) — the test process stopped: \(crash.trimmingCharacters(in: .whitespaces))")
        }
        if caught, !why.isEmpty { lines.append("break: why: \(why)") }
        let counterexample = counterexample()
        if !issues.isEmpty {
            lines += ["", "break: every test that failed:"] + failures(rerun: rerun, shownApart: counterexample?.issue)
        }
        lines += runtimeLines(quotedIn: why).map { "runtime: \($0)" }
        if issues.isEmpty { lines += crashLines.prefix(3) }
        if let counterexample {
            lines += ["", "break: how the tasks interleaved, in the smallest failing schedule a seeded exploration found "
                + "(its replay line, last, shows it again):"]
            lines += counterexample.lines
        }
        return lines
    }

    /// The console's own lines (not Swift Testing's: those begin with a symbol or are indented) that hold a phrase
    /// `why` quotes, once each.
    func runtimeLines(quotedIn why: String) -> [String] {
        let consoleLines = console.split(separator: "\n").map(String.init).filter {
            guard let first = $0.first else { return false }
            return !"↳✘✔◇➜━􀟈 \t".contains(first)
        }
        return Self.phrases(in: why).compactMap { phrase in consoleLines.first { $0.contains(phrase) } }
    }

    /// The phrases `why` quotes ("…"): each up to a "…", at least 8 characters.
    static func phrases(in why: String) -> [String] {
        let parts = why.split(separator: "\"", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).compactMap { index in
            let phrase = String(parts[index].split(separator: "…", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: .whitespaces)
            return phrase.count >= 8 ? phrase : nil
        }
    }

    /// What `why` promises the student will see that `shown` does not show: the why itself in the report's first two
    /// lines (after what the tests saw: with `scripts/break`'s three lines before them, within its first five), each
    /// quoted phrase, a timeline if it says "timeline", a shrunk counterexample if it says "shrunk" or "smallest".
    /// Empty when every promise is kept.
    func unkeptPromises(why: String) -> [String] {
        let lines = shown(why: why, rerun: nil)
        let text = lines.joined(separator: "\n")
        var unkept = Self.phrases(in: why).filter { !text.contains($0) }.map { "\"\($0)\"" }
        if caught, !why.isEmpty, !lines.prefix(2).contains("break: why: \(why)") { unkept.append("its why, first") }
        if why.contains("timeline"), counterexample() == nil { unkept.append("a timeline") }
        if why.contains("shrunk") || why.contains("smallest"), !text.contains("Smallest counterexample found") {
            unkept.append("a shrunk counterexample")
        }
        return unkept
    }
}
