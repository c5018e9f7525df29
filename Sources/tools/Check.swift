import Foundation

/// `scripts/check-breakages`: every breakage applied in turn to a scratch copy of this checkout (never to your
/// tree), its tests run, one line per breakage: caught by which tests, with the first failure a student sees, or
/// MISSED — and whether what its `# Why:` promises the student will see is what `scripts/break` shows.
struct Check {
    let catalog: BreakageCatalog
    let root: String
    /// Whether the patches go into `root` itself (clean, its build reused) rather than into a scratch copy.
    var here = false

    static let usage = """
        Applies every breakage in Breakages/ (Subjects/, then Harness/ and Quiz/, the harness's and the quiz's
        checks of themselves) in turn to a scratch copy of this checkout (never to your tree), runs the tests its
        header names, and prints one line per breakage: caught by which tests (followed by the first failure
        message a student sees, indented), or MISSED. It also checks that what the header's "# Why:" promises the
        student will see (the why itself among the first lines, a quoted runtime line, a timeline, a shrunk
        counterexample) is in what scripts/break shows. Ends with "caught N of M". A breakage whose tests run past the limit (a hang) counts as MISSED: the
        suite must turn a hang into a failure; so does one that does not build, or whose tests pass or select nothing.
        The failures are read from Swift Testing's event stream, not from its printed lines. Each line says how
        long the breakage took, and its build of that. The breakages that change a declaration, not only a body (each
        rebuilds every module that depends on its file's, and so does its undo), run last, one after another, so
        that one undo and the next change are one rebuild; a breakage's build makes the test bundle alone, or every
        product when a test its header names may start one of the package's executables.

          scripts/check-breakages [NAME…]        (default: the whole catalog)
          scripts/check-breakages --kind KIND    only Subjects, Harness or Quiz
          scripts/check-breakages --here         in this checkout itself, which must be clean (a throwaway clone,
                                                 as CI's): its build is reused; each patch is undone after its
                                                 tests, and on an interrupt
          scripts/check-breakages --help         this text
          BREAKAGE_TIMEOUT=seconds               per breakage, for its build and again for its test run (default 300)

        Exit status: 0 every breakage caught and its promises shown, 1 any MISSED or promise not shown (or
        the unbroken package does not build), 2 misuse, 130 interrupted (the scratch copy is removed; your
        tree is never touched).
        """

