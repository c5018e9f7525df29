import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Foundation
import Synchronization
import Testing

/// A global actor two runs share at once, as two parallel tests share an app's global actor.
@globalActor actor DrainSharedActor {
    /// The one instance.
    static let shared = DrainSharedActor()

    /// Holds the actor on the calling run's thread until `meeting` says the other run's task waits in its queue (or,
    /// if the other run never came, gives up after a counted while).
    static func hold(_ meeting: DrainMeeting) async {
        await shared.holdHere(meeting)
    }

    /// The holding, on the actor.
    private func holdHere(_ meeting: DrainMeeting) {
        meeting.state.withLock { $0 = .holding }
        var spins = 0
        while !meeting.queued.load(ordering: .acquiring) {
            spins += 1
            // Given up only if the other run has not claimed the meeting: once it has, its task is on its way.
            if spins > 5_000_000, meeting.state.withLock({ state in
                guard state == .holding else { return false }
                state = .abandoned
                return true
            }) { return }
            sched_yield()
        }
    }
}

/// An object of the shared actor, whose deinit runs on it: a job in its queue when the last reference goes elsewhere.
@DrainSharedActor final class DrainBox {
    /// Where it tells that its deinit ran, if anywhere.
    let meeting: DrainMeeting?

    /// A box that tells `meeting`.
    nonisolated init(_ meeting: DrainMeeting?) { self.meeting = meeting }

    isolated deinit { meeting?.ran.store(true, ordering: .releasing) }
}

/// How a run sends work to the shared actor without awaiting it: a task made to start on it (`Task`, or a named
/// `Task.immediate` made off the actor, which the runtime queues there at once), or an object of it whose isolated
/// deinit runs there.
enum DrainDoor: Sendable, CustomStringConvertible {
    case task, namedImmediate, isolatedDeinit

    var description: String {
        switch self {
        case .task: "a task made on it"
        case .namedImmediate: "a named Task.immediate"
        case .isolatedDeinit: "an isolated deinit"
        }
    }
}

/// Where the two runs meet: one holds the shared actor, the other sends work to it meanwhile.
final class DrainMeeting: Sendable {
    /// Where the holding run is.
    enum State { case idle, holding, claimed, abandoned }
    /// Where the holding run is; the other run claims a holding before it makes its task.
    let state = Mutex(State.idle)
    /// The other run's work waits in the actor's queue.
    let queued = Atomic<Bool>(false)
    /// The other run's work ran.
    let ran = Atomic<Bool>(false)
    /// It ran while its run's thread was busy with another job, before its parent waited for it: on the holding
    /// run's thread, with nothing resumed.
    let drained = Atomic<Bool>(false)
    /// Attempts of each run (the harness may run one again alone).
    let makerAttempts = Atomic<Int>(0)
    let holderAttempts = Atomic<Int>(0)
}

/// The run that sends work to the shared actor through `door` beside a plain task (so that the seed picks between
/// their jobs); on its first attempt beside a holder, while the holder keeps the actor, and then without awaiting the
/// work, only seeing that it ran.
@Sendable func sendWorkToSharedActor(_ meeting: DrainMeeting?, through door: DrainDoor) async -> String {
    let other = Task {}
    if let meeting, meeting.makerAttempts.add(1, ordering: .relaxed).oldValue == 0,
       meeting.state.withLock({ state in
           guard state == .holding else { return false }
           state = .claimed
           return true
       }) {
        let task: Task<Void, Never>? = switch door {
        case .task: Task { @DrainSharedActor in meeting.ran.store(true, ordering: .releasing) }
        case .namedImmediate: Task.immediate(name: "drain") { @DrainSharedActor in meeting.ran.store(true, ordering: .releasing) }
        case .isolatedDeinit: nil
        }
        if door == .isolatedDeinit { _ = DrainBox(meeting) }
        meeting.queued.store(true, ordering: .releasing)
        var spins = 0
        while !meeting.ran.load(ordering: .acquiring), spins < 5_000_000 {
            spins += 1
            sched_yield()
        }
        meeting.drained.store(meeting.ran.load(ordering: .acquiring), ordering: .relaxed)
        // Not awaited: its end, on the holder's thread, is then no resumption of this run's (as when the parent
        // awaits it only after it ended).
        _ = task
        await other.value
        return "ran"
    }
    switch door {
    case .task: await Task { @DrainSharedActor in }.value
    case .namedImmediate: await Task.immediate(name: "drain") { @DrainSharedActor in }.value
    case .isolatedDeinit: _ = DrainBox(nil)
    }
    await other.value
    return "ran"
}

// Serialized: each test's two runs meet on the one actor, which another test's would hold too.
@Suite("Two runs sharing one actor at once", .serialized, scaledTimeLimit(minutes: 1))
struct SharedActorDrainTests {
    @Test("work of one run that another run's thread drains from an actor both share, resuming nothing: the same seed still gives the schedule it gives alone",
          arguments: [DrainDoor.task, .namedImmediate, .isolatedDeinit])
    func drainedWorkKeepsTheSchedule(door: DrainDoor) async throws {
        var options = RunOptions()
        // The two runs wait for each other in real time, a few milliseconds where the machine is free.
        options.blockedThreadLimit = .seconds(20)
        let alone = try await run(.seeded(1), options: options) { await sendWorkToSharedActor(nil, through: door) }
        let meeting = DrainMeeting()
        let holder = Task { [options] in
            try await run(.seeded(1), options: options) {
                if meeting.holderAttempts.add(1, ordering: .relaxed).oldValue == 0 { await DrainSharedActor.hold(meeting) }
                return "held"
            }
        }
        // The maker starts once the holder holds the actor (counted, not timed: the holder may wait for its turn).
        var polls = 0
        while meeting.state.withLock({ $0 == .idle }), polls < 20_000 {
            polls += 1
            try await Task.sleep(for: .milliseconds(1))
        }
        let beside = try await run(.seeded(1), options: options) { await sendWorkToSharedActor(meeting, through: door) }
        _ = try await holder.value
        #expect(alone.value == "ran" && beside.value == "ran")
        // Alone or beside, met or not, the maker's run is the same: a run that shared the actor is run again alone.
        #expect(beside.jobs == alone.jobs && beside.scheduleHash == alone.scheduleHash, Comment(rawValue:
                "beside the holder the maker ran \(beside.jobs) jobs (schedule hash \(beside.scheduleHash)), alone " +
                "\(alone.jobs) (\(alone.scheduleHash)), and it was not run again alone; its work (\(door)) " +
                (meeting.drained.load(ordering: .relaxed) ? "ran" : "did not run") + " on the holder's thread"))
    }
}
