// The `Darwin` of the emulated Mac build (scripts/check-darwin): glibc underneath, Darwin's shapes on top.
//
// The emulated copy of the package imports this module into every file (`-import-module Darwin`), as a Mac's
// Foundation re-exports Darwin. Where Darwin's C library has another shape than glibc's, the copy's names are
// renamed to `darwin_…` and declared here with Darwin's own shape, so that code written for glibc's shape fails to
// compile as it would on a Mac; each one still works (on glibc), so the emulated tests run. Everything is
// `@_alwaysEmitIntoClient` or a type alias: the module has nothing to link.
@_exported import Glibc

// posix_spawn: on Darwin the file actions and the attributes are opaque pointers (`typedef void *…`), made by their
// `_init`; glibc's are structs, made by `posix_spawn_file_actions_t()`. Here each pointer holds a glibc struct.

/// Darwin's `posix_spawn_file_actions_t`: an optional pointer, with no `init()`.
public typealias darwin_posix_spawn_file_actions_t = UnsafeMutableRawPointer?
/// Darwin's `posix_spawnattr_t`: an optional pointer, with no `init()`.
public typealias darwin_posix_spawnattr_t = UnsafeMutableRawPointer?
/// Darwin's `mode_t` is 16 bits wide (glibc's 32).
public typealias darwin_mode_t = UInt16

/// Darwin's flag: the child inherits no descriptor but those its file actions name.
@_alwaysEmitIntoClient public var DARWIN_POSIX_SPAWN_CLOEXEC_DEFAULT: Int32 { 0x4000 }

/// The glibc attributes behind a Darwin attribute pointer, and the Darwin-only flags glibc does not know.
public typealias EmulatedSpawnAttributes = (attributes: posix_spawnattr_t, darwinFlags: Int16)

@_alwaysEmitIntoClient @discardableResult
public func darwin_posix_spawn_file_actions_init(_ actions: UnsafeMutablePointer<darwin_posix_spawn_file_actions_t>!) -> Int32 {
    let box = UnsafeMutablePointer<posix_spawn_file_actions_t>.allocate(capacity: 1)
    let result = posix_spawn_file_actions_init(box)
    actions.pointee = UnsafeMutableRawPointer(box)
    return result
}

@_alwaysEmitIntoClient @discardableResult
public func darwin_posix_spawn_file_actions_destroy(_ actions: UnsafeMutablePointer<darwin_posix_spawn_file_actions_t>!) -> Int32 {
    guard let raw = actions.pointee else { return EINVAL }
    let box = raw.assumingMemoryBound(to: posix_spawn_file_actions_t.self)
    let result = posix_spawn_file_actions_destroy(box)
    box.deallocate()
    actions.pointee = nil
    return result
}

@_alwaysEmitIntoClient @discardableResult
public func darwin_posix_spawn_file_actions_addopen(_ actions: UnsafeMutablePointer<darwin_posix_spawn_file_actions_t>!,
                                                    _ descriptor: Int32, _ path: UnsafePointer<CChar>!, _ flags: Int32,
                                                    _ mode: darwin_mode_t) -> Int32 {
    guard let raw = actions.pointee else { return EINVAL }
    return posix_spawn_file_actions_addopen(raw.assumingMemoryBound(to: posix_spawn_file_actions_t.self), descriptor,
                                            path, flags, mode_t(mode))
}

@_alwaysEmitIntoClient @discardableResult
public func darwin_posix_spawn_file_actions_adddup2(_ actions: UnsafeMutablePointer<darwin_posix_spawn_file_actions_t>!,
                                                    _ descriptor: Int32, _ target: Int32) -> Int32 {
    guard let raw = actions.pointee else { return EINVAL }
    return posix_spawn_file_actions_adddup2(raw.assumingMemoryBound(to: posix_spawn_file_actions_t.self), descriptor, target)
}

@_alwaysEmitIntoClient @discardableResult
public func darwin_posix_spawnattr_init(_ attributes: UnsafeMutablePointer<darwin_posix_spawnattr_t>!) -> Int32 {
    let box = UnsafeMutablePointer<EmulatedSpawnAttributes>.allocate(capacity: 1)
    box.initialize(to: (posix_spawnattr_t(), 0))
    let result = withUnsafeMutablePointer(to: &box.pointee.attributes) { posix_spawnattr_init($0) }
    attributes.pointee = UnsafeMutableRawPointer(box)
    return result
}

