import CHarnessTime

/// A point where a seeded schedule may pause the running job and run another: what every lock of an `NSLock` is
/// already, asked for where the harness cannot see one — between two `Mutex` sections, around an `Atomic`.
///
/// ```swift
/// final class Account: Sendable {
///     let balance = Mutex(100)
///     func withdraw(_ amount: Int) -> Bool {
///         let enough = balance.withLock { $0 >= amount }
///         choicePoint()                     // the other withdrawal may come between the check and the act
///         guard enough else { return false }
///         balance.withLock { $0 -= amount }
///         return true
///     }
/// }
///
/// let balances = try await explore("two withdrawals of 100 from 100", seeds: 100) {
///     let account = Account()
///     async let first = account.withdraw(100), second = account.withdraw(100)
///     _ = await (first, second)
///     return account.balance.withLock { $0 }
/// }
/// print(balances)      // two withdrawals of 100 from 100: 0 → 76 seeds, -100 → 24 seeds
/// #expect(balances.runs.contains { (try? $0.result.get()) == -100 })   // some seed overdraws
/// ```
///
/// Without the call no seed finds that overdraft: a `Mutex`'s lock and an `Atomic`'s operations are inline atomics
/// in the caller, which nothing outside can pause, and a job never stops between two synchronous statements.
///
/// Under `seeded`, PCT and `replay` on Linux, inside a job of the run, the call is a choice point like a lock's: the
/// seed picks whether the job goes on or another ready job runs first (the job waits, holding whatever it holds,
/// until the schedule picks it again), the pick is one choice of the replay string, and a pause counts as a
/// preemption. Where nothing else is ready it chooses nothing. Everywhere else — `strict`, `system`, outside any
/// run, on Apple platforms — it does nothing, so it can stay in shipping code at the cost of a thread-local read.
public func choicePoint() {
    guard let run = harness_locks_job_run() else { return }
    Unmanaged<OneThreadExecutor>.fromOpaque(run).takeUnretainedValue().explicitChoicePoint()
}
