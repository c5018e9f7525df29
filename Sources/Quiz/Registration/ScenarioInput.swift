import Foundation
import ConcurrencyHarness

/// The arguments a scenario takes, as a struct the compiler checks: its stored properties are the parameters the bank
/// may name (`"arguments": {"bees": 100}`), and the registration's instance holds their defaults. A property is a
/// whole number, a string, or a shape — an enum of strings whose cases the bank names (`"shape": "slowly"`); the
/// loader refuses any other name, value or case, naming the entry and the field.
///
/// ```swift
/// struct Pours: ScenarioInput { var bees: Int; var shape: PourShape }
/// QuizScenario("jar.pourSlowly", observes: ["drops"], defaults: Pours(bees: 100, shape: .slowly)) { call in
///     ["drops": .int(try await pours(call.bees, call.shape))]
/// }
/// ```
public protocol ScenarioInput: Decodable, Sendable {}

/// What a scenario's shape is: an enum of strings (`PourShape.pour`, `.slowly`) the bank names by its cases.
public typealias ScenarioShape = RawRepresentable<String> & CaseIterable & Decodable & Sendable

/// The input of a scenario whose one argument is its shape: the lesson's, or a control's.
public struct Shaped<Shape: ScenarioShape>: ScenarioInput {
    /// The shape to run.
    public var shape: Shape

    /// The shape `shape` (the registration's: the default).
    public init(shape: Shape) {
        self.shape = shape
    }
}

/// The input of a scenario that takes no argument.
public struct NoInput: ScenarioInput {
    /// Nothing to give.
    public init() {}
}

/// One run of a scenario: its input, typed (`call.bees`, `call.shape`), and its pace.
@dynamicMemberLookup
public struct ScenarioCall<Input: ScenarioInput>: Sendable {
    /// The arguments: the bank's over the registration's defaults.
    public var input: Input
    /// The run's pace: virtual under seeds, real under strict and system, where a scenario may want wider margins.
    public var pace: Pace

    /// An argument of the input, by its property.
    public subscript<Value>(dynamicMember property: KeyPath<Input, Value>) -> Value {
        input[keyPath: property]
    }
}

extension QuizScenario {
    /// A scenario named `name` that reports `observes` and takes `Input`, whose values in `defaults` are the
    /// registration's.
    public init<Input: ScenarioInput>(_ name: String, observes: [String], defaults: Input, options: RunOptions = RunOptions(),
                                      file: String = #filePath, line: Int = #line,
                                      run: @escaping @Sendable (ScenarioCall<Input>) async throws -> Observation) {
        let (parameters, choices, types) = Self.parameters(of: defaults)
        self.init(name, observes: observes, parameters: parameters, choices: choices, options: options,
                  registeredAt: SourceLine(file: file, line: line)) { arguments in
            // The bank's arguments, already checked against `defaults` by the loader, as the JSON `Input` decodes.
            let object = arguments.values.mapValues { argument -> Any in
                switch argument {
                case .int(let number): number
                case .string(let text): text
                }
            }
            let input = try JSONDecoder().decode(Input.self, from: try JSONSerialization.data(withJSONObject: object))
            return try await run(ScenarioCall(input: input, pace: arguments.pace))
        }
        shapeTypes = types
    }

    /// A scenario whose one argument is its shape, `shape` by default.
    public init<Shape>(_ name: String, observes: [String], shape: Shape, options: RunOptions = RunOptions(),
                       file: String = #filePath, line: Int = #line,
                       run: @escaping @Sendable (ScenarioCall<Shaped<Shape>>) async throws -> Observation) {
        self.init(name, observes: observes, defaults: Shaped(shape: shape), options: options, file: file, line: line, run: run)
    }

    /// The parameters `defaults` names — its stored properties, with their values — and, for each shape, its cases and
    /// its type's name (`PourShape`; a nested type's as `Outer.Inner`).
    static func parameters(of defaults: some ScenarioInput)
        -> (parameters: [String: ScenarioArgument], choices: [String: [String]], types: [String: String])
    {
        func cases<Shape: RawRepresentable<String> & CaseIterable>(of shape: Shape) -> [String] { Shape.allCases.map(\.rawValue) }
        var parameters: [String: ScenarioArgument] = [:], choices: [String: [String]] = [:], types: [String: String] = [:]
        for child in Mirror(reflecting: defaults).children {
            guard let name = child.label else { continue }
            switch child.value {
            case let number as Int: parameters[name] = .int(number)
            case let text as String: parameters[name] = .string(text)
            case let shape as any RawRepresentable<String> & CaseIterable:
                parameters[name] = .string(shape.rawValue)
                choices[name] = cases(of: shape)
                // `ConcurrencyProofsScenarios.PourShape`: the module is not part of the name the source declares.
                types[name] = String(reflecting: type(of: shape)).split(separator: ".").dropFirst().joined(separator: ".")
            default: preconditionFailure("\(type(of: defaults)).\(name): a scenario's input holds whole numbers, strings and shapes")
            }
        }
        return (parameters, choices, types)
    }
}
