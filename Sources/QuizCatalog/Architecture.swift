import Harness
import Quiz
import Scenarios
import Subjects

// The scenarios the architecture seed names first (`Quiz/Architecture.json`): a scenario that later files name too is
// registered here, in the first lesson that asks about it.

extension Catalog {
    /// The runtime scenarios the architecture seed names first.
    static let architecture: [QuizScenario] = [
        .single("tasks.threeAtOnceOneThrows", "caught", parameters: ["shape": .string("oneThrows")]) {
            .string(await threeAtOnceOneThrows(try $0.choice(OneThrowsShape.self)))
        },
        .observing("cancellation.replaceLoad", ["withCancel", "withoutCancel"], parameters: ["shape": .string("lesson")]) {
            await replaceLoad(try $0.choice(SwapShape.self))
        },
        QuizScenario("cancellation.debounce", observes: ["saves", "saved"], parameters: ["shape": .string("cancelling")]) { arguments in
            let written = await debouncedSaves(shape: try arguments.choice(DebounceShape.self))
            return ["saves": .int(written.count), "saved": .int(written.last ?? 0)]
        },
    ]
}
