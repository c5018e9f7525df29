/// An environment variable the harness cannot use, with what it expected instead.
package struct SettingsError: Error, Equatable, CustomStringConvertible {
    /// The variable's name, e.g. `HARNESS_SEED`.
    package var variable: String
    /// Its value as given.
    package var value: String
    /// What would have been understood.
    package var expected: String

    /// `HARNESS_SEED="0xZZ" is not understood: expected one seed, like 0x2a or 42`.
    package var description: String {
        "\(variable)=\"\(value)\" is not understood: expected \(expected)"
    }
}
