// L37-Q04: a nonisolated async function called with the main actor's non-Sendable state. Without Swift 6.2's
// NonisolatedNonsendingByDefault the call sends the value off the main actor (an error); with it, the function
// runs on its caller's actor and the call is safe.

/// Not Sendable: a class with a mutable property.
final class Tally {
    var grains = 0
}

/// nonisolated — and, with NonisolatedNonsendingByDefault, nonsending: it runs on its caller's actor.
nonisolated func heavy(_ tally: Tally) async {
    tally.grains += 1
}

/// The main actor's own tally, handed to the nonisolated function.
@MainActor final class Hive {
    let tally = Tally()

    func count() async {
        await heavy(tally)
    }
}
