/// One run of a claim's scenario (or its control's): the schedule, and what it gave or how it failed.
package struct ClaimRun<Outcome: Sendable>: Sendable {
    /// The schedule it ran as (strict, a seed, system).
    package var schedule: Schedule
    /// The outcome, or the harness's failure.
    package var result: Result<Outcome, HarnessFailure>
    /// Its choices, for a run on the harness's thread under a virtual-time schedule (replayable with
    /// `HARNESS_SCHEDULE`); nil otherwise.
    package var interleaving: Interleaving?
    /// Its notes, with the tasks that left them.
    package var timeline: Timeline
    /// The search that gave it its schedule, for a seeded run: what a report says of a mixed search's pick.
    package var search: Search? = nil
    /// Times a job waited for a `Synchronization.Mutex` another held (`Run.mutexWaits`).
    package var mutexWaits = 0

    /// A run.
    package init(_ schedule: Schedule, _ result: Result<Outcome, HarnessFailure>, interleaving: Interleaving? = nil,
                timeline: Timeline = Timeline()) {
        self.schedule = schedule
        self.result = result
        self.interleaving = interleaving
        self.timeline = timeline
    }

    /// Whether it ran on the real runtime or in the harness's model.
    package var on: ObservedOn { ObservedOn(schedule) }

    /// The failure, if the run played a `HARNESS_SCHEDULE` string it does not fit (it replayed nothing).
    var misfit: HarnessFailure? {
        if case .failure(let failure) = result, failure.isScheduleMisfit { return failure }
        return nil
    }
}
