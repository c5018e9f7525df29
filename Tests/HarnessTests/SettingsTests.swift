import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("HARNESS_* variables: read strictly, bad values named", scaledTimeLimit(minutes: 1))
struct SettingsTests {
    @Test("no variables: seeds 0..<count, one iteration, the pool as it is")
    func defaults() throws {
        let settings = try Plan(environment: [:])
        #expect(Array(settings.seeds(defaultCount: 3)) == [0, 1, 2])
        #expect(settings.strictPool == false)
    }

    @Test("HARNESS_ITERATIONS scales every explorer's default count")
    func iterations() throws {
        let settings = try Plan(environment: ["HARNESS_ITERATIONS": "4"])
        #expect(settings.seeds(defaultCount: 25).count == 100)
    }

    @Test("HARNESS_SEEDS runs a slice of the seed space, to shard a soak", arguments: [
        ("1000..<1003", [UInt64(1000), 1001, 1002] as [UInt64]),
        ("0x10...0x12", [0x10, 0x11, 0x12]),
        ("0xfffffffffffffffd...0xffffffffffffffff", [UInt64.max - 2, .max - 1, .max]),
    ])
    func seedRange(text: String, seeds: [UInt64]) throws {
        let settings = try Plan(environment: ["HARNESS_SEEDS": text])
        #expect(Array(settings.seeds(defaultCount: 200)) == seeds)
    }

    @Test("a slice is sized for each explorer: one of 200 seeds or more explores all of it, a costly one of fewer its leading part")
    func sliceSizedForExplorer() throws {
        let settings = try Plan(environment: ["HARNESS_SEEDS": "1000..<3000"])
        #expect(settings.seeds(defaultCount: 200).bounds == 1000...2999)
        #expect(settings.seeds(defaultCount: 10_000).bounds == 1000...2999)
        #expect(settings.seeds(defaultCount: 100).bounds == 1000...1999)
        #expect(settings.seeds(defaultCount: 10).bounds == 1000...1099, "5 000 bees at 10 seeds: a twentieth")
        #expect(settings.seeds(defaultCount: 1).bounds == 1000...1009)
        let one = try Plan(environment: ["HARNESS_SEEDS": "7...7"])
        #expect(one.seeds(defaultCount: 1).bounds == 7...7, "at least one seed")
    }

    @Test("HARNESS_SEED replays one seed, in hex or decimal", arguments: ["0x2a", "42", "0X2A"])
    func oneSeed(text: String) throws {
        let settings = try Plan(environment: ["HARNESS_SEED": text, "HARNESS_SEEDS": "0..<1000"])
        #expect(Array(settings.seeds(defaultCount: 100)) == [42])
    }

    @Test("HARNESS_CLAIM names one claim by its key, in either case")
    func oneClaim() throws {
        #expect(try Plan(environment: ["HARNESS_CLAIM": "5F3A9C21"]).claim == "5f3a9c21")
        #expect(try Plan(environment: [:]).claim == nil)
    }

    @Test("LIBDISPATCH_COOPERATIVE_POOL_STRICT=1 asks for the one-thread pool")
    func strictPool() throws {
        #expect(try Plan(environment: ["LIBDISPATCH_COOPERATIVE_POOL_STRICT": "1"]).strictPool)
        #expect(try !Plan(environment: ["LIBDISPATCH_COOPERATIVE_POOL_STRICT": "0"]).strictPool)
    }

