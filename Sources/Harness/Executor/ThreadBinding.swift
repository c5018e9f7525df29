import CHarnessTime

/// Which harness executor owns the current thread, if any: a thread-local value.
///
/// This is what keeps the harness scoped: the global-enqueue hook and `ScenarioClock` act only on
/// threads bound here, so tests running in parallel on the real pool are never touched.
enum ThreadBinding {
    /// The executor that owns this thread, or nil on any other thread (a thread-local word of CHarnessTime's: read on
    /// every enqueue and job).
    static var current: OneThreadExecutor? {
        guard let raw = harness_bound_executor() else { return nil }
        return Unmanaged<OneThreadExecutor>.fromOpaque(raw).takeUnretainedValue()
    }

    /// The run this thread works for: the one whose harness thread it is, or — on a thread running work a run
    /// handed out (a Dispatch block, a thread it started; `OutsideWork`) — that run, while it is not over. Where
    /// unstructured tasks made or resumed on this thread go.
    static var run: OneThreadExecutor? {
        if let current { return current }
        guard let raw = harness_helper_run() else { return nil }
        let executor = Unmanaged<OneThreadExecutor>.fromOpaque(raw).takeUnretainedValue()
        return executor.isOver ? nil : executor
    }

    /// Marks this thread as `executor`'s (the executor's loop keeps it alive meanwhile).
    static func bind(_ executor: OneThreadExecutor) {
        harness_bind_executor(Unmanaged.passUnretained(executor).toOpaque())
        harness_static_touches_into(executor.staticTouches)
    }

    /// Marks this thread as nobody's.
    static func unbind() {
        harness_bind_executor(nil)
        harness_static_touches_into(nil)
    }
}
