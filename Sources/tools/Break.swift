import Foundation

/// `scripts/break`: break a subject on purpose and watch the tests that must catch it fail.
struct Break {
    let catalog: BreakageCatalog
    /// Where the last run's first replay command is kept, and the failed row its timeline ended with, which a replay
    /// must show again: in git's own folder, which `swift package clean` does not touch.
    let replayFile = gitPath("breakage-replay"), expectFile = gitPath("breakage-replay-expect")
    /// The log and the event stream of the runs.
    let log: String, events: String

    /// Breaks from `catalog`, its runs' logs in `logs` (the temporary folder by default).
    init(catalog: BreakageCatalog, logs: String = FileManager.default.temporaryDirectory.path) {
        self.catalog = catalog
        log = logs + "/break-\(getpid()).log"
        events = logs + "/break-\(getpid()).jsonl"
    }

    static let usage = """
        Break a subject on purpose and watch the tests that must catch it fail.

          scripts/break NAME       apply Breakages/<kind>/NAME.patch (its files must be unchanged), build, run the
                                   tests its header names, and show first what they saw and the lesson's why, then
                                   each failing test's first message, then (if a test explored seeds) the smallest
                                   counterexample's timeline and, last, its replay line; the breakage stays
                                   applied for you to read
          scripts/break --replay   rerun the first failure's replay command (one interleaving or seed, one test)
          scripts/break --undo     put the subject back (works after `swift package clean` too)
          scripts/break --list     the catalog: one line per breakage, the students' first
          scripts/break --help     this text

        The failures are read from Swift Testing's event stream (swift test --experimental-event-stream-output),
        not from its printed lines.

        Exit status: 0 the tests caught it (for --replay: the failure showed again; for --undo: the subject
        is back), 1 MISSED (the tests passed, selected nothing, or the broken subject did not build; for
        --undo: a breakage is still in the tree and could not be reversed, and the command that restores
        it is printed), 2 misuse or another scripts/break running in this checkout, 130 interrupted (the
        tree is put back first).
        """

    /// The breakages the working tree holds now: those whose patch reverses cleanly. Read from the files
    /// themselves, so nothing (`swift package clean`, a lost state file) can make it forget.
    var applied: [Breakage] { catalog.all.filter { git(["apply", "--reverse", "--check", $0.path]).status == 0 } }

    /// The files a patch touches.
    func files(of breakage: Breakage) -> [String] {
        git(["apply", "--numstat", breakage.path]).output.split(separator: "\n").compactMap {
            $0.split(separator: "\t").dropFirst(2).first.map(String.init)
        }
    }

