/// Runs `claim` under each of its schedules, judges every run, and — if it held — runs the control under the
/// same schedules, which must make it miss.
///
/// ```swift
/// let result = await check(Claim("two withdrawals of 80 from 100 leave 20", runs: [.strict, .seeds(100)],
///                                expect: Expectation(every: .equals(20)),
///                                control: .counterfactual("the balance checked only before the fraud check") {
///                                    let account = CheckOnceAccount(balance: 100)
///                                    async let first = account.withdraw(80), second = account.withdraw(80)
///                                    _ = await (first, second)
///                                    return await account.balance
///                                }) {
///     let account = Account(balance: 100)
///     async let first = account.withdraw(80), second = account.withdraw(80)
///     _ = await (first, second)
///     return await account.balance
/// })
/// #expect(result.held && result.validated)   // 20 on every run, and the control made it miss
/// ```
///
/// In a test, `verify(_:)` (HarnessTesting) does this and records a miss as an issue, with its replay line.
public func check<Outcome>(_ claim: Claim<Outcome>, show: @escaping @Sendable (Outcome) -> String = { "\($0)" })
    async -> ClaimResult<Outcome>
{
    var result = ClaimResult<Outcome>(statement: claim.statement, expectation: "\(claim.expectation)", runs: [],
                                      counterexamples: [], control: nil)
    do {
        // Resolved once: the claim and its control run under one plan, which the result keeps.
        result.plan = try Plan.resolve()
        (result.runs, result.noEvidence) = try await runsPastTimeLimits(of: claim.body, claim.runs, options: claim.options,
                                                                        plan: result.plan)
        // A run cut twice by a time limit is neither a pass nor a miss of the claim (a timeout is never a catch).
        result.runs.removeAll { $0.result.failure?.hitTimeLimit ?? false }
    } catch {
        result.badSetting = error
        return result
    }
    result.misfit = result.runs.lazy.compactMap(\.misfit).first
    result.runs.removeAll { $0.misfit != nil }
    result.counterexamples = claim.expectation.misses(result.runs)
    guard result.counterexamples.isEmpty, result.misfit == nil else { return result }
    if let why = result.noEvidence {
        result.control = ControlResult.none(why: "no evidence: \(why)")
        return result
    }
    switch claim.control {
    case .none(let why):
        result.control = ControlResult.none(why: why)
    case .counterfactual(let name, let body):
        // Every control run counts by what it shows (`Expectation.evidence`); one a time limit cut twice shows nothing
        // about the control and keeps it from holding (`ControlResult.judging`).
        var (runs, _) = (try? await runsPastTimeLimits(of: body, claim.runs, options: claim.options, plan: result.plan))
            ?? ([], nil)
        var shown = claim.expectation.evidence(runs, missedBy: claim.controlMissedBy)
        // A run on the real pool shows what the pool did then, and other work of the process (another test holding
        // the pool's threads) can keep a wrong shape from showing. A control exists to show that the check could fail,
        // so its real-pool runs get two more tries, counted, never timed; it holds only if all three held.
        for _ in 0..<2 where claim.runs.contains(.system) && !shown.contains(where: \.isMissed) {
            guard let again = try? await runsPastTimeLimits(of: body, [.system], options: claim.options,
                                                            plan: result.plan).runs else { break }
            let retried = runs.filter { $0.schedule != .system } + again
            let retriedShown = claim.expectation.evidence(retried, missedBy: claim.controlMissedBy)
            if retriedShown.contains(where: \.isMissed) { (runs, shown) = (retried, retriedShown) }
        }
        result.control = .judging(name, shown, observed: ClaimResult.distribution(runs, show))
        if case .none(let why)? = result.control { result.noEvidence = why }
        if case .failed? = result.control {
            // Where it failed: a run on the real runtime that missed is the evidence wherever there is one; a miss no
            // single run shows (`evidence`'s last item, past the runs) is the runtime's only if every finished run was.
            let finished = runs.filter { if case .success = $0.result { true } else { false } }
            let collective = shown.count > runs.count && finished.allSatisfy { $0.on == .runtime } ? shown.last : nil
            let runtimeMiss = zip(runs, shown).first { run, evidence in
                if case .missed = evidence { run.on == .runtime } else { false }
            }?.1 ?? collective
            if case .missed(let evidence)? = runtimeMiss { result.control = .failed(name: name, evidence: evidence) }
            result.controlFailedOn = runtimeMiss == nil ? .model : .runtime
        }
    }
    return result
}

