/// An object whose method starts a Task { } that uses self.
final class Loader: Sendable {
    let log: EventLog

    init(_ log: EventLog) {
        self.log = log
    }

    deinit {
        log.record("the loader freed")
    }

    /// Starts a task that holds `self` until it ends; `weakly`, the control: one that does not.
    func start(weakly: Bool = false) -> Task<Void, Never> {
        if weakly {
            let log = log
            return Task { [weak self] in
                try? await Task.sleep(for: .milliseconds(100))
                log.record(self == nil ? "the loader's task finished" : "the loader's task finished, holding it")
            }
        }
        return Task {
            try? await Task.sleep(for: .milliseconds(100))
            log.record("the loader's task finished")
        }
    }
}

/// L38 card 15: the task holds the object until it ends; then the object is freed.
/// `.holdsSelfWeakly`, the control: the task holds the loader weakly.
nonisolated(nonsending) public func taskKeepsSelfAlive(_ shape: SelfCaptureShape = .holdsSelf) async -> [String] {
    let holdsSelfWeakly = shape == .holdsSelfWeakly
    let log = EventLog()
    var loader: Loader? = Loader(log)
    let task = loader?.start(weakly: holdsSelfWeakly)
    loader = nil
    log.record("the last reference is gone")
    await task?.value
    return log.entries
}

/// How the loader's task holds the loader.
public enum SelfCaptureShape: String, CaseIterable, Sendable, Decodable {
    /// Strongly, as `self` (the lesson).
    case holdsSelf
    /// Weakly, the control.
    case holdsSelfWeakly
}
