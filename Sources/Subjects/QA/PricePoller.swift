/// The polling loop of the question-and-answer seed (and the payment-status loop of the architecture seed): ask for
/// a price, sleep `interval`, ask again, at most `attempts` times. Its task is the only way to stop it: `stop()` in
/// the seed is `cancel()` on that task. Two shapes side by side: the one that ends with its task, and the one whose
/// `try?` swallows the cancellation and races through every attempt it has left, asking each time.
public struct PricePoller: Sendable {
    /// How many times, at most, to ask.
    public let attempts: Int
    /// How long to wait between two asks (the seed's five seconds).
    public let interval: Duration
    /// The request: a server's price, or a test's stand-in that counts calls.
    public let fetchPrice: @Sendable () async throws -> Int

    /// A poller for `attempts` asks, `interval` apart. Fewer than one attempt or a negative interval is a mistake.
    public init(attempts: Int, interval: Duration = .seconds(5), fetchPrice: @escaping @Sendable () async throws -> Int)
    {
        precondition(attempts >= 1, "PricePoller(attempts:) needs at least 1 attempt, got \(attempts)")
        precondition(interval >= .zero, "PricePoller(interval:) must not be negative, got \(interval)")
        self.attempts = attempts
        self.interval = interval
        self.fetchPrice = fetchPrice
    }

    /// The loop as the seeds fix it: a cancelled sleep (or request) throws `CancellationError`, and that ends the
    /// loop. A real failure is skipped, and the loop asks again next time. Returns the prices it got.
    nonisolated(nonsending) public func pollEndingOnCancellation() async -> [Int] {
        var prices: [Int] = []
        for attempt in 0..<attempts {
            do {
                prices.append(try await fetchPrice())
                guard attempt < attempts - 1 else { break }
                try await Task.sleep(for: interval)
            } catch is CancellationError {
                return prices
            } catch {
                // a real failure: keep the prices so far, and ask again after the interval
                guard attempt < attempts - 1 else { break }
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return prices
                }
            }
        }
        return prices
    }

    /// The loop as the seed warns against: `try?` turns a cancelled sleep's error into `nil`, so after `stop()` every
    /// remaining attempt runs at once — a hot loop that keeps firing requests. Returns the prices it got.
    nonisolated(nonsending) public func pollSwallowingCancellation() async -> [Int] {
        var prices: [Int] = []
        for attempt in 0..<attempts {
            if let price = try? await fetchPrice() {
                prices.append(price)
            }
            guard attempt < attempts - 1 else { break }
            try? await Task.sleep(for: interval)
        }
        return prices
    }
}
