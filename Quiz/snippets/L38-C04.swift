// L38-C04: the card's actor, called from outside; a caller outside awaits its methods.

actor Visits {
    private var counts: [String: Int] = [:]

    func record(_ city: String) {
        counts[city, default: 0] += 1
    }
}

func visit(_ visits: Visits) async {
    visits.record("Seattle")
}
