/// The `seeded` strategy: each choice a uniform draw among the candidates, from a seeded generator, so that one
/// seed gives one schedule in any process.
///
/// It keeps nothing but the generator's state (plain bits), so stepping it copies nothing that counts references:
/// the rule of every seeded run costs a draw a choice.
struct RandomPicker: Picker {
    /// It reads no task.
    static var readsTaskKeys: Bool { false }
    /// It records no trace.
    static var recordsTrace: Bool { false }
    /// Draws the choices.
    private(set) var generator: SeededGenerator

    /// Draws from `generator`.
    init(_ generator: SeededGenerator) {
        self.generator = generator
    }

    /// Draws from a generator seeded with `seed`.
    init(seed: UInt64) {
        self.init(SeededGenerator(seed: seed))
    }

    /// A candidate drawn uniformly among `count`; neither the tasks nor the calm candidate matter.
    mutating func pick(among count: Int, key: (Int) -> UInt64, calm: () -> Int) -> Int {
        generator.index(below: count)
    }
}

/// SplitMix64: a tiny pseudo-random generator whose whole state is one `UInt64`: the random walk's draws, and
/// `PCTPicker`'s priorities and change points.
///
/// Chosen because its output depends on nothing but the seed (not on the process, the platform
/// or the build), which is what makes a seed replayable anywhere.
struct SeededGenerator: RandomNumberGenerator {
    /// The generator's state: the seed, advanced by a constant at every draw.
    private var state: UInt64

    /// A generator that will produce the same numbers for the same seed, in any process.
    init(seed: UInt64) {
        state = seed
    }

    /// The next pseudo-random number.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<count`, drawn without the bias of a plain `%`.
    mutating func index(below count: Int) -> Int {
        Int(UInt64.random(in: 0..<UInt64(count), using: &self))
    }
}

/// A hash of the choices a scheduler made, in order: equal hashes mean equal schedules.
///
/// `Hasher` would not do: it is seeded differently in every process, and the point of a schedule
/// hash is to compare runs in two processes. Each choice is scrambled whole (SplitMix64's finaliser) and folded
/// in with a multiply, a word at a time: every job of a seeded run mixes one, so a byte-wise FNV cost 3% of a job.
struct ScheduleHash {
    /// The hash so far.
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Mixes one choice into the hash.
    mutating func mix(_ number: UInt64) {
        var z = number &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        value = (value ^ z ^ (z >> 31)) &* 0x0000_0100_0000_01b3
    }
}
