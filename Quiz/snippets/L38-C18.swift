// L38-C18: `counter.value += 1` from main-actor code, outside the actor.

actor Counter {
    var value = 0
}

@MainActor func bump(_ counter: Counter) {
    counter.value += 1
}
