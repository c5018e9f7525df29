// L37-Q10, built as a program: the lesson's queue.sync from the main thread. Top-level code that never awaits runs on
// the process's main thread, so the caller here is the main thread itself, as in the lesson.
import Dispatch
import Foundation

let queue = DispatchQueue(label: "jar")
queue.sync { print("queue.sync from the main thread runs on the main thread: \(Thread.isMainThread)") }
