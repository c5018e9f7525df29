import Foundation

/// Turns for runs: any number at once, or one alone.
///
/// Runs in progress at once share what the process shares (a global actor, an actor kept in a static), and a task
/// of one may then be run by the other (`RunRegistry`). A run that saw work of another run come its way is run
/// again alone (`alone`): the verdict is the one of a run nothing else could reach. Every other run takes a shared
/// turn (`together`), which costs a lock and waits only while a run is alone.
///
/// `@unchecked Sendable`: its state is only touched under `lock`.
final class RunQueue: @unchecked Sendable {
    /// The process's queue.
    static let shared = RunQueue()
    /// Whether the current task runs inside a run, which holds a turn already (a run started from inside a scenario
    /// takes none: it would wait for its own run).
    @TaskLocal static var holdsTurn = false

    /// Guards the state below.
    private let lock = OwnLocks.lock()
    /// Runs in progress together.
    private var together = 0
    /// Whether a run is in progress alone.
    private var aloneNow = false
    /// Runs waiting to run alone, then runs waiting to run together, each in the order they came.
    private var waitingAlone: [CheckedContinuation<Void, Never>] = []
    private var waitingTogether: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` beside any other runs (waiting while one runs alone).
    func together<T>(_ body: () async throws -> T) async rethrows -> T {
        guard !Self.holdsTurn else { return try await body() }
        await take(alone: false)
        defer { give(alone: false) }
        return try await Self.$holdsTurn.withValue(true) { try await body() }
    }

    /// Runs `body` with no other run in progress.
    func alone<T>(_ body: () async throws -> T) async rethrows -> T {
        guard !Self.holdsTurn else { return try await body() }
        await take(alone: true)
        defer { give(alone: true) }
        return try await Self.$holdsTurn.withValue(true) { try await body() }
    }

    /// Waits for a turn.
    private func take(alone: Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if alone {
                if !aloneNow, together == 0 {
                    aloneNow = true
                    lock.unlock()
                    continuation.resume()
                    return
                }
                waitingAlone.append(continuation)
            } else {
                // A run waiting to be alone goes first: new runs do not starve it.
                if !aloneNow, waitingAlone.isEmpty {
                    together += 1
                    lock.unlock()
                    continuation.resume()
                    return
                }
                waitingTogether.append(continuation)
            }
            lock.unlock()
        }
    }

    /// Gives a turn back, and hands turns on.
    private func give(alone: Bool) {
        lock.lock()
        if alone { aloneNow = false } else { together -= 1 }
        var resume: [CheckedContinuation<Void, Never>] = []
        if !aloneNow, together == 0, !waitingAlone.isEmpty {
            aloneNow = true
            resume.append(waitingAlone.removeFirst())
        } else if !aloneNow, waitingAlone.isEmpty, !waitingTogether.isEmpty {
            together += waitingTogether.count
            resume = waitingTogether
            waitingTogether.removeAll()
        }
        lock.unlock()
        for continuation in resume { continuation.resume() }
    }
}