    @Test("a bad value is an error that names the variable and the value", arguments: [
        ("HARNESS_SEED", "0xZZ"),
        ("HARNESS_SEED", ""),
        ("HARNESS_SEEDS", "2000..<1000"),
        ("HARNESS_SEEDS", "10"),
        ("HARNESS_ITERATIONS", "0"),
        ("HARNESS_ITERATIONS", "many"),
        ("HARNESS_SEEED", "1"),
        ("HARNESS_CLAIM", "5f3a"),
        ("HARNESS_CLAIM", "case 10"),
        ("LIBDISPATCH_COOPERATIVE_POOL_STRICT", "maybe"),
    ])
    func badValue(variable: String, value: String) {
        #expect {
            _ = try Plan(environment: [variable: value])
        } throws: { error in
            let text = "\(error)"
            return text.contains(variable) && text.contains("\"\(value)\"")
        }
    }

    @Test("a variable under its former name (SUBJECTS_*) is refused, naming the new one", arguments: [
        ("SUBJECTS_SEED", "0x2a", "HARNESS_SEED"),
        ("SUBJECTS_SCHEDULE", "s1-:0", "HARNESS_SCHEDULE"),
        ("SUBJECTS_ANYTHING", "1", "HARNESS_ANYTHING"),
    ])
    func formerNameRefused(variable: String, value: String, renamed: String) {
        #expect {
            _ = try Plan(environment: [variable: value])
        } throws: { error in
            "\(error)".contains(variable) && "\(error)".contains(renamed)
        }
    }

    @Test("seeds print fixed-width in hex and read back", arguments: [UInt64(0), 42, .max])
    func seedFormat(seed: UInt64) {
        let text = Seed.format(seed)
        #expect(text.count == 18 && text.hasPrefix("0x"))
        #expect(Seed.parse(text) == seed)
    }

    @Test("a value past its limit is an error that says the limit", arguments: [
        ("HARNESS_ITERATIONS", "1001", "1 to 1000"),
        ("HARNESS_ITERATIONS", "1000000000", "1 to 1000"),
        ("HARNESS_ITERATIONS", "9223372036854775807", "1 to 1000"),
        ("HARNESS_ITERATIONS", "99999999999999999999", "1 to 1000"),
        ("HARNESS_SEEDS", "0..<100000000000", "1 to 1000000 seeds"),
        ("HARNESS_SEEDS", "0...0xffffffffffffffff", "holds 18446744073709551616"),
        ("HARNESS_SEEDS", "0..<1000001", "holds 1000001"),
    ])
    func pastTheLimit(variable: String, value: String, limit: String) {
        #expect {
            _ = try Plan(environment: [variable: value])
        } throws: { error in
            let text = "\(error)"
            return text.contains(variable) && text.contains(limit) && !text.contains("empty")
        }
    }

    @Test("the largest slice allowed is a million seeds, counted without being held in memory")
    func millionSeeds() throws {
        let settings = try Plan(environment: ["HARNESS_SEEDS": "0xffffffffffffffff...0xffffffffffffffff"])
        #expect(Array(settings.seeds(defaultCount: 5)) == [.max])
        let widest = try Plan(environment: ["HARNESS_SEEDS": "0...999999"])
        let seeds = widest.seeds(defaultCount: 200)
        #expect(seeds.count == Plan.maxSeeds)
        #expect(Array(seeds.prefix(3)) == [0, 1, 2])
    }

    @Test("iterations times a huge default count stops at the limit instead of overflowing")
    func noOverflow() throws {
        let settings = try Plan(environment: ["HARNESS_ITERATIONS": "1000"])
        #expect(settings.seeds(defaultCount: .max).count == Plan.maxSeeds)
        #expect(settings.seeds(defaultCount: 300).count == 300_000)
        #expect(settings.seeds(defaultCount: 0).count == 0)
    }

    @Test("a bad value in a test process's own environment stops it once, with one line naming it")
    func badValueStopsTheProcessOnce() async {
        let result = await #expect(processExitsWith: .exitCode(2), observing: [\.standardErrorContent]) {
            setOnlyHarnessVariable("HARNESS_ITERATIONS", "1000000000")
            await withTaskGroup(of: Void.self) { group in
                for seed in UInt64(0)..<8 {
                    group.addTask { await verify(anyOutcome { seed }) }
                }
            }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.components(separatedBy: "HARNESS_ITERATIONS=\"1000000000\"").count == 2, "said once: \(text)")
    }

    @Test("the harness itself never ends the process on a bad value: each run throws a bad setting naming it")
    func libraryThrowsInsteadOfExiting() async {
        await #expect(processExitsWith: .success) {
            setOnlyHarnessVariable("HARNESS_ITERATIONS", "1000000000")
            for seed in UInt64(0)..<2 {
                do {
                    _ = try await run(.seeded(seed)) { seed }
                    exit(3)
                } catch {
                    let failure = error as? HarnessFailure
                    if failure?.kind != .badSetting || failure?.summary.contains("HARNESS_ITERATIONS=\"1000000000\"") != true {
                        exit(4)
                    }
                }
            }
            do {
                _ = try await explore("bad", seeds: 2) { 1 }
                exit(5)
            } catch {
                if (error as? HarnessFailure)?.kind != .badSetting { exit(6) }
            }
        }
    }
}
