/// One mistake in a config file. Its description is one line an integrator can act on:
/// `file:line:column: key: expected …, found …`.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation
    /// The dotted key path, e.g. `screens[0].controls[1].max`; empty for syntax errors.
    public var key: String
    public var message: String

    public init(file: String, location: SourceLocation, key: String, message: String) {
        self.file = file; self.location = location; self.key = key; self.message = message
    }

    public var description: String {
        let place = "\(file):\(location.line):\(location.column)"
        return key.isEmpty ? "\(place): \(message)" : "\(place): \(key): \(message)"
    }
}

/// All the mistakes found in one config file, in file order.
public struct ConfigErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [ConfigError]
    public init(_ errors: [ConfigError]) { self.errors = errors.sorted { ($0.location, $0.key) < ($1.location, $1.key) } }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