@_alwaysEmitIntoClient @discardableResult
public func darwin_posix_spawnattr_destroy(_ attributes: UnsafeMutablePointer<darwin_posix_spawnattr_t>!) -> Int32 {
    guard let raw = attributes.pointee else { return EINVAL }
    let box = raw.assumingMemoryBound(to: EmulatedSpawnAttributes.self)
    let result = withUnsafeMutablePointer(to: &box.pointee.attributes) { posix_spawnattr_destroy($0) }
    box.deallocate()
    attributes.pointee = nil
    return result
}

@_alwaysEmitIntoClient @discardableResult
public func darwin_posix_spawnattr_setflags(_ attributes: UnsafeMutablePointer<darwin_posix_spawnattr_t>!,
                                            _ flags: Int16) -> Int32 {
    guard let raw = attributes.pointee else { return EINVAL }
    let box = raw.assumingMemoryBound(to: EmulatedSpawnAttributes.self)
    box.pointee.darwinFlags = flags
    let common = flags & ~Int16(truncatingIfNeeded: DARWIN_POSIX_SPAWN_CLOEXEC_DEFAULT)
    return withUnsafeMutablePointer(to: &box.pointee.attributes) { posix_spawnattr_setflags($0, common) }
}

/// Darwin's `posix_spawn`; `POSIX_SPAWN_CLOEXEC_DEFAULT` becomes glibc's close-from-3 file action.
@_alwaysEmitIntoClient @discardableResult
public func darwin_posix_spawn(_ pid: UnsafeMutablePointer<pid_t>!, _ path: UnsafePointer<CChar>!,
                               _ actions: UnsafePointer<darwin_posix_spawn_file_actions_t>!,
                               _ attributes: UnsafePointer<darwin_posix_spawnattr_t>!,
                               _ argv: UnsafePointer<UnsafeMutablePointer<CChar>?>!,
                               _ envp: UnsafePointer<UnsafeMutablePointer<CChar>?>!) -> Int32 {
    let actionsBox = actions?.pointee?.assumingMemoryBound(to: posix_spawn_file_actions_t.self)
    let attributesBox = attributes?.pointee?.assumingMemoryBound(to: EmulatedSpawnAttributes.self)
    if let attributesBox, attributesBox.pointee.darwinFlags & Int16(truncatingIfNeeded: DARWIN_POSIX_SPAWN_CLOEXEC_DEFAULT) != 0,
       let actionsBox {
        // glibc's close-from action (2.34), found by name: its header shows it only to _GNU_SOURCE.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(actionsBox, 3)
        }
    }
    guard let attributesBox else { return posix_spawn(pid, path, actionsBox, nil, argv, envp) }
    return withUnsafeMutablePointer(to: &attributesBox.pointee.attributes) { posix_spawn(pid, path, actionsBox, $0, argv, envp) }
}

/// Darwin's `dlsym`, whose `RTLD_DEFAULT` is `(void *)-2` (glibc's is 0, and takes -2 for a library's handle).
@_alwaysEmitIntoClient
public func darwin_dlsym(_ handle: UnsafeMutableRawPointer?, _ name: UnsafePointer<CChar>!) -> UnsafeMutableRawPointer? {
    dlsym(handle == UnsafeMutableRawPointer(bitPattern: -2) ? nil : handle, name)
}

/// Darwin's thread id call (`pthread_t` is a pointer there: `nil` is the calling thread). glibc's `gettid`.
@_alwaysEmitIntoClient @discardableResult
public func pthread_threadid_np(_ thread: pthread_t?, _ id: UnsafeMutablePointer<UInt64>!) -> Int32 {
    typealias GetTID = @convention(c) () -> Int32
    guard thread == nil, let symbol = dlsym(nil, "gettid") else { return ESRCH }
    id.pointee = UInt64(unsafeBitCast(symbol, to: GetTID.self)())
    return 0
}
