/// A bank account that asks a fraud check before it pays out. The check suspends, so the balance is read again
/// after it: an actor is reentrant, and another withdrawal may have run in between.
public actor Account {
    /// What the account holds; never below zero.
    public private(set) var balance: Int

    /// An account holding `balance`.
    public init(balance: Int) {
        self.balance = balance
    }

    /// Pays out `amount` if the account holds it after the fraud check; returns whether it paid.
    public func withdraw(_ amount: Int) async -> Bool {
        guard balance >= amount else { return false }
        await FraudCheck.approve(amount)
        guard balance >= amount else { return false }
        balance -= amount
        return true
    }
}

/// The same account written the usual wrong way: it checks the balance once, before the suspension.
public actor CheckOnceAccount {
    /// What the account holds; can go below zero.
    public private(set) var balance: Int

    /// An account holding `balance`.
    public init(balance: Int) {
        self.balance = balance
    }

    /// Pays out `amount` if the account held it before the fraud check; returns whether it paid.
    public func withdraw(_ amount: Int) async -> Bool {
        guard balance >= amount else { return false }
        await FraudCheck.approve(amount)
        balance -= amount
        return true
    }
}

/// A fraud check that takes a moment, as a call to a service does.
enum FraudCheck {
    /// Approves every amount, after a suspension.
    static func approve(_ amount: Int) async {
        await Task.yield()
    }
}
