/// How the control came out.
package enum ControlResult: Sendable, Hashable, CustomStringConvertible {
    /// The expectation missed under the counterfactual, as it must: the claim could have failed.
    case failed(name: String, evidence: String)
    /// The expectation held under the counterfactual too: the check cannot tell right from wrong.
    case held(name: String, observed: String)
    /// No counterfactual exists.
    case none(why: String)

    /// `failed`, `held` or `none`: the word the quiz's JSON uses.
    package var word: String {
        switch self {
        case .failed: "failed"
        case .held: "held"
        case .none: "none"
        }
    }

    /// `control plainClass failed: drops = 100 …`.
    package var description: String {
        switch self {
        case .failed(let name, let evidence): "control \(name) failed it: \(evidence)"
        case .held(let name, let observed): "control \(name) held too (\(observed)): the check cannot fail"
        case .none(let why): "no control: \(why)"
        }
    }
}
