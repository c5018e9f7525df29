import Dispatch
import Foundation

// The Q&A seed's GCD traps as programs that stop, each beside its control, which ends normally.

/// The Q&A seed: sync onto the serial queue you are already running on waits for itself.
public func syncOntoOwnQueue() {
    let queue = DispatchQueue(label: "jar")
    queue.sync {
        queue.sync {
            print("never")
        }
    }
}

/// The control of `syncOntoOwnQueue()`: sync from one serial queue onto another waits for the other, which is
/// free — it prints "ran" and returns.
public func syncOntoOtherQueue() {
    let queue = DispatchQueue(label: "jar")
    let other = DispatchQueue(label: "shelf")
    queue.sync {
        other.sync {
            print("ran")
        }
    }
}

/// The Q&A seed: one leave() too many.
public func unbalancedGroupLeave() {
    DispatchGroup().leave()
}

/// The control of `unbalancedGroupLeave()`: one enter, one leave — the group finishes and `wait()` returns.
public func balancedGroupLeave() {
    let group = DispatchGroup()
    group.enter()
    group.leave()
    group.wait()
    print("the group finished")
}

/// The Q&A seed's test(): print A, main.async B, print C, main.sync D, print E. Each line is flushed as it is printed.
func seedTest() {
    /// One line of the console, out at once.
    func say(_ line: String) {
        print(line)
        fflush(nil)  // every output stream: `stdout` is a C global Swift 6 will not read here
    }
    say("A")
    DispatchQueue.main.async { say("B") }
    say("C")
    DispatchQueue.main.sync { say("D") }
    say("E")
}

/// The Q&A seed: test() called from a background queue. Its main.sync waits for the main queue, which is free:
/// no deadlock — it prints A, B and C in either order, D and E, and returns.
@concurrent public func seedTestFromBackground() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            seedTest()
            continuation.resume()
        }
    }
}

/// The control of `seedTestFromBackground()`: the same test() called on the main queue, where its main.sync waits
/// for the queue it is running on and libdispatch stops the program.
@MainActor public func seedTestOnMain() {
    seedTest()
}
