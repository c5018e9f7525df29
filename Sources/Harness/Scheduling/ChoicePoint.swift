/// One choice among more than one ready job, as the `replay` strategy records it: enough to list
/// every other way the run could have gone from there (`DepthFirst`) and to count preemptions.
struct ChoicePoint: Equatable, Sendable {
    /// The candidate taken.
    var index: UInt32
    /// How many candidates there were.
    var count: UInt32
    /// The candidate a scheduler that never preempts would have taken (`Scheduler.calmIndex`).
    var calm: UInt32

    /// Whether the choice preempted: it took another job than the calm one.
    var preempts: Bool { index != calm }
}
