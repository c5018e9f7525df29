import Foundation

/// Keeps the thread busy for `duration` of real time: arithmetic, with nothing to wait for. Synchronous and on
/// no actor: it computes wherever its caller is.
public func spin(for duration: Duration) {
    let end = ContinuousClock.now + duration
    var grains = 0
    while ContinuousClock.now < end {
        if sin(Double(grains)) > 0.999 { grains += 1 } else { grains += 2 }
    }
}
