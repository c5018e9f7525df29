import Harness
import HarnessTesting
import Testing

@Suite("SUBJECTS_* variables: read strictly, bad values named", .timeLimit(.minutes(1)))
struct SettingsTests {
    @Test("no variables: seeds 0..<count, one iteration, the pool as it is")
    func defaults() throws {
        let settings = try Settings(environment: [:])
        #expect(settings.seedsToExplore(defaultCount: 3) == [0, 1, 2])
        #expect(settings.strictPool == false)
    }

    @Test("SUBJECTS_ITERATIONS scales every explorer's default count")
    func iterations() throws {
        let settings = try Settings(environment: ["SUBJECTS_ITERATIONS": "4"])
        #expect(settings.seedsToExplore(defaultCount: 25).count == 100)
    }

    @Test("SUBJECTS_SEEDS runs a slice of the seed space, to shard a soak", arguments: [
        ("1000..<1003", [UInt64(1000), 1001, 1002]),
        ("0x10...0x12", [0x10, 0x11, 0x12]),
    ])
    func seedRange(text: String, seeds: [UInt64]) throws {
        let settings = try Settings(environment: ["SUBJECTS_SEEDS": text])
        #expect(settings.seedsToExplore(defaultCount: 100) == seeds)
    }

    @Test("SUBJECTS_SEED replays one seed, in hex or decimal", arguments: ["0x2a", "42", "0X2A"])
    func oneSeed(text: String) throws {
        let settings = try Settings(environment: ["SUBJECTS_SEED": text, "SUBJECTS_SEEDS": "0..<1000"])
        #expect(settings.seedsToExplore(defaultCount: 100) == [42])
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
}
