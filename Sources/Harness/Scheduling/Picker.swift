/// How a schedule chooses the job that runs next where more than one is ready: one type per strategy, each in a
/// file of its own — `RandomPicker` (a seeded draw, the rule of `seeded`), `PCTPicker` (random priorities lowered at
/// change points, `pct`), `ReplayPicker` (recorded choices, then no preemption, `replay`). `strict` needs none: it
/// runs the oldest job. `Scheduler` keeps the ready jobs, hashes and records each choice; a picker only chooses.
///
///     var picker = RandomPicker(seed: 7)
///     let first = picker.pick(among: 3, key: { _ in 0 }, calm: { 0 })   // 0, 1 or 2: for seed 7 the same every run
protocol Picker {
    /// The index of the candidate to run among `count` (at least two). `key(i)` is candidate i's task
    /// (`Scheduler.taskKey`); `calm()` is the candidate a scheduler that never preempts would take
    /// (`Scheduler.calmIndex`). A picker asks only for what it uses: neither costs anything unless asked.
    mutating func pick(among count: Int, key: (Int) -> UInt64, calm: () -> Int) -> Int
}
