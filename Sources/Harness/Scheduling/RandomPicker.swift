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
