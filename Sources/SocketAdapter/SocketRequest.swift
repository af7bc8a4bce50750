import Kiosk
import ConfigLoading
import Controls
import Formats

/// One request line of the control socket (docs/socket.md): a JSON object whose `"cmd"`
/// names the request. Decoding checks every field's presence and type, so the kiosk only ever sees
/// whole, well-typed requests; `thumbwheel ctl` encodes the same type, so both ends share one
/// definition of the wire format.
public enum SocketRequest: Codable, Equatable, Sendable {
    /// Every control on the screen with its value and geometry.
    case list
    /// One control's value.
    case get(id: String)
    /// Sets a control's value as a finger would (clamped, stepped).
    case set(id: String, value: StoredValue)
    /// Sets a declared `[[variables]]` value (a number, or a string for a text variable) that labels
    /// and readouts show; the kiosk checks its type.
    case setVariable(id: String, value: JSON)
    /// Shows another screen of the config.
    case screen(id: String)
    /// From now on, one line per control event on this connection.
    case subscribe
    /// The current frame as a base64 PNG.
    case screenshot
    /// Re-reads the config file.
    case reload
    /// A touch down and up at a point (screen pixels).
    case tap(x: Double, y: Double)
    /// A finger moving from one point to another over `durationMS` (default 300) in `steps` moves (default 10).
    case drag(from: SocketPoint, to: SocketPoint, durationMS: Double? = nil, steps: Int? = nil)
    /// The kiosk's version.
    case version
    /// Loop wake-ups, frames drawn and connected clients.
    case stats
    /// Changes one of an element's keys while it runs (text, label, title, color, icon, hidden,
    /// enabled, min, max, decimals, unit, options); null puts back the config's.
    case prop(id: String, key: String, value: JSON)
    /// Switches the screen on or off (`"on": true|false`).
    case screenPower(on: Bool)
    /// Sets the screen's brightness when awake, 0…1.
    case brightness(Double)

    /// The `"cmd"` names, in the order error messages list them.
    public static let commands = [
        "get", "set", "set-var", "list", "screen", "subscribe", "screenshot", "reload", "tap", "drag", "stats",
        "version", "prop", "screen-power", "brightness",
    ]

    /// This request's `"cmd"`.
    public var command: String {
        switch self {
        case .list: return "list"
        case .get: return "get"
        case .set: return "set"
        case .setVariable: return "set-var"
        case .screen: return "screen"
        case .subscribe: return "subscribe"
        case .screenshot: return "screenshot"
        case .reload: return "reload"
        case .tap: return "tap"
        case .drag: return "drag"
        case .version: return "version"
        case .stats: return "stats"
        case .prop: return "prop"
        case .screenPower: return "screen-power"
        case .brightness: return "brightness"
        }
    }

    enum CodingKeys: String, CodingKey {
        case cmd, id, key, value, on, x, y, from, to, steps
        case durationMS = "duration_ms"
    }

