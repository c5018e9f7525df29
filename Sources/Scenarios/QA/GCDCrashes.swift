import Dispatch

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

/// The Q&A seed: main.sync from the main queue.
@MainActor public func mainSyncOnMain() {
    DispatchQueue.main.sync {
        print("never")
    }
}

/// The control of `mainSyncOnMain()`: main.sync from a pool thread, off the main thread — it waits for the main
/// queue, which is free, prints "ran on the main queue" and returns.
@concurrent public func mainSyncOffMain() async {
    DispatchQueue.main.sync {
        print("ran on the main queue")
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
