import Dispatch
import Foundation

/// What cancel() did to two work items: one not yet started, one running.
public struct WorkItemCancel: Sendable, Hashable {
    public var unstartedRan: Bool, runningSawCancel: Bool, runningFinished: Bool
}

/// A work item that can look at its own cancellation, through this holder.
///
/// `@unchecked Sendable`: `item` is set once, before the item is submitted, and only read after.
final class WorkItemHolder: @unchecked Sendable {
    var item: DispatchWorkItem?
}

/// The Q&A seed: DispatchWorkItem.cancel() skips an item that has not started; a running one can check isCancelled, and
/// ends only when it does. `.plainClosures`, the quiz's control: plain `async { }` closures, which nothing can cancel —
/// the running one works 20 ms and finishes without hearing anything, the other runs after it.
nonisolated(nonsending) public func workItemCancel(_ shape: WorkItemShape = .workItems) async -> WorkItemCancel {
    let plainClosures = shape == .plainClosures
    return await onAThreadOfItsOwn {
        let queue = DispatchQueue(label: "items")
        let ran = Shared(false), sawCancel = Shared(false), finished = Shared(false)
        if plainClosures {
            let started = DispatchSemaphore(value: 0)
            queue.async {
                started.signal()
                usleep(20_000)
                finished.update { $0 = true }
            }
            queue.async { ran.update { $0 = true } }
            started.wait()
            queue.sync {}
            return WorkItemCancel(unstartedRan: ran.value, runningSawCancel: sawCancel.value, runningFinished: finished.value)
        }
        let started = DispatchSemaphore(value: 0)
        let holder = WorkItemHolder()
        let running = DispatchWorkItem {
            started.signal()
            while holder.item?.isCancelled == false {
                usleep(1_000)
            }
            sawCancel.update { $0 = holder.item?.isCancelled ?? false }
            finished.update { $0 = true }
        }
        holder.item = running
        let unstarted = DispatchWorkItem { ran.update { $0 = true } }
        queue.async(execute: running)
        queue.async(execute: unstarted)
        started.wait()
        unstarted.cancel()
        running.cancel()
        queue.sync {}
        return WorkItemCancel(unstartedRan: ran.value, runningSawCancel: sawCancel.value, runningFinished: finished.value)
    }
}

/// What is sent to the queue.
public enum WorkItemShape: String, CaseIterable, Sendable, Decodable {
    /// `DispatchWorkItem`s, which `cancel()` reaches (the seed).
    case workItems
    /// Plain closures, the control: nothing can cancel them.
    case plainClosures
}
