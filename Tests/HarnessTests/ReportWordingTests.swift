@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// What a report says of a value and a miss, read as an adopter reads it.
@Suite("Reports say values as a person would, and a miss says what was expected")
struct ReportWordingTests {
    @Test("a duration reads in three figures at most, in the unit that keeps a whole number in front",
          arguments: [(Duration.nanoseconds(126_618), "127 µs"), (.milliseconds(10), "10 ms"), (.nanoseconds(999_600), "1 ms"),
                      (.nanoseconds(1_000_126_618), "1 s"), (.milliseconds(1_500), "1.5 s"), (.nanoseconds(250), "250 ns"),
                      (.microseconds(10_450), "10.5 ms"), (.zero, "0 ns"), (.milliseconds(-20), "-20 ms")])
    func durationsRounded(duration: Duration, words: String) {
        #expect(HarnessFailure.format(duration) == words)
    }

    @Test("a Duration outcome reads rounded in a miss, in the outcome shown and in every run's outcomes")
    func durationOutcomes() async {
        #expect(Condition<Duration>.equals(.milliseconds(10)).miss(.nanoseconds(126_618)) == "127 µs, expected 10 ms")
        #expect(abbreviated(Duration.nanoseconds(126_618)) == "127 µs")
        let issues = await capturingIssues {
            await verify(Claim("a debounce waits 10 ms", runs: [.strict], expect: Expectation(every: .equals(.milliseconds(10))),
                               control: .none(why: "a test of the report's words")) { Duration.nanoseconds(126_618) })
        }
        let text = issues.joined(separator: "\n")
        #expect(text.contains("under strict: 127 µs, expected 10 ms") && text.contains("Every run (1 of 1 run missed): 127 µs (strict)")
                && !text.contains("seconds"), "\(text)")
    }

    @Test("a .that miss says the outcome and what was expected, as .equals does")
    func thatSaysWhatWasExpected() {
        let condition = Condition<Int>.that("ten entries") { $0 == 10 }
        #expect(condition.miss(6) == "6, expected ten entries")
        #expect(condition.miss(10) == nil)
        #expect(Condition<Int>.equals(20).miss(-60) == "-60, expected 20")
    }

    @Test("a miss from the portfolio says which strategy gave its seed its schedule, and that strategy's share of the seeds")
    func portfolioNamesItsStrategy() {
        var random = Counterexample(Search.portfolio.schedule(seed: 3, horizon: 10), "drops = 99")
        random.search = .portfolio
        #expect(random.description == "under seeded(0x0000000000000003), the portfolio's random walk (7 seeds in 20): drops = 99")
        var deep = Counterexample(Search.portfolio.schedule(seed: 4, horizon: 10), "drops = 99")
        deep.search = .portfolio
        #expect(deep.description
                    == "under pct(0x0000000000000004, depth 2), the portfolio's PCT at depth 2 (7 seeds in 20): drops = 99")
        var whole = Counterexample(Search.portfolio.schedule(seed: 5, horizon: 10), "drops = 99")
        whole.search = .portfolio
        #expect(whole.description
                    == "under pct(0x0000000000000005, depth 1), the portfolio's PCT at depth 1 (6 seeds in 20): drops = 99")
        var alone = Counterexample(.seeded(4), "drops = 99")
        alone.search = .random
        #expect(alone.description == "under seeded(0x0000000000000004): drops = 99", "one strategy: its schedule says it")
    }
}
