import CHarnessTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which harness executor owns the current thread, if any: a thread-specific value.
///
/// This is what keeps the harness scoped: the global-enqueue hook and `ScenarioClock` act only on
/// threads bound here, so tests running in parallel on the real pool are never touched.
enum ThreadBinding {
    /// The key of the thread-specific slot, created once.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "could not create the harness's thread key")
        return key
    }()

    /// The executor that owns this thread, or nil on any other thread.
    static var current: OneThreadExecutor? {
        guard let raw = pthread_getspecific(key) else { return nil }
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
        pthread_setspecific(key, Unmanaged.passUnretained(executor).toOpaque())
    }

    /// Marks this thread as nobody's.
    static func unbind() {
        pthread_setspecific(key, nil)
    }
}
