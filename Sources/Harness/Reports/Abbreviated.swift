/// `value` as a report line shows it: whole when it is short, else its first `limit` characters, an ellipsis
/// and how much was left out — `[1, 2, 3, … (100 elements, 394 characters)]`-style, so a 100-element array
/// outcome does not make a line of several kilobytes. The one place reports bound what they print of a value.
/// A `Duration` reads as `127 µs`, not as `0.000126618 seconds`.
package func abbreviated(_ value: Any, limit: Int = 120) -> String {
    let text = described(value)
    guard text.count > limit else { return text }
    let size = if let collection = value as? any Collection {
        "\(counted(collection.count, "element")), \(counted(text.count, "character"))"
    } else {
        counted(text.count, "character")
    }
    return "\(text.prefix(limit))… (\(size) in all)"
}

/// `value` in words, whole: `"\(value)"`, but a `Duration` as `127 µs` (`HarnessFailure.format`), not as
/// `0.000126618 seconds`.
package func described(_ value: Any) -> String {
    (value as? Duration).map(HarnessFailure.format) ?? "\(value)"
}
