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
        handleLines.withLock { $0[run, default: []].append("deinit: closing \(fd) for you") }
    }

    /// Closes by hand: uses the handle up, without its deinit.
    consuming func close() {
        handleLines.withLock { $0[run, default: []].append("close(): closing \(fd)") }
        discard self
    }

    /// The same close without `discard self`: the handle is used up, and its deinit runs at the end of the method.
    consuming func closeWithoutDiscard() {
        handleLines.withLock { $0[run, default: []].append("close(): closing \(fd)") }
    }
}

/// L40 card 10: `a` is closed by hand, so its deinit never runs; nothing consumes `b`, so its deinit runs when
/// its scope ends.
/// `.closeBoth`, the quiz's control: the second handle is closed by hand too.
public func handleLifetimes(_ shape: HandleShape = .closeOne) -> [String] {
    let closeBoth = shape == .closeBoth
    let run = handleRuns.add(1, ordering: .relaxed).newValue
    do {
        let a = Handle(fd: 3, run: run)
        let b = Handle(fd: 4, run: run)
        if shape == .closeWithoutDiscard { a.closeWithoutDiscard() } else { a.close() }
        if closeBoth {
            b.close()
            handleLines.withLock { $0[run, default: []].append("end of main") }
        } else {
            handleLines.withLock { $0[run, default: []].append("end of main") }
            _ = b.fd
        }
    }
    return handleLines.withLock { $0.removeValue(forKey: run) ?? [] }
}

/// Which handles are closed by hand.
public enum HandleShape: String, CaseIterable, Sendable, Decodable {
    /// Only the first: the second's deinit closes it (the lesson).
    case closeOne
    /// Both, a control: no deinit runs.
    case closeBoth
    /// Only the first, by a close that does not `discard self`, a control: its deinit runs too.
    case closeWithoutDiscard
}
