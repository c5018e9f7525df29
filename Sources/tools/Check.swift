import Foundation
import Synchronization

/// `scripts/check-breakages`: every breakage applied in turn to a scratch copy of this checkout (never to your
/// tree), its tests run, one line per breakage: caught by which tests, with the first failure a student sees, or
/// MISSED — and whether what its `# Why:` promises the student will see is what `scripts/break` shows.
struct Check {
    let catalog: BreakageCatalog
    let root: String
    /// Whether the patches go into `root` itself (clean, its build reused) rather than into a scratch copy.
    var here = false
    /// How many breakages are checked at once, each lane in a checkout of its own (the first `root` itself when
    /// `here`, the others scratch copies with builds of their own).
    var lanes = 1

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
          scripts/check-breakages --lanes N      N breakages at a time (1 to 8; default 1), each lane in a
                                                 checkout of its own with a build of its own (a cold build
                                                 each, while the first lane starts): for a machine with N
                                                 CPUs or more
          scripts/check-breakages --help         this text
          BREAKAGE_TIMEOUT=seconds               per breakage, for its build and again for its test run (default 300)

        Exit status: 0 every breakage caught and its promises shown, 1 any MISSED or promise not shown (or
        the unbroken package does not build), 2 misuse, 130 interrupted (the scratch copy is removed; your
        tree is never touched).
        """

    /// Checks `breakages`, each at most `limit` for its build and again for its tests.
    func run(_ breakages: [Breakage], limit: Duration) -> Int32 {
        let temporary = FileManager.default.temporaryDirectory.path
        let first = here ? root : temporary + "/check-breakages-\(getpid())"
        // Every lane past the first works in a copy of its own, with a build of its own.
        let folders = [first] + (1..<max(1, lanes)).map { temporary + "/check-breakages-\(getpid())-lane\($0 + 1)" }
        // The folders this tool makes (the rest are copies of `root`), and removes at its end.
        let copies = here ? Array(folders.dropFirst()) : folders
        let logs = temporary + "/check-breakages-\(getpid())-logs"
        let here = here
        @Sendable func removeScratch() {
            if here { undoPatch(in: first) }
            for folder in copies {
                try? FileManager.default.removeItem(atPath: folder)
                // SwiftPM's lock files beside the temporary folder for a .build (named after the path) outlive it otherwise.
                let prefix = (folder + "/.build").replacingOccurrences(of: "/", with: "_")
                for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix(prefix) {
                    try? FileManager.default.removeItem(atPath: temporary + "/" + name)
                }
            }
            try? FileManager.default.removeItem(atPath: logs)
        }
        onInterrupt {
            removeScratch()
            FileHandle.standardError.write(Data((here ? "check-breakages: interrupted; the patch under way was undone\n"
                                                      : "check-breakages: interrupted; your tree was never touched\n").utf8))
        }
        defer { removeScratch() }
        for lane in folders.indices {
            try? FileManager.default.createDirectory(atPath: logs + "/lane\(lane + 1)", withIntermediateDirectories: true)
        }
        // The working tree as it is (committed or not), without build products, before any patch goes in; a copy's
        // .build is shared by the breakages its lane takes, so each costs an incremental build.
        for folder in copies {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let copy = "tar -C '\(root)' --exclude=./.build --exclude=./.git -cf - . | tar -C '\(folder)' -xf - && cd '\(folder)' "
                + "&& git init -q . && git add -A && git -c user.email=ci@localhost -c user.name=ci commit -qm base"
            guard (try? Child(["bash", "-c", copy], log: logs + "/copy.log").wait()) == 0 else {
                print("check-breakages: could not make the scratch copy \(folder)"); return 1
            }
        }
        if !here { print("check-breakages: building the scratch copy once") }
        if folders.count > 1 {
            print("check-breakages: \(folders.count) lanes, each a checkout and a build of its own; the copies build while "
                  + "the first lane starts")
        }
        return runAll(breakages, in: folders, logs: logs, limit: limit)
    }

    /// What checking one breakage printed, and whether it was caught with every promised line shown.
    fileprivate struct Outcome: Sendable {
        var lines: [String]
        var missed = false, unkept = false
    }

    /// Builds the first folder unbroken, then in every folder (a lane, on a thread of its own, once its own unbroken
    /// build is done) takes the next breakage not yet taken, applies, builds, tests and undoes it; prints each
    /// breakage's lines in the plan's order as they come.
    private func runAll(_ breakages: [Breakage], in folders: [String], logs: String, limit: Duration) -> Int32 {
        guard (try? Child(["swift", "build", "--build-tests"], log: logs + "/lane1/build.log", in: folders[0]).wait()) == 0 else {
            print("check-breakages: the unbroken package does not build:")
            print(((try? String(contentsOfFile: logs + "/lane1/build.log", encoding: .utf8)) ?? "").split(separator: "\n").suffix(30).joined(separator: "\n"))
            return 1
        }
        let width = catalog.nameWidth
        let planned = ContinuousClock.now
        let plan = CheckPlan(breakages, in: folders[0], root: root, scratch: logs + "/declarations")
        print("check-breakages: \(plan.declaring.count) of \(breakages.count) change a declaration, read from the patches in "
              + "\(planned.duration(to: .now).components.seconds) s; they run last")
        let order = plan.ordered
        // The next breakage to take, and what came back, printed up to `printed` in order.
        let state = Mutex((next: 0, outcomes: [Outcome?](repeating: nil, count: order.count), printed: 0,
                           kind: Breakage.Kind?.none, taken: [Int](repeating: 0, count: folders.count)))
        let catalog = catalog, root = root
        @Sendable func report(_ outcome: Outcome, at index: Int) {
            state.withLock { state in
                state.outcomes[index] = outcome
                while state.printed < order.count, let ready = state.outcomes[state.printed] {
                    let breakage = order[state.printed]
                    if plan.declaring.contains(breakage.name),
                       state.printed == 0 || !plan.declaring.contains(order[state.printed - 1].name) {
                        print("Last, the \(plan.declaring.count) that change a declaration (each rebuilds every module depending "
                              + "on its file's, and so does its undo), one after another:")
                        state.kind = nil
                    }
                    if breakage.kind != state.kind {
                        state.kind = breakage.kind
                        print("\(breakage.kind.heading), in Breakages/\(breakage.kind.rawValue)/:")
                    }
                    for line in ready.lines { print(line) }
                    fflush(nil)  // a log read while CI runs shows each line as it comes
                    state.printed += 1
                }
            }
        }
        @Sendable func lane(_ number: Int) {
            let folder = folders[number], laneLogs = logs + "/lane\(number + 1)"
            if number > 0 {
                // Stopped if the other lanes took every breakage while it built.
                let builder = try? Child(["swift", "build", "--build-tests"], log: laneLogs + "/build.log", in: folder)
                let built = builder?.wait { state.withLock { $0.next >= order.count } }
                guard built == 0 else {
                    // Under the lock the breakages' lines are printed under, so as not to cut into them.
                    if builder == nil || built != nil {
                        state.withLock { _ in
                            print("check-breakages: lane \(number + 1)'s copy does not build; the other lanes go on without it")
                        }
                    }
                    return
                }
            }
            while let index = state.withLock({ state -> Int? in
                guard state.next < order.count else { return nil }
                defer { state.next += 1; state.taken[number] += 1 }
                return state.next
            }) {
                report(check(order[index], plan: plan, in: folder, logs: laneLogs, limit: limit, width: width,
                             catalog: catalog, root: root), at: index)
            }
        }
        let lanes = DispatchGroup()
        for number in folders.indices.dropFirst() {
            lanes.enter()
            Thread { lane(number); lanes.leave() }.start()
        }
        lane(0)
        lanes.wait()
        let (outcomes, taken) = state.withLock { ($0.outcomes.compactMap { $0 }, $0.taken) }
        if folders.count > 1 {
            print("check-breakages: " + taken.indices.map { "lane \($0 + 1) took \(taken[$0])" }.joined(separator: ", "))
        }
        let missed = zip(order, outcomes).filter { $0.1.missed }.map(\.0.name)
        let unkept = zip(order, outcomes).filter { $0.1.unkept }.map(\.0.name)
        let caught = outcomes.count - missed.count
        print("caught \(caught) of \(breakages.count); every promised line shown for \(caught - unkept.count) of them")
        if !missed.isEmpty { print("missed: \(missed.joined(separator: " "))") }
        if !unkept.isEmpty { print("promised but not shown: \(unkept.joined(separator: " "))") }
        return missed.isEmpty && unkept.isEmpty ? 0 : 1
    }
}

/// Applies `breakage` in `folder` (clean), builds what its tests need, runs them, undoes it: the lines to print.
private func check(_ breakage: Breakage, plan: CheckPlan, in folder: String, logs: String, limit: Duration, width: Int,
                   catalog: BreakageCatalog, root: String) -> Check.Outcome {
    func miss(_ why: String) -> Check.Outcome {
        Check.Outcome(lines: [breakage.name.padded(to: width) + " MISSED: " + why], missed: true)
    }
    guard !breakage.mustFail.isEmpty else { return miss("its header has no \"# Must fail:\" line") }
    guard git(["apply", root + "/" + breakage.path], in: folder).status == 0 else { return miss("does not apply") }
    let started = ContinuousClock.now
    let builder = try? Child(plan.build(for: breakage.mustFail), log: logs + "/build.log", in: folder)
    let built: Int32? = builder.map { $0.wait(limit: limit) } ?? 127
    let building = Int(started.duration(to: .now).components.seconds)
    var run: TestRun?
    if built == 0 {
        run = Break(catalog: catalog, logs: logs).test(plan.test(breakage.mustFail, in: folder), in: folder, limit: limit)
    }
    let seconds = Int(started.duration(to: .now).components.seconds)
    undoPatch(in: folder)
    guard let run else {
        let console = (try? String(contentsOfFile: logs + "/build.log", encoding: .utf8)) ?? ""
        let error = console.split(separator: "\n").first { $0.contains("error:") }.map { String($0).cut(to: 120) } ?? ""
        return miss(built == nil ? "its build ran past \(limit)" : "the broken subject does not compile: \(error)")
    }
    guard run.status != 124 else { return miss("the tests ran past \(limit) (a hang the suite did not turn into a failure)") }
    guard run.caught else { return miss(run.notCaughtReason) }
    let tests = Array(Set(run.issues.map(\.test))).sorted()
    var by = tests.prefix(3).joined(separator: ";")
    if tests.count > 3 { by += "; and \(tests.count - 3) more" }
    if tests.isEmpty { by = "(the test process failed: \(run.crashLines.first ?? "exit \(run.status)"))" }
    let took = String(seconds)
    var outcome = Check.Outcome(lines: [breakage.name.padded(to: width) + " caught in "
        + String(repeating: " ", count: max(0, 3 - took.count)) + took + "s (build \(building)s) by: \(by)"])
    let first = run.failures(most: 1).dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) }
        ?? run.crashLines.first ?? "(no failure message in the log)"
    outcome.lines.append("    ↳ " + first.cut(to: 160))
    let promises = run.unkeptPromises(why: breakage.header("Why"))
    if !promises.isEmpty {
        outcome.lines.append("    ✘ its \"# Why:\" promises \(promises.joined(separator: ", ")), which scripts/break does not show")
        outcome.unkept = true
    }
    return outcome
}

/// Undoes a breakage in `folder`, a checkout that was clean before it: its changes checked out, the files it added
/// removed (the build kept).
private func undoPatch(in folder: String) {
    git(["checkout", "-q", "--", "."], in: folder)
    git(["clean", "-qfd", "-e", ".build"], in: folder)
}
