/// Catches `Task {}` and `Task.detached {}` created inside a scenario.
///
/// Unstructured tasks do not inherit a task-executor preference, so the runtime sends them to the
/// global executor through `swift_task_enqueueGlobal`. The runtime lets a program replace that
/// function through the exported variable `swift_task_enqueueGlobal_hook`. Installed once and never
/// removed (the runtime reads it without synchronisation), the hook sends a job to a harness
/// executor only when it is enqueued *from that executor's own thread*; every other enqueue goes to
/// the original function untouched, so nothing outside a scenario is taken over.
///
/// Once caught, such a task runs on the harness thread, and its `Task.sleep` asks the harness for
/// its timer, so its time is virtual too. What still escapes: a caught task resumed later from a
/// thread outside the harness (it goes to the real pool); an unstructured task isolated to a
/// *global* actor (`Task { @SomeGlobalActor in … }`, or a `Task {}` inside a global actor's
/// method), whose `Task.sleep` the runtime hands to the global executor's real clock, so it wakes on
/// the real pool. Main-actor work stays inside, through `MainLane`. Tests show each.
enum GlobalEnqueueHook {
    /// The original enqueue, as the runtime passes it to the hook (Swift calling convention; for a
    /// single pointer argument it is the C convention on the platforms Swift supports).
    typealias Original = @convention(c) (UnsafeMutableRawPointer) -> Void
    /// The hook's own type.
    typealias Hook = @convention(c) (UnsafeMutableRawPointer, Original) -> Void

    /// Installs the hook the first time it is read; false if the runtime has no such variable.
    static let installed: Bool = {
        guard let symbol = RuntimeSymbol.address("swift_task_enqueueGlobal_hook") else { return false }
        let slot = symbol.assumingMemoryBound(to: Optional<Hook>.self)
        slot.pointee = { job, original in
            if let executor = ThreadBinding.current {
                executor.accept(unsafeBitCast(job, to: UnownedJob.self))
            } else {
                original(job)
            }
        }
        return true
    }()
}

