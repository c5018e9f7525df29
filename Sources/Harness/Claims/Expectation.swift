/// What a claim expects of its runs: a condition on every run, a condition at least one seed shows, or a
/// harness failure (a deadlock) every run must end in.
///
///     Expectation(every: .equals(20))                                  // every run leaves 20
///     Expectation(every: .that("1 or 2 requests") { (1...2).contains($0) },
///                 some: .equals(2))                                    // and some seed shows the race: 2
///     Expectation<Int>.fails(.deadlock)                                // every run ends in a deadlock
public struct Expectation<Outcome: Sendable>: Sendable, CustomStringConvertible {
    /// Must hold for every run; a run that fails in the harness is a miss.
    package var every: Condition<Outcome>?
    /// Must hold for at least one seeded run (all runs, if none is seeded): a race some interleavings show.
    package var some: Condition<Outcome>?
    /// Every run must end in this harness failure.
    package var fails: HarnessFailure.Kind?

    /// `every` must hold for every run, and `some` for at least one seed (of every run, when the claim runs no
    /// seeds): `some` is how a claim says a race happens, not only that nothing worse does.
    ///
    ///     Expectation(every: .that("at most 2 fetches") { $0 <= 2 }, some: .equals(2))
    ///     // a miss of some: "no run of 200 showed 2"
    public init(every: Condition<Outcome>? = nil, some: Condition<Outcome>? = nil) {
        self.every = every
        self.some = some
    }

    /// Every run must end in `kind`: a claim that the code is wrong in a way the harness sees.
    ///
    ///     Claim("a continuation nobody resumes leaves its task suspended forever", runs: [.strict, .seeds(20)],
    ///           expect: .fails(.deadlock), control: …) { await continuationNeverResumed() }
    ///     // a run that finished instead: "finished with Seattle, expected deadlock"
    public static func fails(_ kind: HarnessFailure.Kind) -> Expectation {
        var expectation = Expectation()
        expectation.fails = kind
        return expectation
    }

    /// `every run: drops 1...5; some seed: drops 2`.
    public var description: String {
        if let fails { return "every run ends in \(fails.rawValue)" }
        var parts: [String] = []
        if let every { parts.append("every run: \(every)") }
        if let some { parts.append("some seed: \(some)") }
        return parts.joined(separator: "; ")
    }

    /// The misses among `runs`: each with the schedule that shows it (nil: no single run shows it).
    package func misses(_ runs: [ClaimRun<Outcome>]) -> [Counterexample] {
        var misses: [Counterexample] = []
        for run in runs {
            switch (run.result, fails) {
            case (.success(let outcome), nil):
                if let miss = every?.miss(outcome) { misses.append(Counterexample(run, miss)) }
            case (.success(let outcome), let kind?):
                misses.append(Counterexample(run, "finished with \(described(outcome)), expected \(kind.rawValue)"))
            case (.failure(let failure), nil):
                misses.append(Counterexample(run, "\(failure)"))
            case (.failure(let failure), let kind?):
                if failure.kind != kind { misses.append(Counterexample(run, "ended otherwise: \(failure)")) }
            }
        }
        if let some, fails == nil {
            let seeded = runs.filter { $0.schedule.isVirtualTime }
            let pool = seeded.isEmpty ? runs : seeded
            let shown = pool.contains { run in
                if case .success(let outcome) = run.result { return some.miss(outcome) == nil }
                return false
            }
            if !shown { misses.append(Counterexample(nil, "no run of \(pool.count) showed \(some)")) }
        }
        return misses
    }
}
