#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exported variables of the Swift runtime that the harness writes (its hooks), found by name.
enum RuntimeSymbol {
    /// The address of `name` in the process, or nil.
    static func address(_ name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
        let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(handle, name)
    }
}
