import Foundation
import Harness
import HarnessTesting
import Testing

@Suite("SUBJECTS_* variables: read strictly, bad values named", .timeLimit(.minutes(1)))
struct SettingsTests {
    @Test("no variables: seeds 0..<count, one iteration, the pool as it is")
    func defaults() throws {
        let settings = try Settings(environment: [:])
        #expect(Array(settings.seedsToExplore(defaultCount: 3)) == [0, 1, 2])
        #expect(settings.strictPool == false)
    }

    @Test("SUBJECTS_ITERATIONS scales every explorer's default count")
    func iterations() throws {
        let settings = try Settings(environment: ["SUBJECTS_ITERATIONS": "4"])
        #expect(settings.seedsToExplore(defaultCount: 25).count == 100)
    }

    @Test("SUBJECTS_SEEDS runs a slice of the seed space, to shard a soak", arguments: [
        ("1000..<1003", [UInt64(1000), 1001, 1002] as [UInt64]),
        ("0x10...0x12", [0x10, 0x11, 0x12]),
        ("0xfffffffffffffffd...0xffffffffffffffff", [UInt64.max - 2, .max - 1, .max]),
    ])
    func seedRange(text: String, seeds: [UInt64]) throws {
        let settings = try Settings(environment: ["SUBJECTS_SEEDS": text])
        #expect(Array(settings.seedsToExplore(defaultCount: 100)) == seeds)
    }

    @Test("SUBJECTS_SEED replays one seed, in hex or decimal", arguments: ["0x2a", "42", "0X2A"])
    func oneSeed(text: String) throws {
        let settings = try Settings(environment: ["SUBJECTS_SEED": text, "SUBJECTS_SEEDS": "0..<1000"])
        #expect(Array(settings.seedsToExplore(defaultCount: 100)) == [42])
    }

    @Test("LIBDISPATCH_COOPERATIVE_POOL_STRICT=1 asks for the one-thread pool")
    func strictPool() throws {
        #expect(try Settings(environment: ["LIBDISPATCH_COOPERATIVE_POOL_STRICT": "1"]).strictPool)
        #expect(try !Settings(environment: ["LIBDISPATCH_COOPERATIVE_POOL_STRICT": "0"]).strictPool)
    }

    @Test("a bad value is an error that names the variable and the value", arguments: [
        ("SUBJECTS_SEED", "0xZZ"),
        ("SUBJECTS_SEED", ""),
        ("SUBJECTS_SEEDS", "2000..<1000"),
        ("SUBJECTS_SEEDS", "10"),
        ("SUBJECTS_ITERATIONS", "0"),
        ("SUBJECTS_ITERATIONS", "many"),
        ("SUBJECTS_SEEED", "1"),
        ("LIBDISPATCH_COOPERATIVE_POOL_STRICT", "maybe"),
    ])
    func badValue(variable: String, value: String) {
        #expect {
            _ = try Settings(environment: [variable: value])
        } throws: { error in
            let text = "\(error)"
            return text.contains(variable) && text.contains("\"\(value)\"")
        }
    }

    @Test("seeds print fixed-width in hex and read back", arguments: [UInt64(0), 42, .max])
    func seedFormat(seed: UInt64) {
        let text = Seed.format(seed)
        #expect(text.count == 18 && text.hasPrefix("0x"))
        #expect(Seed.parse(text) == seed)
    }

    @Test("a value past its limit is an error that says the limit", arguments: [
        ("SUBJECTS_ITERATIONS", "1001", "1 to 1000"),
        ("SUBJECTS_ITERATIONS", "1000000000", "1 to 1000"),
        ("SUBJECTS_ITERATIONS", "9223372036854775807", "1 to 1000"),
        ("SUBJECTS_ITERATIONS", "99999999999999999999", "1 to 1000"),
        ("SUBJECTS_SEEDS", "0..<100000000000", "1 to 1000000 seeds"),
        ("SUBJECTS_SEEDS", "0...0xffffffffffffffff", "holds 18446744073709551616"),
        ("SUBJECTS_SEEDS", "0..<1000001", "holds 1000001"),
    ])
    func pastTheLimit(variable: String, value: String, limit: String) {
        #expect {
            _ = try Settings(environment: [variable: value])
        } throws: { error in
            let text = "\(error)"
            return text.contains(variable) && text.contains(limit) && !text.contains("empty")
        }
    }

    @Test("the largest slice allowed is a million seeds, counted without being held in memory")
    func millionSeeds() throws {
        let settings = try Settings(environment: ["SUBJECTS_SEEDS": "0xffffffffffffffff...0xffffffffffffffff"])
        #expect(Array(settings.seedsToExplore(defaultCount: 5)) == [.max])
        let widest = try Settings(environment: ["SUBJECTS_SEEDS": "0...999999"])
        let seeds = widest.seedsToExplore(defaultCount: 5)
        #expect(seeds.count == Settings.maxSeeds)
        #expect(Array(seeds.prefix(3)) == [0, 1, 2])
    }

    @Test("iterations times a huge default count stops at the limit instead of overflowing")
    func noOverflow() throws {
        let settings = try Settings(environment: ["SUBJECTS_ITERATIONS": "1000"])
        #expect(settings.seedsToExplore(defaultCount: .max).count == Settings.maxSeeds)
        #expect(settings.seedsToExplore(defaultCount: 300).count == 300_000)
        #expect(settings.seedsToExplore(defaultCount: 0).count == 0)
    }

    @Test("a bad value in the process's own environment stops it once, with one line naming it")
    func badValueStopsTheProcessOnce() async {
        let result = await #expect(processExitsWith: .exitCode(2), observing: [\.standardErrorContent]) {
            setenv("SUBJECTS_ITERATIONS", "1000000000", 1)
            await withTaskGroup(of: Void.self) { group in
                for seed in UInt64(0)..<8 {
                    group.addTask { _ = try? await run(.seeded(seed)) { seed } }
                }
            }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.components(separatedBy: "SUBJECTS_ITERATIONS=\"1000000000\"").count == 2, "said once: \(text)")
    }
}
