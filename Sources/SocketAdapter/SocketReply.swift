import Kiosk
import Persistence
import ConfigLoading
import Controls
import Formats

/// One reply line of the control socket. Successes carry `"ok": true`; failures are `ErrorReply`.
/// Encoded by `SocketWire` (keys sorted); the structs are Decodable too, so `thumbwheel ctl` and the
/// tests read replies with the same types the kiosk writes them with.
public protocol SocketReply: Encodable, Sendable {}

/// `{"error": …}`, with the located config errors when a `reload` is refused.
public struct ErrorReply: SocketReply, Codable, Equatable {
    public var error: String
    public var errors: [String]?

    public init(_ error: String, errors: [String]? = nil) { self.error = error; self.errors = errors }
}

/// `{"ok": true}` alone: the request was done and has nothing to report (`reload`).
public struct OKReply: SocketReply, Codable, Equatable {
    public var ok = true
    public init() {}
}

/// `set-var`: the variable's new value.
public struct VariableReply: SocketReply, Codable, Equatable {
    public var ok = true
    public var id: String
    public var value: JSON

    public init(id: String, value: JSON) { self.id = id; self.value = value }
}

/// `get` and `set`: the control's value (after `set`, the value it took).
public struct ValueReply: SocketReply, Codable, Equatable {
    public var ok = true
    public var id: String
    public var value: StoredValue

    public init(id: String, value: StoredValue) { self.id = id; self.value = value }
}

/// `list`: every control of the shown screen, the shown screen and all screens, and the variables
/// (`[{"id":…,"value":…|null,"stale":…}]`).
public struct ListReply: SocketReply, Encodable {
    public var ok = true
    public var controls: [ControlListing]
    public var screen: String
    public var screens: [String]
    public var variables: JSON

    public init(controls: [ControlListing], screen: String, screens: [String], variables: JSON = .array([])) {
        self.controls = controls; self.screen = screen; self.screens = screens; self.variables = variables
    }
}

/// One control in `list`: its id, kind and value, then what its kind describes about it (frame,
/// touch points, open state…), which differs from kind to kind and so stays `JSON`.
public struct ControlListing: Encodable, Sendable {
    public var id: String
    public var kind: String
    /// Nil for an element that holds no value (sent as `null`).
    public var value: StoredValue?
    public var details: [(String, JSON)]

    public init(id: String, kind: String, value: StoredValue?, details: [(String, JSON)]) {
        self.id = id; self.kind = kind; self.value = value; self.details = details
    }

    public func encode(to encoder: Encoder) throws {
        // One flat object, as the VM harness reads it: the fixed keys, then the kind's own.
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(id, forKey: JSONKey("id"))
        try c.encode(kind, forKey: JSONKey("kind"))
        try c.encode(value, forKey: JSONKey("value"))
        for (key, detail) in details where !["id", "kind", "value"].contains(key) {
            try c.encode(detail, forKey: JSONKey(key))
        }
    }
}

/// `screen`: the screen now shown.
public struct ScreenReply: SocketReply, Codable, Equatable {
    public var ok = true
    public var screen: String
    public init(screen: String) { self.screen = screen }
}

/// `subscribe`: events follow on this connection.
public struct SubscribeReply: SocketReply, Codable, Equatable {
    public var ok = true
    public var subscribed = true
    public init() {}
}

/// `screenshot`: the current frame as a PNG file, base64.
public struct ScreenshotReply: SocketReply, Codable, Equatable {
    public var ok = true
    public var width: Int
    public var height: Int
    public var png: String

    public init(width: Int, height: Int, png: String) { self.width = width; self.height = height; self.png = png }
}

/// `tap` and `drag`: how many touch frames were queued.
public struct QueuedReply: SocketReply, Codable, Equatable {
    public var ok = true
    public var queued: Int
    public init(queued: Int) { self.queued = queued }
}

