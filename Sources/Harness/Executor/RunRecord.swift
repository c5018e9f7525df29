/// The record of a finished run, before its value is given back its type.
struct RunRecord: Sendable {
    /// What the scenario returned.
    var value: any Sendable
    /// Whether work of another run in progress came this run's way, or this run's went another's.
    var touchedAnotherRun = false
    /// Jobs run.
    var jobs: Int
    /// Run time when the scenario returned (virtual under `seeded`).
    var elapsed: Duration
    /// The hash of every choice the scheduler made.
    var scheduleHash: UInt64
    /// Jobs still ready at the end or run after it (allowed by the options).
    var leftoverJobs: Int
    /// Timers whose duration was guessed from real time.
    var guessedTimers: Int = 0
    /// Each choice among more than one ready job, in order.
    var choices: [UInt32] = []
    /// The choice points with their alternatives (under `replay` only).
    var trace: [ChoicePoint] = []
    /// The scenario's notes, with the tasks that left them.
    var timeline = Timeline()
    /// Times a job waited for a `Synchronization.Mutex` another job held (seeded schedules only).
    var mutexWaits = 0
}
