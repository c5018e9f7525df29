// L37-C12, checked with -default-isolation MainActor (a new Xcode project's setting): grind() is then main-actor
// code, and a @concurrent function can reach it only with an await — the hop.

func grind() -> Int {
    var n = 0
    for i in 0..<1_000 where i.isMultiple(of: 7) {
        n += 1
    }
    return n
}

@concurrent func heavy() async -> Int {
    grind()
}
