/// An account whose balance a lock of some kind guards (`LockedAccount`, `QueueAccount`, `ConcurrentQueueAccount`,
/// `RwlockAccount`, `SemaphoreAccount`): a check-then-act in two sections, and its fixed twin in one.
public protocol GuardedAccount: AnyObject, Sendable {
    /// An account holding `balance`.
    init(_ balance: Int)
    /// Withdraws `amount` if the balance covers it: the check in one section, the withdrawal in another.
    func checkThenWithdraw(_ amount: Int) -> Bool
    /// Withdraws `amount` if the balance covers it, in one section.
    func withdraw(_ amount: Int) -> Bool
    /// The balance now.
    var current: Int { get }
}

/// Two withdrawals of 100 from a fresh `Account` of 100, in two child tasks, each by `withdraw(account)`: the balance
/// left (-100 if both went through).
public func twoWithdrawals<Account: GuardedAccount>(
    from _: Account.Type, _ withdraw: @escaping @Sendable (Account) -> Bool
) async -> Int {
    let account = Account(100)
    await withTaskGroup(of: Bool.self) { group in
        group.addTask { withdraw(account) }
        group.addTask { withdraw(account) }
        for await _ in group {}
    }
    return account.current
}
