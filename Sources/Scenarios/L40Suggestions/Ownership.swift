import Synchronization

/// What the handles said, per run: a noncopyable type with `discard self` may hold only trivially destroyed
/// properties, so the handles find their run's lines here by the run's number.
let handleLines = Mutex<[Int: [String]]>([:])

/// The next run's number.
let handleRuns = Atomic<Int>(0)

/// L40 card 10: a type that cannot be copied, with a method that uses it up, and a deinit that runs only if
/// nothing ever does.
struct Handle: ~Copyable {
    /// The file descriptor it stands for.
    let fd: Int
    /// The run whose lines it writes to.
    let run: Int

    deinit {
        writeHandleLine("deinit: closing \(fd) for you", run: run)
    }

    /// Closes by hand: uses the handle up, without its deinit.
    consuming func close() {
        writeHandleLine("close(): closing \(fd)", run: run)
        discard self
    }

    /// The same close without `discard self`: the handle is used up, and its deinit runs at the end of the method.
    consuming func closeWithoutDiscard() {
        writeHandleLine("close(): closing \(fd)", run: run)
    }
}

/// L40 card 10: `a` is closed by hand, so its deinit never runs; nothing consumes `b`, so its deinit runs when
/// its scope ends — after "end of main", though `b` is last read before it: a value that cannot be copied and that
/// nothing consumes lives to the end of its scope. Each shape is a main of its own, written straight through: where a
/// value is consumed on one path only, the compiler ends it on the other paths where they part, not at the end.
/// `.closeBoth`, a quiz control: the second handle is closed by hand too. `.closeWithoutDiscard`, another: `a`'s
/// close does not `discard self`. `.consumedEarly`, another: `b` is consumed (`_ = consume b`) before "end of main".
public func handleLifetimes(_ shape: HandleShape = .closeOne) -> [String] {
    let run = handleRuns.add(1, ordering: .relaxed).newValue
    switch shape {
    case .closeOne: cardMain(run: run)
    case .closeBoth: mainClosingBoth(run: run)
    case .closeWithoutDiscard: mainClosingWithoutDiscard(run: run)
    case .consumedEarly: mainConsumingEarly(run: run)
    }
    return handleLines.withLock { $0.removeValue(forKey: run) ?? [] }
}

/// Writes `line` to run `run`'s console.
func writeHandleLine(_ line: String, run: Int) {
    handleLines.withLock { $0[run, default: []].append(line) }
}

/// The card's main: `a` closed by hand, `b` read and never consumed.
func cardMain(run: Int) {
    let a = Handle(fd: 3, run: run)
    let b = Handle(fd: 4, run: run)
    a.close()
    _ = b.fd
    writeHandleLine("end of main", run: run)
}

/// The control with both closed by hand.
func mainClosingBoth(run: Int) {
    let a = Handle(fd: 3, run: run)
    let b = Handle(fd: 4, run: run)
    a.close()
    b.close()
    writeHandleLine("end of main", run: run)
}

/// The control whose close does not `discard self`.
func mainClosingWithoutDiscard(run: Int) {
    let a = Handle(fd: 3, run: run)
    let b = Handle(fd: 4, run: run)
    a.closeWithoutDiscard()
    _ = b.fd
    writeHandleLine("end of main", run: run)
}

/// The control that consumes `b` before the last line.
func mainConsumingEarly(run: Int) {
    let a = Handle(fd: 3, run: run)
    let b = Handle(fd: 4, run: run)
    a.close()
    _ = consume b
    writeHandleLine("end of main", run: run)
}

/// Which handles are closed by hand.
public enum HandleShape: String, CaseIterable, Sendable, Decodable {
    /// Only the first: the second's deinit closes it (the lesson).
    case closeOne
    /// Both, a control: no deinit runs.
    case closeBoth
    /// Only the first, by a close that does not `discard self`, a control: its deinit runs too.
    case closeWithoutDiscard
    /// Only the first; the second consumed, not closed, before "end of main", a control: its deinit runs early.
    case consumedEarly
}
