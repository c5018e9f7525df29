// Architecture seed: a default argument that calls a main-actor initializer, in a @MainActor function.

@MainActor
final class StubPaymentGateway {
    let isReady: Bool

    init(isReady: Bool) {
        self.isReady = isReady
    }
}

@MainActor
final class CheckoutViewModel {
    let gateway: StubPaymentGateway

    init(gateway: StubPaymentGateway) {
        self.gateway = gateway
    }
}

@MainActor
private func makeModel(
    gateway: StubPaymentGateway = StubPaymentGateway(isReady: true)
) -> CheckoutViewModel {
    CheckoutViewModel(gateway: gateway)
}
