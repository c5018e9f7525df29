// L40-Q04, without its SwiftUI views: the error is in everySecond().
import Foundation

/// A tick every second, from a Timer, as an async sequence.
func everySecond() -> AsyncStream<Date> {
    AsyncStream { continuation in
        let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
            continuation.yield(.now)
        }
        continuation.onTermination = { _ in
            timer.invalidate()
        }
    }
}