    public init(from decoder: Decoder) throws {
        guard let c = try? decoder.container(keyedBy: CodingKeys.self) else { throw SocketRequestError.notAnObject }
        let choices = SocketRequest.commands.joined(separator: ", ")
        guard c.contains(.cmd) else { throw SocketRequestError("missing \"cmd\": one of \(choices)") }
        guard let cmd = try? c.decode(String.self, forKey: .cmd) else {
            throw SocketRequestError("\"cmd\" must be a string: one of \(choices)")
        }
        let fields = Fields(container: c, cmd: cmd)
        let idText = "a control id (a string)"
        switch cmd {
        case "list": self = .list
        case "get": self = .get(id: try fields.required(.id, idText))
        case "set":
            self = .set(
                id: try fields.required(.id, idText),
                value: try fields.required(.value, "a number (or [a, b] for a range-slider)"))
        case "set-var":
            self = .setVariable(
                id: try fields.required(.id, "a variable id (a string)"),
                value: try fields.required(.value, "a number or a string"))
        case "screen": self = .screen(id: try fields.required(.id, "a screen id (a string)"))
        case "subscribe": self = .subscribe
        case "screenshot": self = .screenshot
        case "reload": self = .reload
        case "tap": self = .tap(x: try fields.required(.x, "a number"), y: try fields.required(.y, "a number"))
        case "drag":
            self = .drag(
                from: try fields.required(.from, "[x, y]"), to: try fields.required(.to, "[x, y]"),
                durationMS: try fields.optional(.durationMS, "a number of milliseconds"),
                steps: try fields.optional(.steps, "a whole number"))
        case "version": self = .version
        case "stats": self = .stats
        case "prop":
            self = .prop(
                id: try fields.required(.id, idText), key: try fields.required(.key, "an element key (a string)"),
                value: try fields.required(.value, "the key's new value (null: the config's)"))
        case "screen-power": self = .screenPower(on: try fields.required(.on, "true or false"))
        case "brightness": self = .brightness(try fields.required(.value, "a number from 0 to 1"))
        default: throw SocketRequestError("unknown cmd \"\(cmd)\": expected \(choices)")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(command, forKey: .cmd)
        switch self {
        case .list, .subscribe, .screenshot, .reload, .version, .stats: break
        case .get(let id), .screen(let id): try c.encode(id, forKey: .id)
        case .set(let id, let value): try c.encode(id, forKey: .id); try c.encode(value, forKey: .value)
        case .setVariable(let id, let value): try c.encode(id, forKey: .id); try c.encode(value, forKey: .value)
        case .prop(let id, let key, let value):
            try c.encode(id, forKey: .id); try c.encode(key, forKey: .key); try c.encode(value, forKey: .value)
        case .screenPower(let on): try c.encode(on, forKey: .on)
        case .brightness(let value): try c.encode(value, forKey: .value)
        case .tap(let x, let y): try c.encode(x, forKey: .x); try c.encode(y, forKey: .y)
        case .drag(let from, let to, let duration, let steps):
            try c.encode(from, forKey: .from); try c.encode(to, forKey: .to)
            try c.encodeIfPresent(duration, forKey: .durationMS); try c.encodeIfPresent(steps, forKey: .steps)
        }
    }

    /// Decodes one request line (without its newline). Every failure comes back as the one-line
    /// message the error reply carries.
    public static func decode(line: some Collection<UInt8>) -> Result<SocketRequest, SocketRequestError> {
        guard line.count <= ControlSocket.maxMessageBytes else { return .failure(.tooLong) }
        do { return .success(try JSONCoding.decode(SocketRequest.self, from: line)) } catch let error
            as SocketRequestError
        {
            return .failure(error)
        } catch {
            // Not JSON at all (the decoder's own error names a byte offset nobody needs).
            return .failure(.notAnObject)
        }
    }

    /// A request's fields, read with errors that name the command and the field.
    private struct Fields {
        let container: KeyedDecodingContainer<CodingKeys>
        let cmd: String

        func required<T: Decodable>(_ key: CodingKeys, _ what: String) throws -> T {
            guard container.contains(key) else {
                throw SocketRequestError("\(cmd) needs \"\(key.stringValue)\": \(what)")
            }
            return try value(key, what)
        }

        func optional<T: Decodable>(_ key: CodingKeys, _ what: String) throws -> T? {
            container.contains(key) ? try value(key, what) : nil
        }

        private func value<T: Decodable>(_ key: CodingKeys, _ what: String) throws -> T {
            do { return try container.decode(T.self, forKey: key) } catch {
                throw SocketRequestError("\(cmd): \"\(key.stringValue)\" must be \(what)")
            }
        }
    }
}

/// A point on the wire: `[x, y]` in screen pixels.
public struct SocketPoint: Codable, Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    public init(from decoder: Decoder) throws {
        let pair = try decoder.singleValueContainer().decode([Double].self)
        guard pair.count == 2 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected [x, y]"))
        }
        x = pair[0]; y = pair[1]
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode([x, y])
    }
}

/// Why a request line was refused: the text of its `{"error": …}` reply.
public struct SocketRequestError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(_ message: String) { self.message = message }

    /// The line is not a JSON object.
    public static let notAnObject = SocketRequestError("expected one JSON object per line, such as {\"cmd\":\"list\"}")
    /// The line is longer than `ControlSocket.maxMessageBytes`.
    public static let tooLong = SocketRequestError(
        "message longer than \(ControlSocket.maxMessageBytes) bytes; refused")
}
