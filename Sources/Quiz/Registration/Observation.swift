/// What one run of a scenario observed, by name: `["drops": .int(1)]`.
public typealias Observation = [String: ObservedValue]

extension Dictionary where Key == String, Value == ObservedValue {
    /// The stored properties of `outcome` that read as observed values (whole numbers, numbers, flags, strings,
    /// lists of them; an optional when it has a value), by their names: a scenario's outcome says what it observed
    /// by naming its properties as the bank names the values, and no one writes the dictionary by hand.
    public init(storedPropertiesOf outcome: Any) {
        self.init()
        for child in Mirror(reflecting: outcome).children {
            guard let name = child.label, let value = ObservedValue(reflecting: child.value) else { continue }
            self[name] = value
        }
    }
}

extension ObservedValue {
    /// `value` as an observed value, if it is one of the kinds the bank compares; nil otherwise (and for an empty
    /// optional).
    init?(reflecting value: Any) {
        switch value {
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .int(value)
        case let value as Double: self = .double(value)
        case let value as String: self = .string(value)
        case let values as [Any]:
            var list: [ObservedValue] = []
            for item in values {
                guard let one = ObservedValue(reflecting: item) else { return nil }
                list.append(one)
            }
            self = .list(list)
        default:
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value else { return nil }
            self.init(reflecting: wrapped)
        }
    }
}
