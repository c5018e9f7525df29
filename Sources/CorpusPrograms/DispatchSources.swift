import Dispatch
import Foundation
import Synchronization

// Continuations resumed from Dispatch sources and the other Dispatch tools code wraps: read sources on a pipe, data
// sources that merge, one-shot timers, groups, work items, semaphores; and main-actor work started from outside.

/// A Dispatch source handed to code on another thread. `@unchecked Sendable`: Dispatch documents a source's methods
/// (`add(data:)`, `cancel()`) as safe from any thread, and nothing else of it is touched there.
final class SharedSource<Source>: @unchecked Sendable {
    /// The source.
    let source: Source
    /// Shares `source`.
    init(_ source: Source) { self.source = source }
}

extension Program {
    /// A read source on a pipe, resumed with what a thread writes 1 ms later.
    static let continuationFromReadSource = Program(
        "continuation-from-read-source", "a DispatchSource read source on a pipe resuming a continuation with what a Thread writes after 1 ms",
        onTime: ["hello"],
        because: "the source's handler runs when bytes can be read, reads them in order, and resumes once all five came"
    ) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return "no pipe" }
        let (reading, writing) = (ends[0], ends[1])
        return await withCheckedContinuation { continuation in
            let source = DispatchSource.makeReadSource(fileDescriptor: reading, queue: DispatchQueue(label: "reader"))
            let received = Locked<[UInt8]>([])
            source.setEventHandler {
                var buffer = [UInt8](repeating: 0, count: 16)
                let count = read(reading, &buffer, buffer.count)
                let all = received.withLock { received in
                    if count > 0 { received += buffer[..<count] }
                    return received
                }
                if all.count >= 5 || count <= 0 {
                    source.cancel()
                    continuation.resume(returning: String(decoding: all, as: UTF8.self))
                }
            }
            source.setCancelHandler { close(reading) }
            source.resume()
            Thread {
                usleep(1_000)
                let bytes = Array("hello".utf8)
                _ = bytes.withUnsafeBytes { write(writing, $0.baseAddress, $0.count) }
                close(writing)
            }.start()
        }
    }

    /// A data source that merges: ten `add(data: 1)` from a task, the handler summing what it is given.
    static let continuationFromDataSource = Program(
        "continuation-from-data-source", "DispatchSource.makeUserDataAddSource summing source.data; a Task adds 1 ten times, yielding between",
        onTime: ["total 10"],
        because: "an add source may merge several adds into one call of its handler, but never loses one: the data adds up to 10"
    ) {
        await withCheckedContinuation { continuation in
            let source = SharedSource(DispatchSource.makeUserDataAddSource(queue: DispatchQueue(label: "progress")))
            let total = Locked(0)
            source.source.setEventHandler {
                let sum = total.withLock { $0 += Int(source.source.data); return $0 }
                if sum == 10 {
                    source.source.cancel()
                    continuation.resume(returning: "total \(sum)")
                }
            }
            source.source.resume()
            Task {
                for _ in 0..<10 {
                    source.source.add(data: 1)
                    await Task.yield()
                }
            }
        }
    }

    /// A reply due in 2 ms against a one-shot 50 ms timer source, whichever resumes first.
    static let timerSourceTimeout = Program(
        "timer-source-timeout", "a continuation resumed by a reply (asyncAfter 2 ms) or a one-shot 50 ms DispatchSourceTimer, first wins",
        onTime: ["answer"], late: ["timeout"],
        because: "the reply is due 48 ms before the timer; the lock lets only the first resume; only a reply late by 48 ms loses"
    ) {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            let timer = SharedSource(DispatchSource.makeTimerSource(queue: DispatchQueue(label: "timeout")))
            timer.source.setEventHandler { once.resume("timeout") }
            timer.source.schedule(deadline: .now() + .milliseconds(50))
            timer.source.resume()
            fetchAnswer(after: .milliseconds(2)) { answer in
                timer.source.cancel()
                once.resume(answer)
            }
        }
    }

    /// `Pipe`'s `readabilityHandler`, resumed with what a thread writes 1 ms later.
    static let pipeReadabilityHandler = Program(
        "pipe-readability-handler", "FileHandle.readabilityHandler on a Pipe resuming a continuation with what a Thread writes after 1 ms",
        onTime: ["hello"],
        because: "the handler is called as data arrives, in order; the lock lets it resume once, when all five bytes came or the pipe closed"
    ) {
        let pipe = Pipe()
        return await withCheckedContinuation { continuation in
            let received = Locked((data: Data(), done: false))
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let chunk = handle.availableData
                let finished = received.withLock { received -> Data? in
                    guard !received.done else { return nil }
                    received.data.append(chunk)
                    guard received.data.count >= 5 || chunk.isEmpty else { return nil }
                    received.done = true
                    return received.data
                }
                if let finished {
                    handle.readabilityHandler = nil
                    continuation.resume(returning: String(decoding: finished, as: UTF8.self))
                }
            }
            Thread {
                usleep(1_000)
                pipe.fileHandleForWriting.write(Data("hello".utf8))
                try? pipe.fileHandleForWriting.close()
            }.start()
        }
    }

    /// Five blocks in a `DispatchGroup`, whose `notify` resumes the waiting task.
    static let dispatchGroupNotify = Program(
        "dispatch-group-notify", "five DispatchQueue.global().async(group:) blocks; group.notify resumes a continuation",
        onTime: ["5 done before notify"],
        because: "notify runs after every block of the group has finished"
    ) {
        let done = Locked(0)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for _ in 0..<5 {
                DispatchQueue.global().async(group: group) { done.withLock { $0 += 1 } }
            }
            group.notify(queue: .global()) { continuation.resume() }
        }
        return "\(done.value) done before notify"
    }

    /// A `DispatchWorkItem` cancelled before its 10 ms deadline, beside one kept for 20 ms.
    static let workItemCancel = Program(
        "work-item-cancel", "a DispatchWorkItem scheduled with asyncAfter(10 ms) and cancelled at once; another at 20 ms resumes",
        onTime: ["kept"], late: ["dropped, kept"],
        because: "a work item cancelled before it starts never runs; only a cancel late by 10 ms comes after it ran"
    ) {
        let ran = Lines()
        let dropped = DispatchWorkItem { ran.append("dropped") }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10), execute: dropped)
        dropped.cancel()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                ran.append("kept")
                continuation.resume()
            }
        }
        return ran.joined
    }

    /// A thread blocked on a `DispatchSemaphore` until a task signals it 1 ms later, then resuming the waiter.
    static let semaphoreOnThread = Program(
        "semaphore-on-thread", "a Thread waiting on DispatchSemaphore.wait() resumes a continuation; a Task signals after 1 ms",
        onTime: ["woke"],
        because: "the signal wakes the thread, which resumes the continuation once; no pool thread ever blocks"
    ) {
        let semaphore = DispatchSemaphore(value: 0)
        return await withCheckedContinuation { continuation in
            Thread {
                semaphore.wait()
                continuation.resume(returning: "woke")
            }.start()
            Task {
                try? await Task.sleep(for: .milliseconds(1))
                semaphore.signal()
            }
        }
    }

    /// Three threads each start `Task { @MainActor in … }`, bumping a main-actor counter.
    static let mainActorFromThread = Program(
        "main-actor-from-thread", "three Threads each start Task { @MainActor in counter.bump() }; the third bump resumes the waiter",
        onTime: ["3"],
        because: "each thread's task runs on the main actor, one at a time, so the three bumps all count"
    ) {
        let counter = MainCounter()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let arrivals = Arrivals(3) { continuation.resume() }
            for _ in 0..<3 {
                Thread {
                    Task { @MainActor in
                        counter.bump()
                        arrivals.arrive()
                    }
                }.start()
            }
        }
        return "\(await counter.count)"
    }

    /// A thread hands work to `DispatchQueue.main`, which bumps a main-actor counter inside `assumeIsolated`.
    static let mainQueueFromThread = Program(
        "main-queue-from-thread", "a Thread calls DispatchQueue.main.async { MainActor.assumeIsolated { counter.bump() } } twice",
        onTime: ["2"],
        because: "the main queue runs its blocks on the main actor's executor, in order, so assumeIsolated passes and both count"
    ) {
        let counter = MainCounter()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let arrivals = Arrivals(2) { continuation.resume() }
            Thread {
                for _ in 0..<2 {
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated { counter.bump() }
                        arrivals.arrive()
                    }
                }
            }.start()
        }
        return "\(await counter.count)"
    }
}

