/// A count with its noun, in the right number: `counted(1, "drop")` is "1 drop", `counted(2, "drop")`
/// "2 drops", `counted(3, "bee alone", "bees")` "3 bees". The one place every message in the package
/// gets its plurals from, and a ``Condition``'s miss may get its own from too:
///
///     Condition("exactly 20 drops") { $0 == 20 ? nil : "10 bees at once left \(counted($0, "drop"))" }   // "1 drop"
public func counted(_ count: some BinaryInteger, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
