/// Where a run was observed: on the real runtime, or in the harness's one-thread model of it.
package enum ObservedOn: String, Sendable, Hashable, CustomStringConvertible {
    /// The real runtime: the `system` schedule — Linux's global pool and main actor, as the runtime schedules them.
    case runtime
    /// The harness's model: `strict` and seeded runs, one thread that the harness schedules. It loses no update
    /// whatever the code (nothing runs beside a job), so what it shows is what the model allows, not what Linux does.
    case model

    /// Where a run under `schedule` was observed (a `system` run sent to the strict pool by
    /// `LIBDISPATCH_COOPERATIVE_POOL_STRICT` ran as `strict`, in the model).
    package init(_ schedule: Schedule) {
        self = schedule == .system ? .runtime : .model
    }

    /// `runtime` or `model`.
    package var description: String { rawValue }
}
