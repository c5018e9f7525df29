/// Catches `Task {}` and `Task.detached {}` created inside a scenario, where the runtime enqueues them itself.
///
/// Unstructured tasks do not inherit a task-executor preference, so the runtime sends them to the
/// global executor through `swift_task_enqueueGlobal`. The runtime lets a program replace that
/// function through the exported variable `swift_task_enqueueGlobal_hook`. Installed once and never
/// removed (the runtime reads it without synchronisation), the hook sends a job to a harness
/// executor only when it is enqueued *from that executor's own thread*; every other enqueue goes to
/// the original function untouched, so nothing outside a scenario is taken over.
///
/// It is one of two doors with one rule: what the runtime's Swift code hands the default executor itself (a
/// yield, a sleep, on Linux every global enqueue) reaches `ProcessDefaultExecutor`, which routes the same way. The
/// hook stays for platforms whose global enqueue does not pass through the default executor. Main-actor work stays
/// inside through `MainLane`.
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
            let unowned = unsafeBitCast(job, to: UnownedJob.self)
            if let executor = RunRegistry.shared.destination(of: unowned, from: ThreadBinding.run) {
                executor.accept(unowned)
            } else {
                original(job)
            }
        }
        return true
    }()
}

