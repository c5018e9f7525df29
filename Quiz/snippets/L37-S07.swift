// L37 step 10 on Linux: the lesson's pieceRunning() and Eve's flight, built as a program. Linux's
// Thread.callStackSymbols gives no names for an executable's own functions, so the caller's symbol comes from the
// Swift runtime's own backtracer (the Runtime module), demangled by swift_demangle as in the lesson.
import Foundation
import Runtime

/// The piece of code that called this function, by the name the compiler gave it, with the program's name left off.
@inline(never) func pieceRunning() -> String {
    guard let frames = try? Backtrace.capture().symbolicated()?.frames, frames.count > 1,
          let mangled = frames[1].symbol?.rawName,
          let name = swift_demangle(mangled, UInt(mangled.utf8.count), nil, nil, 0)
    else {
        return "no symbol"
    }
    defer {
        free(name)
    }
    // The program's module
    let app = #fileID.split(separator: "/")[0]
    return String(cString: name).replacingOccurrences(of: "\(app).", with: "")
}

/// Swift's own demangler, which turns a symbol's name back into Swift.
@_silgen_name("swift_demangle")
private func swift_demangle(_ name: UnsafePointer<CChar>?, _ length: UInt, _ buffer: UnsafeMutablePointer<CChar>?,
                            _ size: UnsafeMutablePointer<UInt>?, _ flags: UInt32) -> UnsafeMutablePointer<CChar>?

/// Two marks for Eve to carry: one she needs after her wait, and one she is done with before it. (The lesson's are
/// `@MainActor var`s of an app; top-level code may not give a variable a global actor, so here they are lets.)
let keptMark: UInt64 = 0xFEED_FACE_CAFE_BEEF
let spentMark: UInt64 = 0xDEAD_BEEF_0BAD_F00D

/// Eve flies to a flower, from the main actor.
@MainActor func lookInside() async -> String {
    let eve = Task {
        let kept = keptMark
        let spent = spentMark
        print("before her wait, Eve runs as: \(pieceRunning())")
        print("the mark she is done with: \(String(spent, radix: 16))")
        try? await Task.sleep(for: .milliseconds(100))
        print("after her wait, Eve runs as: \(pieceRunning())")
        print("the mark she needed: \(String(kept, radix: 16))")
    }
    await eve.value
    return "Eve is back"
}

_ = await lookInside()
