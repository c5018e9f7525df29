// L40-Q04's fix, without its SwiftUI views.
import Foundation

/// Holds a timer. `@MainActor`, so it may be sent anywhere: only the main actor touches the timer.
@MainActor
final class TimerHolder {
    let timer: Timer
    init(_ timer: Timer) {
        self.timer = timer
    }
}

/// A tick every second, from a Timer, as an async sequence. `@MainActor`: a timer runs on the run loop of the
/// thread that schedules it — the main one.
@MainActor
func everySecond() -> AsyncStream<Date> {
    AsyncStream { continuation in
        let holder = TimerHolder(Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
            continuation.yield(.now)
        })
        continuation.onTermination = { _ in
            Task { @MainActor in
                holder.timer.invalidate()
                print("the timer stopped")
            }
        }
    }
}
