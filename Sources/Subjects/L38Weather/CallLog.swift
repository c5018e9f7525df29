import Foundation

/// An actor whose one method writes down when a call begins and when it ends, with an await between (lesson 38,
/// the trick card "Does an actor finish one call before it starts the next?"). Two calls at once leave
/// ["first begins", "second begins", "first ends", "second ends"]: at the await the actor takes the next call.
public actor CallLog {
    /// What happened, in order.
    public private(set) var entries: [String] = []

    /// An empty log.
    public init() {}

    /// Writes "<name> begins", waits 10 ms, writes "<name> ends".
    public func call(_ name: String) async {
        entries.append("\(name) begins")
        try? await Task.sleep(for: .milliseconds(10))
        entries.append("\(name) ends")
    }

    /// The same call with no await inside: writes "<name> begins", holds its thread 10 ms, writes "<name> ends". With no
    /// suspension point between them, nothing can come between a call's two lines, however many callers arrive at once.
    public func callInOneStretch(_ name: String) {
        entries.append("\(name) begins")
        usleep(10_000)
        entries.append("\(name) ends")
    }
}
