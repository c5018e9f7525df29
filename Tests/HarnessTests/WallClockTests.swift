import Dispatch
import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What a scenario times with dates: each sleep's duration asked for, and what `Date()` and `gettimeofday` (the clock
/// CoreFoundation reads) measured around it, in seconds.
private struct DatedSleep: Sendable, Equatable {
    var asked: Duration
    var byDate: Double
    var byTimeOfDay: Double
}

/// `gettimeofday` as CoreFoundation turns it into seconds since 2001.
private func timeOfDay() -> Double {
    var value = timeval()
    gettimeofday(&value, nil)
    return Double(value.tv_sec) - Date.timeIntervalBetween1970AndReferenceDate + 1.0e-6 * Double(value.tv_usec)
}

/// Four tasks sleep durations that do not fall on a date's last bits (1 µs to 13 ms, the same ones twice, at
/// different moments), each timing its sleeps with dates.
private func sleepsTimedWithDates() async -> [DatedSleep] {
    let durations: [Duration] = [.microseconds(1), .milliseconds(1), .milliseconds(5), .nanoseconds(7_654_321),
                                 .milliseconds(13), .milliseconds(5)]
    return await withTaskGroup(of: [DatedSleep].self) { group in
        for task in 0..<4 {
            group.addTask {
                var timed: [DatedSleep] = []
                for step in 0..<durations.count {
                    let asked = durations[(step + task) % durations.count]
                    let (date, day) = (Date(), timeOfDay())
                    try? await Task.sleep(for: asked)
                    timed.append(DatedSleep(asked: asked, byDate: Date().timeIntervalSince(date), byTimeOfDay: timeOfDay() - day))
                }
                return timed
            }
        }
        return await group.reduce(into: []) { $0 += $1 }
    }
}

/// Seconds as a duration (what a date difference says).
private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

@Suite("The wall clock moves with a seeded run's clock: a sleep timed with dates lasts at least its duration",
       scaledTimeLimit(minutes: 2), .needs(.timers, .virtualClock))
struct WallClockTests {
    @Test("Date() and gettimeofday measure every virtual sleep as at least its duration, on every seed")
    func datesMeasureSleeps() async throws {
        var short: [String] = []
        for seed in UInt64(0)..<200 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) { await sleepsTimedWithDates() }
            #expect(run.value.count == 24, "every sleep timed: \(run.value.count) of 24")
            for timed in run.value where timed.byDate < seconds(timed.asked) || timed.byTimeOfDay < seconds(timed.asked) {
                short.append("seed \(Seed.format(seed)): \(timed.asked) measured \(timed.byDate) s by Date(), "
                             + "\(timed.byTimeOfDay) s by gettimeofday")
            }
        }
        #expect(short.isEmpty, """
            a real sleep wakes after its deadline, so dates around it are at least its duration apart; under virtual \
            time they measured less \(short.count) times: \(short.prefix(5).joined(separator: "; "))
            """)
    }

    @Test("an hour's virtual sleep is an hour of dates inside the run, from the real date at its start; outside it, dates stay real")
    func datesInsideAndOutside() async throws {
        let before = Date()
        let beside = Task { () async throws -> Double in
            let start = Date()
            try await Task.sleep(for: .milliseconds(20))
            return Date().timeIntervalSince(start)
        }
        let run = try await ConcurrencyHarness.run(.seeded(1)) { () async throws -> [Double] in
            let start = Date()
            try await Task.sleep(for: .seconds(3_600))
            return [start.timeIntervalSince1970, Date().timeIntervalSince(start), Double(time(nil)) - start.timeIntervalSince1970]
        }
        let besideRun = try await beside.value
        let after = Date()
        let (start, slept, byTime) = (run.value[0], run.value[1], run.value[2])
        // The run's dates start at the real date, rounded up to a whole second, and move with its clock.
        #expect(start >= before.timeIntervalSince1970 && start < after.timeIntervalSince1970 + 1,
                "the run's first date \(start) lies outside the real dates around the run (\(before.timeIntervalSince1970)…)")
        #expect(slept >= 3_600 && slept < 3_600.001, "an hour's virtual sleep measured \(slept) s by Date()")
        #expect(byTime >= 3_599 && byTime <= 3_601, "and \(byTime) s by time()")
        // Beside the run and after it, real dates: no hour went by.
        #expect(besideRun >= 0.02 && besideRun < 3_600, "a real 20 ms sleep beside the run measured \(besideRun) s")
        #expect(after.timeIntervalSince(before) < 3_600, "the test's own dates moved \(after.timeIntervalSince(before)) s")
    }

    @Test("the run's thread and a Dispatch thread working for it read one wall clock; the helper's sleep moves it",
          .needs(.outsideWork), arguments: [UInt64(1), 2, 3])
    func oneWallClockPerRun(seed: UInt64) async throws {
        let run = try await ConcurrencyHarness.run(.seeded(seed)) { () async -> [Double] in
            let inJob = Date()
            let onHelper: [Date] = await resumed { give in
                DispatchQueue.global().async {
                    let start = Date()
                    usleep(5_000)
                    give([start, Date()])
                }
            }
            return [inJob, onHelper[0], onHelper[1], Date()].map(\.timeIntervalSinceReferenceDate)
        }
        let dates = run.value
        #expect(dates[1] == dates[0], "two threads of the run at one moment read \(dates[0]) and \(dates[1])")
        #expect(dates[2] - dates[1] >= 0.005, "the helper's 5 ms sleep measured \(dates[2] - dates[1]) s")
        #expect(dates[3] >= dates[2], "back on the run's thread the date went back: \(dates[2]) then \(dates[3])")
    }

    @Test("a block asked for at a wall-clock deadline runs when the run's wall clock reaches it", .needs(.outsideWork))
    func wallDeadline() async throws {
        let run = try await ConcurrencyHarness.run(.seeded(4)) { () async throws -> Duration in
            try await Task.sleep(for: .seconds(3_600))
            let start = ContinuousClock.now
            let _: Int = await resumed { give in
                DispatchQueue.global().asyncAfter(wallDeadline: .now() + .milliseconds(30)) { give(1) }
            }
            return start.duration(to: .now)
        }
        #expect(run.value == .milliseconds(30), "the block ran \(run.value) of the run's time after it was asked for")
    }

    @Test("the same seed gives the same date differences in runs that start at different real dates")
    func sameSeedSameDates() async throws {
        @Sendable func differences(_ seed: UInt64) async throws -> [UInt64] {
            try await ConcurrencyHarness.run(.seeded(seed)) { await sleepsTimedWithDates() }.value
                .flatMap { [$0.byDate.bitPattern, $0.byTimeOfDay.bitPattern] }
        }
        let seeds = UInt64(10)..<20
        var first: [[UInt64]] = []
        for seed in seeds { first.append(try await differences(seed)) }
        // A real second later, so that every run's dates start at another whole second.
        try await Task.sleep(for: .milliseconds(1_100))
        var differing: [String] = []
        for (index, seed) in seeds.enumerated() {
            if try await differences(seed) != first[index] { differing.append(Seed.format(seed)) }
        }
        #expect(differing.isEmpty, "seeds whose date differences changed a second later: \(differing)")
    }
}