/// `screen-power` and `brightness`: the screen's power now.
public struct ScreenPowerReply: SocketReply, Codable, Equatable {
    public var ok = true
    public var on: Bool
    public var brightness: Double
    public init(on: Bool, brightness: Double) { self.on = on; self.brightness = brightness }
}

/// `version`.
public struct VersionReply: SocketReply, Codable, Equatable {
    public var ok = true
    public var version: String
    public init(version: String) { self.version = version }
}

/// `stats`: event-loop wake-ups (an idle kiosk's do not grow), frames drawn, connected clients,
/// whether values are being saved, latency, and each adapter's own section (`mqtt` with `[mqtt]`).
public struct StatsReply: SocketReply, Codable, Equatable {
    public var ok = true
    public var wakeups: Int
    public var frames: Int
    public var clients: Int
    /// The state file: whether saves reach the disk.
    public var state: StateStats?
    /// How long touches and sets took to reach the panel over the last frames (see `LatencyStats`).
    public var latency: LatencyStats?
    /// Touches queued by `tap` and `drag`, not yet played.
    public var touches: TouchQueueStats?
    /// The adapters' sections by name (`KioskAdapter.statsSection`), each a top-level key.
    public var adapters: [(String, JSON)]

    public init(
        wakeups: Int, frames: Int, clients: Int, state: StateStats? = nil, latency: LatencyStats? = nil,
        touches: TouchQueueStats? = nil, adapters: [(String, JSON)] = []
    ) {
        self.wakeups = wakeups; self.frames = frames; self.clients = clients; self.state = state; self.latency = latency
        self.touches = touches; self.adapters = adapters
    }

    public static func == (a: StatsReply, b: StatsReply) -> Bool {
        a.wakeups == b.wakeups && a.frames == b.frames && a.clients == b.clients && a.state == b.state
            && a.latency == b.latency && a.touches == b.touches
            && a.adapters.map(\.0) == b.adapters.map(\.0) && a.adapters.map(\.1) == b.adapters.map(\.1)
    }

    /// The section of adapter `name` (`"mqtt"`), if it reported one.
    public func section(_ name: String) -> JSON? { adapters.first { $0.0 == name }?.1 }

    private static let fixedKeys: Set<String> = ["ok", "wakeups", "frames", "clients", "state", "latency", "touches"]

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(ok, forKey: JSONKey("ok"))
        try c.encode(wakeups, forKey: JSONKey("wakeups"))
        try c.encode(frames, forKey: JSONKey("frames"))
        try c.encode(clients, forKey: JSONKey("clients"))
        try c.encodeIfPresent(state, forKey: JSONKey("state"))
        try c.encodeIfPresent(latency, forKey: JSONKey("latency"))
        try c.encodeIfPresent(touches, forKey: JSONKey("touches"))
        for (name, section) in adapters where !StatsReply.fixedKeys.contains(name) {
            try c.encode(section, forKey: JSONKey(name))
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        wakeups = try c.decode(Int.self, forKey: JSONKey("wakeups"))
        frames = try c.decode(Int.self, forKey: JSONKey("frames"))
        clients = try c.decode(Int.self, forKey: JSONKey("clients"))
        state = try c.decodeIfPresent(StateStats.self, forKey: JSONKey("state"))
        latency = try c.decodeIfPresent(LatencyStats.self, forKey: JSONKey("latency"))
        touches = try c.decodeIfPresent(TouchQueueStats.self, forKey: JSONKey("touches"))
        adapters = try c.allKeys.filter { !StatsReply.fixedKeys.contains($0.stringValue) }.sorted {
            $0.stringValue < $1.stringValue
        }
        .map { ($0.stringValue, try c.decode(JSON.self, forKey: $0)) }
    }
}

/// What `thumbwheel ctl` needs to know of any reply: whether it is an error.
public struct ReplyStatus: Decodable, Sendable {
    public var ok: Bool?
    public var error: String?
}
