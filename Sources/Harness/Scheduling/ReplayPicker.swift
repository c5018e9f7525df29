/// The `replay` strategy's state: follow recorded choices, then never preempt.
struct ReplayPicker {
    /// What `choices` holds where the calm candidate is meant, whatever its index (shrinking writes it).
    static let calm = UInt32.max
    /// The choices to follow, one per choice point.
    let choices: [UInt32]
    /// The next choice to follow.
    private(set) var position = 0

    /// Follows `choices`.
    init(_ choices: [UInt32]) {
        self.choices = choices
    }

    /// The candidate to take among `count`, `calm` being the one that does not preempt.
    mutating func pick(count: Int, calm: Int) -> Int {
        guard position < choices.count else { return calm }
        let choice = choices[position]
        position += 1
        if choice == Self.calm { return calm }
        // A choice past the candidates (the schedule was made for another scenario, or shrinking
        // moved it) still picks one; `Interleaving.fits` tells the run's choices from the string's.
        return Int(choice) % count
    }
}

extension ReplayPicker: Picker {
    /// It reads no task.
    static var readsTaskKeys: Bool { false }
    /// It goes calm past its record, and its runs are what exhaustive search and shrinking walk.
    static var recordsTrace: Bool { true }
    /// The recorded choice, or the calm candidate past the record (`pick(count:calm:)`).
    mutating func pick(among count: Int, key: (Int) -> UInt64, calm: () -> Int) -> Int {
        pick(count: count, calm: calm())
    }
}
