import Adopter
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("An account pays out at most what it holds, on every schedule", .timeLimit(.minutes(1)))
struct AccountTests {
    @Test("two withdrawals of 80 from 100 at once: one pays, 20 is left")
    func neverOverdraws() async {
        await verify(Claim("two withdrawals of 80 from 100 leave 20", runs: [.strict, .seeds(100)],
                           expect: Expectation(every: .equals(20)),
                           control: .counterfactual("the balance checked only before the fraud check") {
                               let account = CheckOnceAccount(balance: 100)
                               async let first = account.withdraw(80), second = account.withdraw(80)
                               _ = await (first, second)
                               return await account.balance
                           }) {
            let account = Account(balance: 100)
            async let first = account.withdraw(80), second = account.withdraw(80)
            _ = await (first, second)
            return await account.balance
        })
    }
}
