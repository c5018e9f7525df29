/// A count with its noun, in the right number: `counted(1, "drop")` is "1 drop", `counted(2, "drop")`
/// "2 drops", `counted(3, "bee alone", "bees")` "3 bees". The one place every message in the package
/// gets its plurals from.
package func counted(_ count: some BinaryInteger, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
