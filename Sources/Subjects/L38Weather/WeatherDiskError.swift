/// Why a `WeatherDisk` could not be made or could not write, naming the path it was given.
public enum WeatherDiskError: Error, Equatable, CustomStringConvertible {
    /// The directory given to the disk does not exist, or is not a directory.
    case noSuchDirectory(String)
    /// The file exists but could not be read or decoded.
    case unreadable(path: String, reason: String)
    /// The file could not be written.
    case unwritable(path: String, reason: String)

    /// The error in plain words, with the path.
    public var description: String {
        switch self {
        case .noSuchDirectory(let path): "WeatherDisk: no such directory: \(path)"
        case .unreadable(let path, let reason): "WeatherDisk: cannot read \(path): \(reason)"
        case .unwritable(let path, let reason): "WeatherDisk: cannot write \(path): \(reason)"
        }
    }
}
