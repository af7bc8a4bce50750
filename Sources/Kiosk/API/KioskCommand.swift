import Persistence
import Controls
import Core
import Formats

/// What an adapter (the control socket, MQTT, the simulator) may ask of the running kiosk: the one
/// command API they all drive it through. Each command is done at once on the loop's thread and
/// answered with a `KioskResult` or a `KioskCommandError`.
public enum KioskCommand: Sendable {
    /// Every element of the shown screen, the screens and the variables.
    case list
    /// One control's value, on any screen.
    case get(id: String)
    /// Sets a control's value as a finger would (clamped, stepped), on any screen.
    case set(id: String, value: StoredValue)
    /// Presses a button as a tap would: its actions run and the press is told to every adapter.
    case press(id: String)
    /// Shows another screen of the config.
    case showScreen(id: String)
    /// Sets a declared variable (a number, or a string for a text variable).
    case setVariable(id: String, value: JSON)
    /// A touch down and up at a point (screen pixels), queued to play at its own pace.
    case tap(Point)
    /// A finger moving from one point to another over `duration` seconds in `steps` moves.
    case drag(from: Point, to: Point, duration: Double, steps: Int)
    /// Re-reads the config file, keeping values; an invalid file is refused with its errors.
    case reload
    /// The current frame as a PNG, made in memory.
    case screenshot
    /// Loop wake-ups, frames, the state file, latency, and each adapter's own figures.
    case stats
    /// The kiosk's version.
    case version
    /// Marks a control's device available or not: an unavailable control is drawn under a veil and
    /// takes no touch, so its value never reads as live (`ChangeOrigin.command(.device)` sets come
    /// from the same adapter). A declared variable's id marks the variable: text showing it is dimmed
    /// behind a broken-link marker, and elements reading it in a template or condition are veiled.
    case setAvailable(id: String, available: Bool)
    /// Changes one of an element's keys while it runs (`PropertyEdits.keys`: text, label, title,
    /// color, icon, hidden, enabled, min, max, decimals, unit, options), checked as the config would
    /// be; null puts back the config's. Kept until the config is reloaded; not saved.
    case setProperty(id: String, key: String, value: JSON)
    /// Shows a short note beside a control of the shown screen for `seconds` (why a change it made was
    /// refused by the device); a new note on the same control replaces it. Not kept across screens.
    case note(id: String, text: String, seconds: Double)
    /// Switches the screen on or off and sets its brightness (0…1) when awake; nil keeps each. Idle
    /// dimming and blanking still apply; a touch on a screen switched off wakes it.
    case screenPower(on: Bool?, brightness: Double?)
    /// How a link the panel's values come over stands (Home Assistant, the MQTT broker): while it is
    /// not live a banner says so on the panel, one line per link, gone when it is live again.
    case linkStatus(LinkStatus)
}

/// Who sent a command: the kiosk measures each one's latency apart, and answers a socket `set` only
/// once it is on disk (so its save starts at once, right after the frame that shows it).
public enum CommandSource: Sendable, Equatable {
    case socket, mqtt, frontEnd, other
    /// A device's own state (a bound topic or entity): the adapter that reads it does not send it back
    /// to the device as a command.
    case device
}

/// Where a value change came from, as adapters hear it (`KioskEvent.valueChanged`).
public enum ChangeOrigin: Sendable, Equatable {
    /// A finger on the panel (while it moves; its release too).
    case finger
    /// A command, and who sent it.
    case command(CommandSource)
    /// The kiosk itself: an action's preset, a saved value settled at start.
    case kiosk
}

/// A command's typed answer.
public enum KioskResult {
    case listing(KioskListing)
    /// A control's value (after `set`, the value it took).
    case value(id: String, value: StoredValue)
    /// A variable's value after `setVariable`.
    case variable(id: String, value: JSON)
    /// The screen now shown.
    case screen(id: String)
    /// How many touch frames a `tap` or `drag` queued.
    case queued(Int)
    /// The frame as a PNG file's bytes.
    case screenshot(width: Int, height: Int, png: [UInt8])
    case stats(KioskStats)
    case version(String)
    /// The screen's power after `screenPower`.
    case screenPower(ScreenPower)
    /// Done, nothing to report.
    case done
}

/// Why a command was refused, in words for the person who sent it; a refused `reload` carries the
/// config's located errors.
public struct KioskCommandError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public var errors: [String]
    public init(_ description: String, errors: [String] = []) { self.description = description; self.errors = errors }
}

/// `list`'s answer.
public struct KioskListing {
    /// One element of the shown screen: id, kind, value (nil: holds none) and what its kind says about
    /// it (frame, touch points, open state…).
    public struct Element {
        public var id: String
        public var kind: String
        public var value: StoredValue?
        public var details: [(String, JSON)]
    }
    public var elements: [Element]
    /// The shown screen's id, and every screen's.
    public var screen: String
    public var screens: [String]
    /// `[{"id":…,"value":…|null,"stale":…}]`.
    public var variables: JSON
}

/// Touches queued by `tap` and `drag` and not yet played, and how far ahead they may be queued (a client
/// that must know its touches have landed, the soak before its last check, waits for `queuedFrames` 0).
public struct TouchQueueStats: Codable, Equatable, Sendable {
    /// Frames (a press, each move, a release) still to play.
    public var queuedFrames: Int
    /// Seconds until the last of them plays.
    public var queuedSeconds: Double
    /// The most seconds of touches the queue takes ahead (a `tap` beyond it is refused).
    public var limitSeconds: Double

    public init(queuedFrames: Int, queuedSeconds: Double, limitSeconds: Double) {
        self.queuedFrames = queuedFrames; self.queuedSeconds = queuedSeconds; self.limitSeconds = limitSeconds
    }
}

/// `stats`' answer.
public struct KioskStats {
    public var wakeups: Int
    public var frames: Int
    public var state: StateStats
    public var latency: LatencyStats
    /// Touches queued by `tap` and `drag`, not yet played.
    public var touches: TouchQueueStats
    /// Each adapter's section (`KioskAdapter.statsSection`), by name.
    public var adapters: [(String, JSON)]
}