extension Program {
    /// A completion handler on a Dispatch queue that starts a `Task` to update an actor, as callback code does.
    static let taskFromCallback = Program(
        "task-from-callback", "a completion handler on DispatchQueue.global() starting Task { await tally.bump() } three times",
        onTime: ["3"],
        because: "each handler's Task runs its bump on the actor once; the waiter resumes after the third"
    ) {
        let tally = Tally()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let arrivals = Arrivals(3) { continuation.resume() }
            for _ in 0..<3 {
                compute { _ in
                    Task {
                        await tally.bump()
                        arrivals.arrive()
                    }
                }
            }
        }
        return "\(await tally.count)"
    }

    /// A flag set by `asyncAfter(2 ms)`, read after a 10 ms `Task.sleep`.
    static let dispatchDelayBeforeSleep = Program(
        "dispatch-delay-before-sleep", "DispatchQueue.global().asyncAfter(2 ms) sets a flag; a task sleeps 10 ms, then reads it",
        onTime: ["set"], late: ["not set"],
        because: "the block is due 8 ms before the sleep ends, on the same clock; only a block late by 8 ms misses"
    ) {
        let flag = Switch()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(2)) { flag.turnOn() }
        try? await Task.sleep(for: .milliseconds(10))
        return flag.isOn ? "set" : "not set"
    }

    /// `DispatchQueue.sync` on a serial queue, called from a task.
    static let dispatchSyncFromTask = Program(
        "dispatch-sync-from-task", "a task reading state kept on a serial DispatchQueue with queue.sync, after three queue.async writes",
        onTime: ["[1, 2, 3]"],
        because: "a serial queue runs sync after the asyncs queued before it, so the read sees all three writes"
    ) {
        let queue = DispatchQueue(label: "state")
        let values = Locked<[Int]>([])
        for n in 1...3 { queue.async { values.withLock { $0.append(n) } } }
        return await Task { queue.sync { list(values.value) } }.value
    }

    /// Synchronous code on a thread that waits on a semaphore for an async function, as a sync-to-async bridge does.
    static let syncBridgeOnThread = Program(
        "sync-bridge-on-thread", "a Thread blocks on DispatchSemaphore while a Task it started computes; then resumes the waiter",
        onTime: ["42"],
        because: "the thread is not a pool thread, so the Task runs, signals, and the thread hands its value on once"
    ) {
        await withCheckedContinuation { continuation in
            Thread {
                let semaphore = DispatchSemaphore(value: 0)
                let result = Locked(0)
                Task {
                    try? await Task.sleep(for: .milliseconds(1))
                    result.withLock { $0 = 42 }
                    semaphore.signal()
                }
                semaphore.wait()
                continuation.resume(returning: "\(result.value)")
            }.start()
        }
    }
}
