/// What must hold for one outcome: nil if it holds, else what was wrong (`drops = 99, expected 1...5`).
///
/// A claim's ``Expectation`` is made of conditions. Three ways to write one, from the most to the least said for you:
///
///     .equals(20)                                      // a miss reads "-60, expected 20"
///     .that("at most 2 requests") { $0 <= 2 }          // a miss reads "3, expected at most 2 requests"
///     Condition("drops 1...5") { (1...5).contains($0) ? nil : "drops = \($0), expected 1...5" }
///
/// The words are what a failing test prints first, so say them in the lesson's terms.
public struct Condition<Outcome: Sendable>: Sendable, CustomStringConvertible {
    /// The condition in words: `drops 1...5`. A report prints it after "expected".
    public var description: String
    /// Nil if `outcome` satisfies the condition, else the miss in words.
    package var miss: @Sendable (Outcome) -> String?

    /// A condition described as `description`, judged by `miss`: nil when the outcome satisfies it, else the miss
    /// in words, which a failing test prints as it is. Write one when the miss is best said in the lesson's terms:
    ///
    ///     let exact = Condition<Int>("exactly 20 drops") { left in
    ///         left == 20 ? nil : "10 bees at once left \(left) drops: lost \(20 - left)"
    ///     }
    ///     await verify(Claim("10 bees pour 20 drops", expect: Expectation(every: exact), control: …) { … })
    public init(_ description: String, miss: @escaping @Sendable (Outcome) -> String?) {
        self.description = description
        self.miss = miss
    }

    /// A condition that holds when `holds` is true; a miss shows the outcome and what was expected:
    ///
    ///     Expectation(every: .that("at most 2 requests") { $0 <= 2 })
    ///     // under seeded(0x…03): 3, expected at most 2 requests
    ///
    /// For an outcome with fields, name the field in the words: `.that("peakInFlight 3") { $0.peakInFlight == 3 }`.
    public static func that(_ description: String, _ holds: @escaping @Sendable (Outcome) -> Bool) -> Condition {
        Condition(description) { holds($0) ? nil : "\(abbreviated($0)), expected \(description)" }
    }
}

extension Condition where Outcome: Equatable {
    /// The outcome is exactly `expected`; a miss shows both:
    ///
    ///     Expectation(every: .equals(20))
    ///     // under strict: -60, expected 20
    ///
    /// A `Duration` reads rounded (`127 µs, expected 10 ms`).
    public static func equals(_ expected: Outcome) -> Condition {
        Condition(described(expected)) { $0 == expected ? nil : "\(described($0)), expected \(described(expected))" }
    }
}
