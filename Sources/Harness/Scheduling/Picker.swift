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

/// A picker held by its concrete type where it is one of the package's three: each choice is then a direct call the
/// optimizer inlines, where a call through `any Picker` is a witness call and a copy of the existential's box (the
/// bench's yields row, where every job is a choice point among ten, showed it). Any other picker is held as it is.
enum HeldPicker {
    /// `seeded`'s.
    case random(RandomPicker)
    /// `pct`'s.
    case pct(PCTPicker)
    /// `replay`'s.
    case replay(ReplayPicker)
    /// A picker the package does not define (a test's).
    case other(any Picker)

    /// `picker`, by its concrete type where it has a case of its own.
    init(_ picker: any Picker) {
        switch picker {
        case let random as RandomPicker: self = .random(random)
        case let pct as PCTPicker: self = .pct(pct)
        case let replay as ReplayPicker: self = .replay(replay)
        default: self = .other(picker)
        }
    }

    /// The held picker's type: what it says of itself (`readsTaskKeys`, `recordsTrace`), read once per scheduler.
    var kind: any Picker.Type {
        switch self {
        case .random: RandomPicker.self
        case .pct: PCTPicker.self
        case .replay: ReplayPicker.self
        case .other(let picker): type(of: picker)
        }
    }

    /// The held picker's `Picker.pick(among:key:calm:)`. The picker is moved out and back, never copied: PCT's
    /// priorities are then never shared, so never copied on write.
    mutating func pick(among count: Int, key: (Int) -> UInt64, calm: () -> Int) -> Int {
        switch consume self {
        case .random(var picker):
            defer { self = .random(picker) }
            return picker.pick(among: count, key: key, calm: calm)
        case .pct(var picker):
            defer { self = .pct(picker) }
            return picker.pick(among: count, key: key, calm: calm)
        case .replay(var picker):
            defer { self = .replay(picker) }
            return picker.pick(among: count, key: key, calm: calm)
        case .other(var picker):
            defer { self = .other(picker) }
            return picker.pick(among: count, key: key, calm: calm)
        }
    }
}
