
extension ObservedValue {
    /// The bank's JSON for an expected value, read as an observed value; nil for objects and null.
    init?(_ json: JSONValue) {
        switch json {
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .bool(let value): self = .bool(value)
        case .string(let value): self = .string(value)
        case .array(let items):
            var values: [ObservedValue] = []
            for item in items {
                guard let value = ObservedValue(item) else { return nil }
                values.append(value)
            }
            self = .list(values)
        case .null, .object: return nil
        }
    }
}
