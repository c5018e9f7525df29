// The one verb of a harness test, in the one target of the harness that knows Swift Testing: it turns what `Harness`
// (which never imports Testing) found into issues and attachments.
import ConcurrencyHarness
import Testing

/// Checks `claim` and records what it found as one Swift Testing issue: the test's one verb.
///
///     @Test("two withdrawals of 80 from 100 leave 20, on every schedule")
///     func neverOverdraws() async {
///         await verify(Claim("two withdrawals of 80 from 100 leave 20", runs: [.strict, .system, .seeds(200)],
///                            expect: Expectation(every: .equals(20)),
///                            control: .counterfactual("the balance checked before the await only") {
///                                await twoWithdrawals(from: CheckOnceAccount(balance: 100))
///                            }) {
///             await twoWithdrawals(from: Account(balance: 100))
///         })
///     }
///
/// The claim says where it runs and how its seeded runs search (`Runs`: `.strict`, `.system`, `.seeds(n)`,
/// `.seeds(n, search: .pct(depth: 2))`, `.exhaustive(bound: 2)`); a `.harness(…)` trait on the test or its suite
/// and the `HARNESS_*` variables set the search and the seeds where the claim names none. A claim that missed is
/// one issue: what was observed first, the claim, its smallest counterexample (how the tasks interleaved, and the
/// line that replays it), then every run's outcomes, once; the timeline and the replay line go out as attachments
/// too. A claim that held while its control held too is an issue of its own: the test could not have failed.
/// Every replay line names the claim (`HARNESS_CLAIM=…`): pasted, it runs this claim alone, and `verify` returns an
/// empty result, with no runs, for the test's other claims and cases.
@discardableResult
public func verify<Outcome>(_ claim: Claim<Outcome>, sourceLocation: SourceLocation = #_sourceLocation) async
    -> ClaimResult<Outcome>
{
    TestProcess.start()
    // A replay line names its claim: the other cases of its test, and the test's other claims, do not run.
    guard ClaimSelection.selects(claim) else { return ClaimResult(notRun: claim) }
    let result = await check(claim, show: { described($0) })
    var shrunk: ShrunkCounterexample<Outcome>? = nil
    if let miss = ClaimReport<Outcome>.shrinkable(result), let choices = miss.interleaving?.choices.count,
       choices <= maxChoicePointsToShrink {
        shrunk = await claim.shrink(miss, plan: result.plan)
    }
    // The shrunk run's outcome in the claim's own words ("10 bees at once left 18 drops: lost 2"), not a bare value.
    let shrunkMiss = shrunk.flatMap { shrunk in (try? shrunk.result.get()).flatMap { claim.expectation.every?.miss($0) } }
    ClaimReport(result, shrunk: shrunk, shrunkMiss: shrunkMiss, claim: claim.key).record(sourceLocation: sourceLocation)
    return result
}

/// The most choices a counterexample may have made for `verify` to shrink it: past it each replay takes long
/// enough that a budget of runs would cost a test many seconds.
let maxChoicePointsToShrink = 5_000
