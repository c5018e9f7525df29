// L37-C19, run: the lesson's two comparisons — the isolation #isolation filled in, from main-actor code and from a
// @concurrent function.

/// The lesson's function, handing back the isolation it was given: `#isolation` fills in the caller's actor.
func isolationSeen(_ isolation: isolated (any Actor)? = #isolation) -> (any Actor)? {
    isolation
}

/// Main-actor code: the call is `isolationSeen(MainActor.shared)`.
@MainActor func fromMainActor() -> Bool {
    isolationSeen() === MainActor.shared
}

/// A @concurrent function: the call is `isolationSeen(nil)`.
@concurrent func fromConcurrent() async -> Bool {
    isolationSeen() == nil
}

let fromMain = fromMainActor()
let fromPool = await fromConcurrent()
print(fromMain, fromPool)
