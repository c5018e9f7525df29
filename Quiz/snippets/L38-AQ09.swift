import Observation

@Observable
actor WeatherCache {
    var count = 0
}
