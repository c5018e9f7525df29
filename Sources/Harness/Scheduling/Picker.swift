/// How a schedule chooses the job that runs next where more than one is ready (shuttle's `next_task`): one type per
/// strategy, each in a file of its own — `RandomPicker` (a seeded draw, `seeded`), `PCTPicker` (random priorities
/// lowered at change points, `pct`), `ReplayPicker` (recorded choices, then no preemption, `replay`). `strict` has
/// none: the scheduler runs the oldest job. `Scheduler` keeps the ready jobs, hashes and records each choice; a picker
/// only chooses, and says what it reads, so that the scheduler keeps nothing for a picker that does not.
///
///     var picker = RandomPicker(seed: 7)
///     let first = picker.pick(among: 3, key: { _ in 0 }, calm: { 0 })   // 0, 1 or 2: for seed 7 the same every run
protocol Picker {
    /// Whether `pick` reads the candidates' task keys (PCT): only then does the scheduler work out each job's task.
    static var readsTaskKeys: Bool { get }
    /// Whether it follows the calm candidate and each choice point is recorded with its alternatives (replay: the
    /// steps of an exhaustive search, shrinking): only then does the scheduler keep what `calmIndex` needs.
    static var recordsTrace: Bool { get }
    /// The index of the candidate to run among `count` (at least two). `key(i)` is candidate i's task
    /// (`Scheduler.taskKey`); `calm()` is the candidate a scheduler that never preempts would take
    /// (`Scheduler.calmIndex`). A picker asks only for what it uses: neither costs anything unless asked.
    mutating func pick(among count: Int, key: (Int) -> UInt64, calm: () -> Int) -> Int
}
