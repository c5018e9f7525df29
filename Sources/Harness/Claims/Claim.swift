// One mechanism for "this claim holds, and could have failed": a scenario, the schedules it runs under, what
// must hold, and a control — the same claim against a counterfactual, under which it must fail. The topic
// tests render a `ClaimResult` as Swift Testing issues (HarnessTesting); the quiz renders it as a verdict.

/// A claim: a scenario, where it runs, what must hold, and the control under which it must not.
public struct Claim<Outcome: Hashable & Sendable>: Sendable {
    /// What the lesson claims, in words: the first thing a failure says.
    package var statement: String
    /// The schedules it runs under, in order.
    package var runs: [Runs]
    /// How the harness runs it.
    package var options: RunOptions
    /// What must hold.
    package var expectation: Expectation<Outcome>
    /// The scenario (`Pace.current` tells it its pace).
    package var body: @Sendable () async throws -> Outcome
    /// Under what the expectation must fail.
    package var control: Control<Outcome>
    /// Harness failures that count as the control's miss: how its wrong shape shows, where that is a failure (a
    /// producer that never stops ends in leftover work). Any other failure of a control run is no evidence.
    package var controlMissedBy: Set<HarnessFailure.Kind> = []

    /// A claim about `body`: under each of `runs` it must meet `expectation`, and under `control` miss it. `body`
    /// may scale its timings by `Pace.current` (virtual under seeds, real under strict and system).
    public init(_ statement: String, runs: [Runs] = [.strict, .seeds(200)], options: RunOptions = RunOptions(),
                expect expectation: Expectation<Outcome>, control: Control<Outcome>,
                _ body: @escaping @Sendable () async throws -> Outcome) {
        self.statement = statement
        self.runs = runs
        self.options = options
        self.expectation = expectation
        self.control = control
        self.body = body
    }

    /// The claim's name in a replay line (`HARNESS_CLAIM=5f3a9c21`): eight hex digits of its statement, runs and
    /// expectation, hashed (FNV-1a), so the same in every process and build. A line that names it replays this claim
    /// alone, not every case of its parameterised test nor the other claims of its test.
    package var key: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(statement)\u{1F}\(runs)\u{1F}\(expectation)".utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(UInt32(truncatingIfNeeded: hash ^ (hash >> 32)), radix: 16).leftPadded(to: 8, with: "0")
    }
}