    /// Checks `breakages`, each at most `limit` for its build and again for its tests.
    func run(_ breakages: [Breakage], limit: Duration) -> Int32 {
        let scratch = here ? root
            : FileManager.default.temporaryDirectory.appendingPathComponent("check-breakages-\(getpid())").path
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("check-breakages-\(getpid())-logs").path
        let here = here
        @Sendable func removeScratch() {
            if here {
                undoPatch(in: scratch)
                try? FileManager.default.removeItem(atPath: logs)
                return
            }
            try? FileManager.default.removeItem(atPath: scratch)
            try? FileManager.default.removeItem(atPath: logs)
            // SwiftPM's lock files beside the temporary folder for a .build (named after the path) outlive it otherwise.
            let folder = FileManager.default.temporaryDirectory.path
            let prefix = (scratch + "/.build").replacingOccurrences(of: "/", with: "_")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
                try? FileManager.default.removeItem(atPath: folder + "/" + name)
            }
        }
        onInterrupt {
            removeScratch()
            FileHandle.standardError.write(Data((here ? "check-breakages: interrupted; the patch under way was undone\n"
                                                      : "check-breakages: interrupted; your tree was never touched\n").utf8))
        }
        defer { removeScratch() }
        try? FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        if here {
            return runAll(breakages, in: scratch, logs: logs, limit: limit)
        }
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        // The working tree as it is (committed or not), without build products; its .build is shared by all the
        // breakages in turn, so each costs an incremental build.
        let copy = "tar -C '\(root)' --exclude=./.build --exclude=./.git -cf - . | tar -C '\(scratch)' -xf - && cd '\(scratch)' "
            + "&& git init -q . && git add -A && git -c user.email=ci@localhost -c user.name=ci commit -qm base"
        guard (try? Child(["bash", "-c", copy], log: logs + "/copy.log").wait()) == 0 else {
            print("check-breakages: could not make the scratch copy"); return 1
        }
        print("check-breakages: building the scratch copy once")
        return runAll(breakages, in: scratch, logs: logs, limit: limit)
    }

    /// Builds `scratch` unbroken, then applies, builds, tests and undoes each breakage there in turn.
    private func runAll(_ breakages: [Breakage], in scratch: String, logs: String, limit: Duration) -> Int32 {
        guard (try? Child(["swift", "build", "--build-tests"], log: logs + "/build.log", in: scratch).wait()) == 0 else {
            print("check-breakages: the unbroken package does not build:")
            print(((try? String(contentsOfFile: logs + "/build.log", encoding: .utf8)) ?? "").split(separator: "\n").suffix(30).joined(separator: "\n"))
            return 1
        }
        let width = catalog.nameWidth
        let planned = ContinuousClock.now
        let plan = CheckPlan(breakages, in: scratch, root: root, scratch: logs + "/declarations")
        print("check-breakages: \(plan.declaring.count) of \(breakages.count) change a declaration, read from the patches in "
              + "\(planned.duration(to: .now).components.seconds) s; they run last")
        var caught = 0, missed: [String] = [], unkept: [String] = [], kind: Breakage.Kind?
        for (index, breakage) in plan.ordered.enumerated() {
            if plan.declaring.contains(breakage.name), index == 0 || !plan.declaring.contains(plan.ordered[index - 1].name) {
                print("Last, the \(plan.declaring.count) that change a declaration (each rebuilds every module depending on its "
                      + "file's, and so does its undo), one after another:")
                kind = nil
            }
            if breakage.kind != kind {
                kind = breakage.kind
                print("\(breakage.kind.heading), in Breakages/\(breakage.kind.rawValue)/:")
            }
            func miss(_ why: String) {
                print(breakage.name.padded(to: width) + " MISSED: " + why)
                missed.append(breakage.name)
            }
            guard !breakage.mustFail.isEmpty else { miss("its header has no \"# Must fail:\" line"); continue }
            guard git(["apply", root + "/" + breakage.path], in: scratch).status == 0 else { miss("does not apply"); continue }
            let started = ContinuousClock.now
            let builder = try? Child(plan.build(for: breakage.mustFail), log: logs + "/build.log", in: scratch)
            let built: Int32? = builder.map { $0.wait(limit: limit) } ?? 127
            let building = Int(started.duration(to: .now).components.seconds)
            var run: TestRun?
            if built == 0 {
                run = Break(catalog: catalog, logs: logs).test(plan.test(breakage.mustFail, in: scratch), in: scratch, limit: limit)
            }
            let seconds = Int(started.duration(to: .now).components.seconds)
            undoPatch(in: scratch)
            guard let run else {
                let console = (try? String(contentsOfFile: logs + "/build.log", encoding: .utf8)) ?? ""
                let error = console.split(separator: "\n").first { $0.contains("error:") }.map { String($0).cut(to: 120) } ?? ""
                miss(built == nil ? "its build ran past \(limit)" : "the broken subject does not compile: \(error)")
                continue
            }
            guard run.status != 124 else { miss("the tests ran past \(limit) (a hang the suite did not turn into a failure)"); continue }
            guard run.caught else { miss(run.notCaughtReason); continue }
            let tests = Array(Set(run.issues.map(\.test))).sorted()
            var by = tests.prefix(3).joined(separator: ";")
            if tests.count > 3 { by += "; and \(tests.count - 3) more" }
            if tests.isEmpty { by = "(the test process failed: \(run.crashLines.first ?? "exit \(run.status)"))" }
            let took = String(seconds)
            print(breakage.name.padded(to: width) + " caught in " + String(repeating: " ", count: max(0, 3 - took.count)) + took
                  + "s (build \(building)s) by: \(by)")
            let first = run.failures(most: 1).dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) }
                ?? run.crashLines.first ?? "(no failure message in the log)"
            print("    ↳ " + first.cut(to: 160))
            caught += 1
            let promises = run.unkeptPromises(why: breakage.header("Why"))
            if !promises.isEmpty {
                print("    ✘ its \"# Why:\" promises \(promises.joined(separator: ", ")), which scripts/break does not show")
                unkept.append(breakage.name)
            }
        }
        print("caught \(caught) of \(breakages.count); every promised line shown for \(caught - unkept.count) of them")
        if !missed.isEmpty { print("missed: \(missed.joined(separator: " "))") }
        if !unkept.isEmpty { print("promised but not shown: \(unkept.joined(separator: " "))") }
        return missed.isEmpty && unkept.isEmpty ? 0 : 1
    }
}

/// Undoes a breakage in `folder`, a checkout that was clean before it: its changes checked out, the files it added
/// removed (the build kept).
private func undoPatch(in folder: String) {
    git(["checkout", "-q", "--", "."], in: folder)
    git(["clean", "-qfd", "-e", ".build"], in: folder)
}