/// `runs(of:)`, with every single run (strict, system) that a time limit cut run once more: a run cut by a time limit
/// (`HarnessFailure.hitTimeLimit`) shows only that the machine did not finish it in time (a loaded machine, a real
/// pool held by other work), not what the scenario does. One cut twice stays cut, and is said in the reason.
func runsPastTimeLimits<Outcome: Hashable & Sendable>(
    of scenario: @escaping @Sendable () async throws -> Outcome, _ schedules: [Runs], options: RunOptions, plan: Plan
) async throws(HarnessFailure) -> (runs: [ClaimRun<Outcome>], noEvidence: String?) {
    var all = try await runs(of: scenario, schedules, options: options, plan: plan)
    var reasons: [String] = []
    for index in all.indices.reversed() {
        guard case .failure(let failure) = all[index].result, failure.hitTimeLimit,
              let asked: Runs = all[index].schedule == .system ? .system
                : all[index].schedule == .strict ? .strict : nil else { continue }
        let again = try await runs(of: scenario, [asked], options: options, plan: plan)
        if let rerun = again.first { all[index] = rerun }
        if all[index].result.failure?.hitTimeLimit ?? false {
            reasons.append("its run under \(asked) hit its time limit twice (\(failure.summary))")
        }
    }
    // A seeded run is not run again (its seed would give the same schedule, and the machine may be as busy): one cut
    // by its time limit is no evidence, said, never left out unsaid (a claim whose every run was cut would "hold").
    let cut = all.filter { $0.schedule.isVirtualTime && ($0.result.failure?.hitTimeLimit ?? false) }
    if let first = cut.first?.result.failure {
        let seeded = all.count { $0.schedule.isVirtualTime }
        reasons.append("\(cut.count) of its \(seeded) seeded runs hit the time limit (\(first.summary))")
    }
    return (all, reasons.isEmpty ? nil : reasons.reversed().joined(separator: "; "))
}

extension Result {
    /// The failure, if this is one.
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}

/// Every run of `body` under `schedules` and `plan`, each told its pace; throws only for a setting it cannot take.
func runs<Outcome: Hashable & Sendable>(of scenario: @escaping @Sendable () async throws -> Outcome,
                                        _ schedules: [Runs], options: RunOptions,
                                        plan: Plan) async throws(HarnessFailure) -> [ClaimRun<Outcome>] {
    var runs: [ClaimRun<Outcome>] = []
    for schedule in schedules {
        let pace = Pace(schedule)
        let body: @Sendable () async throws -> Outcome = { try await Pace.$current.withValue(pace) { try await scenario() } }
        switch schedule {
        case .strict, .system:
            let asked: Schedule = schedule == .strict ? .strict : .system
            do {
                let run = try await run(asked: asked, options: options, plan: plan, body)
                runs.append(ClaimRun(run.ranAs, .success(run.value), timeline: run.timeline))
            } catch where error.kind == .badSetting {
                throw error
            } catch {
                runs.append(ClaimRun(asked, .failure(error), timeline: error.timeline))
            }
        case .seeds(let count, let search):
            let exploration = try await explore("claim", seeds: count, strategy: search, options: options, plan: plan, body)
            runs += exploration.runs.map { run in
                var claimRun = ClaimRun(run.schedule, run.result, interleaving: run.interleaving, timeline: run.timeline)
                claimRun.search = exploration.strategy
                claimRun.mutexWaits = run.mutexWaits
                return claimRun
            }
        }
    }
    return runs
}
