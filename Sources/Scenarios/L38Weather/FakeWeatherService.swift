import ConcurrencyHarness
import ConcurrencyProofsSubjects
import Synchronization

/// Stands in for Open-Meteo in the cache scenarios: it counts the requests, takes `answerTakes` to answer (a
/// `Task.sleep`, so virtual under a seeded schedule), and fails the first `failing` requests with `Offline`.
/// Each answer carries the number of the request that made it as its temperature, so answers from different requests
/// differ.
public final class FakeWeatherService: Sendable {
    /// The network was down for a moment: request number `request` failed.
    public struct Offline: Error, Hashable, CustomStringConvertible {
        /// Which request failed, counting from 1.
        public let request: Int
        /// "offline at request 1".
        public var description: String { "offline at request \(request)" }
    }

    private let requestCount = Atomic(0)
    private let answerTakes: Duration
    private let failing: Int

    /// A service that answers after `answerTakes` and fails its first `failing` requests.
    public init(answerTakes: Duration = .milliseconds(10), failing: Int = 0) {
        self.answerTakes = answerTakes
        self.failing = failing
    }

    /// The requests made so far.
    public var requests: Int {
        requestCount.load(ordering: .sequentiallyConsistent)
    }

    /// One request about `city`: counted at once, answered (or failed) after `answerTakes`.
    @concurrent
    public func fetch(_ city: String) async throws -> Weather {
        let request = requestCount.add(1, ordering: .sequentiallyConsistent).newValue
        ScenarioLog.note("sends request \(request) for \(city)")
        try await Task.sleep(for: answerTakes)
        if request <= failing {
            throw Offline(request: request)
        }
        return Weather(place: city, temperature: Double(request), code: 0)
    }
}
