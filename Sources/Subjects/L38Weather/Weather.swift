/// One city's weather, as Open-Meteo answers it (lesson 38): the place, the temperature in °C, and the WMO weather
/// code. The network is not part of this package: every cache is handed a fetch that makes one.
public struct Weather: Hashable, Sendable {
    /// The place the answer is for, such as "Seattle".
    public let place: String
    /// The temperature, in degrees Celsius.
    public let temperature: Double
    /// The WMO weather code (0 is a clear sky).
    public let code: Int

    /// An answer, as a fetch makes it.
    public init(place: String, temperature: Double, code: Int) {
        self.place = place
        self.temperature = temperature
        self.code = code
    }
}
