/// What must hold for one outcome: nil if it holds, else what was wrong (`drops = 99, expected 1...5`).
public struct Condition<Outcome: Sendable>: Sendable, CustomStringConvertible {
    /// The condition in words: `drops 1...5`.
    public var description: String
    /// Nil if `outcome` satisfies the condition, else the miss in words.
    public var miss: @Sendable (Outcome) -> String?

    /// A condition described as `description`, judged by `miss`.
    public init(_ description: String, miss: @escaping @Sendable (Outcome) -> String?) {
        self.description = description
        self.miss = miss
    }

    /// A condition that holds when `holds` is true; a miss shows the outcome.
    public static func that(_ description: String, _ holds: @escaping @Sendable (Outcome) -> Bool) -> Condition {
        Condition(description) { holds($0) ? nil : abbreviated($0) }
    }
}

extension Condition where Outcome: Equatable {
    /// The outcome is exactly `expected` (a `Duration` reads rounded: `127 µs, expected 10 ms`).
    public static func equals(_ expected: Outcome) -> Condition {
        Condition(described(expected)) { $0 == expected ? nil : "\(described($0)), expected \(described(expected))" }
    }
}
