import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// Lesson 38, step 6 and actors question 14: what an executor of its own changes (the thread) and what it does not
/// (one piece at a time). The disk's code runs on its own thread, outside the harness, so this runs under `.system`
/// and the harness waits for that thread instead of calling the quiet moment a deadlock.
@Suite("L38 an actor on a serial executor of its own", scaledTimeLimit(minutes: 1))
struct OwnExecutorTests {
    @Test("L38 actors Q14: four saves at once on one disk with its own executor → one at a time, all on trips.disk")
    func oneDiskSavesOneAtATimeOnItsThread() async {
        await verify(Claim(
            "an actor with a serial executor of its own runs every piece on that executor's thread (\"trips.disk\"), not "
                + "on the shared pool's threads, and one piece at a time, as every actor does: two saves on the same disk "
                + "never run at once", runs: [.system],
            expect: Expectation(every: .equals(OneDiskSaves(saves: 4, mostAtOnce: 1, threads: ["trips.disk"]))),
            control: .none(why: "the disk's executor is the subject's one shape here")) {
                try await savesAtOnceOnOneOwnThreadDisk(4, patience: .milliseconds(100))
            })
    }
}
