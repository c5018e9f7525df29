import ConcurrencyHarness
import ConcurrencyProofsQuiz
import ConcurrencyProofsScenarios
import ConcurrencyProofsSubjects

// The scenarios the architecture seed names first (`Quiz/Architecture.json`): a scenario that later files name too is
// registered here, in the first lesson that asks about it.

extension Catalog {
    /// The runtime scenarios the architecture seed names first.
    static let architecture: [QuizScenario] = [
        .single("tasks.threeAtOnceOneThrows", "caught", shape: OneThrowsShape.oneThrows) {
            .string(await threeAtOnceOneThrows($0.shape))
        },
        .observing("cancellation.replaceLoad", ["withCancel", "withoutCancel"], shape: SwapShape.lesson) {
            await replaceLoad($0.shape)
        },
        QuizScenario("cancellation.debounce", observes: ["saves", "saved"], shape: DebounceShape.cancelling) { arguments in
            let written = await debouncedSaves(shape: arguments.shape)
            return ["saves": .int(written.count), "saved": .int(written.last ?? 0)]
        },
    ]
}