    /// `git checkout -- 'a' 'b'`: the command that restores a breakage's files.
    func restore(_ breakage: Breakage) -> String {
        "git checkout -- " + files(of: breakage).map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: " ")
    }

    /// `git status --short` of the files a breakage touches: empty when none has changes of its own.
    func changes(of breakage: Breakage) -> String {
        git(["status", "--short", "--"] + files(of: breakage)).output.trimmingCharacters(in: .newlines)
    }

    /// Breakages partly in the tree: they no longer reverse, but a file they touch has changes and holds a line only
    /// the breakage adds — a student applied one, then edited a line it changed.
    var edited: [Breakage] {
        catalog.all.filter { breakage in
            guard git(["apply", "--reverse", "--check", breakage.path]).status != 0, !changes(of: breakage).isEmpty else { return false }
            return breakage.addedLines.contains { file, lines in
                let committed = Set(git(["show", "HEAD:\(file)"]).output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
                let now = Set(((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
                return lines.contains { !committed.contains($0) && now.contains($0) }
            }
        }
    }

    /// Applies `name`, builds, runs its tests and shows what they said.
    func apply(_ name: String) throws(Failure) -> Int32 {
        let breakage = try catalog.named(name).mapError { Failure("break: " + $0.message, status: 2) }.get()
        let already = applied.map(\.name)
        guard already.isEmpty else { throw Failure("break: '\(already.joined(separator: " "))' is still applied; run scripts/break --undo first.", status: 2) }
        let dirty = changes(of: breakage)
        guard dirty.isEmpty else {
            throw Failure("break: the files \(breakage.name) changes have changes of your own; commit or stash them first, so "
                + "--undo can restore exactly:\n\(dirty)", status: 2)
        }
        guard git(["apply", "--check", breakage.path]).status == 0 else {
            throw Failure("break: MISSED — \(breakage.path) no longer applies (the subject changed?)", status: 1)
        }
        let filter = breakage.mustFail
        guard !filter.isEmpty else { throw Failure("break: MISSED — \(breakage.path) has no '# Must fail:' line", status: 1) }
        onInterrupt {
            if git(["apply", "--reverse", "--check", breakage.path]).status == 0, git(["apply", "--reverse", breakage.path]).status == 0 {
                FileHandle.standardError.write(Data("break: interrupted; \(breakage.name) undone, your tree is as it was.\n".utf8))
            } else {
                FileHandle.standardError.write(Data("break: INTERRUPTED AND COULD NOT UNDO \(breakage.name): restore with: \(restore(breakage))\n".utf8))
            }
        }
        git(["apply", breakage.path])
        try? FileManager.default.removeItem(atPath: replayFile)
        try? FileManager.default.removeItem(atPath: expectFile)
        print("break: applied \(breakage.name) — \(breakage.header("Lesson mistake"))")
        print("break: it changes: \(breakage.header("Changes"))")
        print("break: building, then running swift test --filter '\(filter)' (undo with scripts/break --undo)")
        guard let child = try? Child(["swift", "build", "--build-tests"], log: log), child.wait() == 0 else {
            let console = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            console.split(separator: "\n").filter { $0.contains("error:") }.prefix(5).forEach { print($0) }
            throw Failure("\nbreak: MISSED — the broken subject does not compile, so no test could catch it (undo with scripts/break --undo).",
                          status: 1)
        }
        let run = test(["swift", "test", "--skip-build", "--filter", filter])
        let rerun = "swift test --filter '\(filter)'"
        run.shown(why: breakage.header("Why"), rerun: rerun).forEach { print($0) }
        print("")
        guard run.caught else {
            throw Failure("break: MISSED — \(run.notCaughtReason). That is a hole in the suite (undo with scripts/break --undo).", status: 1)
        }
        let counterexample = run.counterexample()
        let first = counterexample?.replay ?? run.failures().first { $0.hasPrefix("    replay: ") }.map { String($0.dropFirst(12)) } ?? rerun
        try? (first + "\n").write(toFile: replayFile, atomically: true, encoding: .utf8)
        try? ((counterexample?.ending ?? "") + "\n").write(toFile: expectFile, atomically: true, encoding: .utf8)
        print("break: see it again with scripts/break --replay (it runs \(counterexample == nil ? "the first failure's replay line" : "the replay line above")); "
            + "undo with scripts/break --undo.")
        return 0
    }

    /// Runs `command` (a `swift test`; `streaming`: its event stream's option added) in `folder`, at most `limit`,
    /// and reads what it said (status 124: it ran past the limit).
    func test(_ command: [String], streaming: Bool = true, in folder: String? = nil, limit: Duration? = nil) -> TestRun {
        try? FileManager.default.removeItem(atPath: events)
        let arguments = command + (streaming ? ["--experimental-event-stream-output", events] : [])
        let child = try? Child(arguments, log: log, in: folder)
        let status: Int32 = child.map { $0.wait(limit: limit) ?? 124 } ?? 127
        return TestRun(events: events, console: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "", status: status)
    }

    /// Puts the subject back.
    func undo() -> Int32 {
        defer {
            try? FileManager.default.removeItem(atPath: replayFile)
            try? FileManager.default.removeItem(atPath: expectFile)
        }
        let now = applied
        guard !now.isEmpty else {
            let partly = edited
            for breakage in partly {
                FileHandle.standardError.write(Data("""
                    break: \(breakage.name) is still in the tree, but a line it changed was edited since, so it cannot be reversed exactly.
                    break: restore its files (this drops your own edits to them too): \(restore(breakage))

                    """.utf8))
            }
            guard partly.isEmpty else { return 1 }
            print("break: no breakage of the catalog is applied; nothing to undo.")
            if !git(["status", "--porcelain", "--", "Sources", "Quiz"]).output.isEmpty {
                print("break: (Sources/ or Quiz/ has changes of your own: see git status; they were left alone)")
            }
            return 0
        }
        var status: Int32 = 0
        for breakage in now {
            if git(["apply", "--reverse", breakage.path]).status == 0 {
                print("break: \(breakage.name) undone; the subject is as it was.")
            } else {
                FileHandle.standardError.write(Data("break: could not reverse \(breakage.name) cleanly; restore with: \(restore(breakage))\n".utf8))
                status = 1
            }
        }
        return status
    }

    /// Reruns the first failure's replay command, and says whether the same failure came again.
    func replay() throws(Failure) -> Int32 {
        guard let command = try? String(contentsOfFile: replayFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
              !command.isEmpty else { throw Failure("break: no failure to replay yet: run scripts/break NAME first (see scripts/break --help)", status: 2) }
        let breakage = applied.last
        if breakage == nil { print("break: no breakage is applied now, so this replays against the subject as committed (it should pass).") }
        print("break: replaying: \(command)")
        let run = test(["bash", "-c", command + " --experimental-event-stream-output '\(events)'"], streaming: false)
        run.shown(why: breakage?.header("Why") ?? "", rerun: nil, verb: "failed again").forEach { print($0) }
        guard run.caught else {
            print("break: the replay passed: \(run.notCaughtReason).")
            return 1
        }
        let expected = ((try? String(contentsOfFile: expectFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !expected.isEmpty else {
            print("break: the same failure again, as a replay must show it.")
            return 0
        }
        let got = run.counterexample()?.ending ?? ""
        guard got == expected else {
            print("break: the replay failed, but not the same way: its timeline ends in '\(got.isEmpty ? "(no timeline)" : got)', not in '\(expected)'.")
            return 1
        }
        print("break: the same interleaving and the same failure again (\(expected)), as a replay must show it.")
        return 0
    }

    /// The catalog, one line per breakage, the students' first.
    func list() {
        let width = catalog.nameWidth
        print("BREAKAGE".padded(to: width) + "  LESSON MISTAKE")
        for kind in Breakage.Kind.allCases {
            let ones = catalog.all.filter { $0.kind == kind }
            guard !ones.isEmpty else { continue }
            print("\n\(kind.heading), in Breakages/\(kind.rawValue)/:")
            for breakage in ones { print(breakage.name.padded(to: width) + "  " + breakage.header("Lesson mistake")) }
        }
    }
}
