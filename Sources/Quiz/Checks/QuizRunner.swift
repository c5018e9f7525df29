import Foundation

/// Checks every entry of the bank: compile and crash checks in child processes (a few at once), runtime checks
/// under the harness, and the checks that use the real pool last and one at a time, so that nothing else
/// competes with what they measure; checks that make the same run there share it (`SystemRuns`).
public struct QuizRunner: Sendable {
    /// The bank.
    public var bank: QuizBank
    /// The scenarios.
    public var catalog: Catalog
    /// Judges compile checks.
    public var compiler: CompileValidator
    /// Judges run checks.
    public var runner: RunValidator
    /// Judges crash checks.
    public var crasher: CrashValidator
    /// Judges runtime checks.
    public var runtime: RuntimeValidator
    /// How many child processes (compilers, crash children) at once.
    public var processSlots: Int
    /// How many harness runs (strict, seeded) at once: most of a strict run is waiting for its real-time sleeps,
    /// so eight at once cost little more CPU than four and halve the wait (measured: 13 s → 8 s for this phase).
    public var harnessSlots: Int

    /// A runner for `bank`, with compile snippets from the bank's folder and crash children started from
    /// `crashExecutable`.
    public init(bank: QuizBank, catalog: Catalog, crashExecutable: String?) {
        self.bank = bank
        self.catalog = catalog
        compiler = CompileValidator(snippets: bank.directory + "/snippets")
        runner = RunValidator(snippets: bank.directory + "/snippets")
        crasher = CrashValidator(executable: crashExecutable, catalog: catalog)
        runtime = RuntimeValidator(catalog: catalog, systemRuns: SystemRuns())
        processSlots = ProcessInfo.processInfo.activeProcessorCount + 1
        harnessSlots = 8
    }

    /// Checks `entries` (all of the bank's by default) and returns their results in the bank's order;
    /// `progress` hears each entry as soon as all its checks are done.
    @concurrent public func run(_ entries: [QuizEntry]? = nil,
                                progress: (@Sendable (EntryResult) -> Void)? = nil) async -> [EntryResult] {
        let entries = entries ?? bank.entries
        let processes = Slots(processSlots), harness = Slots(harnessSlots)
        // Every check, tagged with its entry and position; the real-pool ones wait for the rest.
        var first: [(entry: Int, index: Int, check: QuizCheck)] = []
        var last: [(entry: Int, index: Int, check: QuizCheck)] = []
        for (e, entry) in entries.enumerated() {
            for (c, check) in entry.checks.enumerated() {
                if runsAlone(check) { last.append((e, c, check)) } else { first.append((e, c, check)) }
            }
        }
        var results = entries.map { [CheckResult?](repeating: nil, count: $0.checks.count) }
        var reported = Set<Int>()
        func store(_ e: Int, _ c: Int, _ result: CheckResult) {
            results[e][c] = result
            if !reported.contains(e), results[e].allSatisfy({ $0 != nil }) {
                reported.insert(e)
                progress?(EntryResult(id: entries[e].id, checks: results[e].map { $0! }, clauses: entries[e].clauses))
            }
        }
        await withTaskGroup(of: (Int, Int, CheckResult).self) { group in
            for (e, c, check) in first {
                group.addTask {
                    let result = await self.validate(check, processes: processes, harness: harness)
                    return (e, c, result)
                }
            }
            for await (e, c, result) in group { store(e, c, result) }
        }
        for (e, c, check) in last {
            store(e, c, await validate(check, processes: processes, harness: harness))
        }
        return entries.indices.map {
            EntryResult(id: entries[$0].id, checks: results[$0].map { $0! }, clauses: entries[$0].clauses)
        }
    }

    /// Whether the check must run alone, after the others: it uses the real pool, or the main actor or a global
    /// actor, and nothing else must compete with what it measures.
    public func runsAlone(_ check: QuizCheck) -> Bool {
        switch check {
        case .runtime(let runtime):
            runtime.schedules.contains(.system) || catalog.scenarios[runtime.scenario]?.sharesTheProcess == true
        case .toolchain(let requirement, _, let inner):
            requirement.allows(.current) && inner.map { runsAlone($0.check) } == true
        default: false
        }
    }

    /// Judges one check.
    @concurrent public func validate(_ check: QuizCheck, processes: Slots? = nil, harness: Slots? = nil) async -> CheckResult {
        var result = await judge(check, processes: processes, harness: harness)
        result.kind = check.kindName
        if result.verdict == .validated {
            let kind = if case .toolchain(_, _, let inner?) = check { inner.check.kindName } else { check.kindName }
            result.on = EvidenceSource(kind: kind, controlFailedOn: result.controlFailedOn)
        }
        if result.verdict != .contradicted { result.adapted = check.adapted }
        return result
    }

    /// Judges one check, by its kind, timing the judging itself (not the wait for a slot).
    @concurrent func judge(_ check: QuizCheck, processes: Slots?, harness: Slots?) async -> CheckResult {
        @Sendable func timed(_ judge: @Sendable () async -> CheckResult) async -> CheckResult {
            let started = ContinuousClock.now
            var result = await judge()
            let took = started.duration(to: .now).components
            result.seconds = Double(took.seconds) + Double(took.attoseconds) / 1e18
            return result
        }
        @Sendable func inSlot(_ slots: Slots?, _ judge: @escaping @Sendable () async -> CheckResult) async -> CheckResult {
            guard let slots else { return await timed(judge) }
            return await slots.run { await timed(judge) }
        }
        switch check {
        case .runtime(let runtime):
            return await inSlot(runsAlone(check) ? nil : harness) { await self.runtime.validate(runtime) }
        case .compile(let compile):
            return await inSlot(processes) { await self.compiler.validate(compile) }
        case .run(let run):
            return await inSlot(processes) { await self.runner.validate(run) }
        case .crash(let crash):
            return await inSlot(processes) { await self.crasher.validate(crash) }
        case .appleOnly(let reason):
            return CheckResult(.skipped("apple-only: \(reason)"), observed: "")
        case .toolchain(let requirement, let reason, let inner):
            guard requirement.allows(.current) else {
                return CheckResult(.skipped("needs \(requirement) (this is Swift \(ToolchainVersion.current)): \(reason)"),
                                   observed: "")
            }
            guard let inner else { return CheckResult(.skipped("\(reason) (no check given)"), observed: "") }
            return await validate(inner.check, processes: processes, harness: harness)
        }
    }
}
