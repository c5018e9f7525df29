/// The actor the calling code runs on, by its type's name: what a timeline says a task's step ran on, for code that
/// leaves no notes.
///
///     actor Counter { func whereAmI() -> String? { ActorName.current } }   // "Counter"
///
/// The runtime's `swift_task_getCurrentExecutor` answers with the executor the current job runs on; a default actor
/// is its own executor's identity, so the object is the actor itself; the main actor's executor (inside a run, the
/// run's main lane, which `MainActor.sharedUnownedExecutor` answers there) is named `MainActor`. Nil on no actor (the
/// generic executor, a task executor) or where the runtime has no such function.
enum ActorName {
    /// The runtime function's type: no arguments, the current serial executor (two words, as `UnownedSerialExecutor`).
    private typealias CurrentExecutor = @convention(thin) () -> UnownedSerialExecutor

    /// `swift_task_getCurrentExecutor`, found once.
    private static let currentExecutor: CurrentExecutor? = RuntimeSymbol.address("swift_task_getCurrentExecutor")
        .map { unsafeBitCast($0, to: CurrentExecutor.self) }
    /// `currentExecutor`'s address (0: none), for a caller that asks at every event and keeps it: reading the static
    /// each time is a `swift_once` a call.
    static var currentExecutorAddress: UInt {
        currentExecutor.map { UInt(bitPattern: unsafeBitCast($0, to: UnsafeRawPointer.self)) } ?? 0
    }

    /// The type name of the actor the calling code is isolated to now, `MainActor` on the main actor; nil on none.
    static var current: String? { currentKind.name }

    /// The actor the calling code is isolated to now, without naming it yet: what a timeline keeps for each step,
    /// cheap enough to read at every enqueue (the name is made only when the timeline is drawn).
    static var currentKind: Kind {
        currentKind(main: unsafeBitCast(MainActor.sharedUnownedExecutor, to: (UnsafeRawPointer?, UInt).self).0)
    }

    /// `currentKind`, with the main actor's executor identity given (a run knows its main lane's, and asks often).
    static func currentKind(main: UnsafeRawPointer?) -> Kind {
        currentKind(main: main, function: currentExecutorAddress)
    }

    /// `currentKind(main:)`, with `currentExecutorAddress` given.
    static func currentKind(main: UnsafeRawPointer?, function: UInt) -> Kind {
        guard function != 0 else { return .none }
        let executor = unsafeBitCast(function, to: CurrentExecutor.self)()
        // The executor reference is two words: the identity object, then the implementation (witness table and
        // flags). A generic executor has no identity.
        let (identity, _) = unsafeBitCast(executor, to: (UnsafeRawPointer?, UInt).self)
        guard let identity else { return .none }
        if identity == main { return .main }
        // The type from the object's first word (its metadata), without retaining it: code that enqueues as it
        // leaves an actor may be letting go of the actor's last reference, and a retain then would revive it.
        return .type(unsafeBitCast(identity.load(as: UnsafeRawPointer.self), to: AnyObject.Type.self))
    }

    /// Where code ran: on no actor, the main actor, or an actor of a type.
    enum Kind: Equatable, @unchecked Sendable {
        // `@unchecked Sendable`: a class's metatype is an immutable pointer to its metadata, which lives as long as
        // the process; nothing is read through it but the type's name.
        /// No actor (the generic executor, a task executor).
        case none
        /// The main actor (inside a run, its main lane).
        case main
        /// An actor of this type.
        case type(AnyObject.Type)

        /// The actor's name: its type's, `MainActor`, or nil for none.
        var name: String? {
            switch self {
            case .none: nil
            case .main: "MainActor"
            case .type(let type): String(describing: type)
            }
        }

        static func == (left: Kind, right: Kind) -> Bool {
            switch (left, right) {
            case (.none, .none), (.main, .main): true
            case (.type(let a), .type(let b)): ObjectIdentifier(a) == ObjectIdentifier(b)
            default: false
            }
        }
    }
}
