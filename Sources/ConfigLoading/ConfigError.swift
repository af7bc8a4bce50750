import Formats

/// One mistake in a config file. Its description is one line an integrator can act on:
/// `file:line:column: key: expected …, found …`.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation
    /// The dotted key path, array entries with an id named by it (`screens[id=main].controls[id=pump].max`,
    /// `SourceLocator.name`); empty for syntax errors.
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
    public init(_ errors: [ConfigError]) {
        self.errors = errors.sorted { ($0.location, $0.key) < ($1.location, $1.key) }
    }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Something a valid config allows but its author probably does not want (a control too small for a
/// finger, two controls on top of each other, one off the screen). Placed like an error; its line is
/// the error's with `warning: ` in front. `check-config` prints them and still exits 0.
public struct ConfigWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where, which key, and what: the same parts as an error.
    public var place: ConfigError

    public init(file: String, location: SourceLocation, key: String, message: String) {
        place = ConfigError(file: file, location: location, key: key, message: message)
    }

    public var description: String { "warning: \(place)" }
}
