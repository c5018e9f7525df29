import Adopter
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("A debouncer passes on the last value of a burst, in exact virtual time", .timeLimit(.minutes(1)))
struct DebouncerTests {
    @Test("1 and 2 sent 10 ms apart, 3 sent 50 ms later, quiet 20 ms: 2 and 3 pass, on every seed")
    func lastOfEachBurst() async {
        await verify(Claim("a 20 ms debounce passes 2 and 3", runs: [.seeds(100)],
                           expect: Expectation(every: .equals([2, 3])),
                           control: .counterfactual("quiet for 5 ms, shorter than every gap") {
                               try await burst(quiet: .milliseconds(5))
                           }) {
            try await burst(quiet: .milliseconds(20))
        })
    }
}

/// Sends 1, 2 ten milliseconds later, 3 fifty milliseconds after that, each from a task of its own; what passed.
func burst(quiet: Duration) async throws -> [Int] {
    let debouncer = Debouncer(quiet: quiet)
    async let first: Void = debouncer.send(1)
    try await Task.sleep(for: .milliseconds(10))
    async let second: Void = debouncer.send(2)
    try await Task.sleep(for: .milliseconds(50))
    async let third: Void = debouncer.send(3)
    _ = await (first, second, third)
    return await debouncer.emitted
}
