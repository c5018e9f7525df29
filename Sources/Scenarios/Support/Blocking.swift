import Dispatch

/// Blocks the calling thread until `semaphore` is signalled: what the lessons' GCD code does to "wait for the
/// network". A function of its own because Darwin's Dispatch refuses `wait()` written in an async function or
/// closure (an error in Swift 6 mode); called from one, it blocks that task's thread all the same, which is what the
/// scenarios that call it show.
func blockUntilSignalled(_ semaphore: DispatchSemaphore) {
    semaphore.wait()
}
