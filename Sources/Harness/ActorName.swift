/// The actor the calling code runs on, by its type's name: what a timeline says a task's step ran on, for code that
/// leaves no notes.
///
///     actor Counter { func whereAmI() -> String? { ActorName.current } }   // "Counter"
///
/// The runtime's `swift_task_getCurrentExecutor` answers with the executor the current job runs on; a default actor
/// is its own executor's identity, so the object is the actor itself; the main actor's executor (inside a run, the run's main lane, which
/// `MainActor.sharedUnownedExecutor` answers there) is named `MainActor`. Nil on no actor (the generic executor, a task
/// executor) or where the runtime has no such function.
enum ActorName {
    /// The runtime function's type: no arguments, the current serial executor (two words, as `UnownedSerialExecutor`).
    private typealias CurrentExecutor = @convention(thin) () -> UnownedSerialExecutor

    /// `swift_task_getCurrentExecutor`, found once.
    private static let currentExecutor: CurrentExecutor? = RuntimeSymbol.address("swift_task_getCurrentExecutor")
        .map { unsafeBitCast($0, to: CurrentExecutor.self) }

    /// The type name of the actor the calling code is isolated to now, `MainActor` on the main actor; nil on none.
    static var current: String? {
        guard let currentExecutor else { return nil }
        let executor = currentExecutor()
        // The executor reference is two words: the identity object, then the implementation (witness table and
        // flags). A generic executor has no identity.
        let (identity, _) = unsafeBitCast(executor, to: (UnsafeRawPointer?, UInt).self)
        guard let identity else { return nil }
        let main = unsafeBitCast(MainActor.sharedUnownedExecutor, to: (UnsafeRawPointer?, UInt).self).0
        if identity == main { return "MainActor" }
        let object = Unmanaged<AnyObject>.fromOpaque(identity).takeUnretainedValue()
        return String(describing: type(of: object))
    }
}
