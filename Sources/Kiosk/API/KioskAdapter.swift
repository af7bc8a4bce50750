import Persistence
import ConfigLoading
import Controls
import Core
import Formats
import Platform
import Widgets

/// The running kiosk as an adapter sees it: the command API, the loop to put its descriptors in, and
/// what it needs to publish the panel's state.
public protocol KioskAPI: AnyObject {
    /// Does `command` at once; `source` says who asked.
    func perform(_ command: KioskCommand, from source: CommandSource) -> Result<KioskResult, KioskCommandError>
    /// The kiosk's loop, for the adapter's own descriptors and timers.
    var eventLoop: EventLoop { get }
    /// The config the kiosk runs now.
    var config: KioskConfig { get }
    /// The kiosk runs with no panel (headless), so adapters are the only way to drive it.
    var isHeadless: Bool { get }
    /// How far the state file's saves have come.
    var saveProgress: SaveProgress { get }
    /// Whether `value` is what the state file holds for `id` now.
    func isSaved(_ id: String, _ value: StoredValue) -> Bool
    /// Every control's latest value on every screen, sorted by id.
    func currentValues() -> [(String, StoredValue)]
    /// The screen's power now (on or off, brightness).
    var screenPower: ScreenPower { get }
    /// Every variable that has a value.
    func variableValues() -> [(String, TemplateValue)]
    /// A change of element `id` made on the panel to one of `values` asks for a code on the number
    /// pad first (an alarm panel's, which its device checks); an empty list asks for none.
    func requireCode(for id: String, values: [StoredValue])
    /// The code typed for `id`'s change being delivered now, once: taken by the adapter that sends
    /// the change, gone after it (never logged, saved or told to other adapters).
    func takeCode(for id: String) -> String?
}

extension KioskAPI {
    public func requireCode(for id: String, values: [StoredValue]) {}
    public func takeCode(for id: String) -> String? { nil }
}

/// One way the outside world reaches the kiosk (the control socket, MQTT): started once the first
/// frame is drawn (or when a reloaded config first asks for it), told every `KioskEvent`, ticked on
/// every loop turn, stopped at shutdown. Adapters
/// only call `KioskAPI`; the kiosk knows none of them.
public protocol KioskAdapter: AnyObject {
    /// A name for the log and for `stats` (`statsSection`).
    var name: String { get }
    /// What it is connected to, for the kiosk's "ready" line (`socket /run/thumbwheel/control.sock`).
    var summary: String { get }
    /// Starts: opens its sockets and registers them in `kiosk.eventLoop`. A failure is logged by the
    /// adapter and the kiosk runs on without it.
    func start(_ kiosk: any KioskAPI, now: MonotonicTime)
    /// Hears of one event.
    func receive(_ event: KioskEvent, now: MonotonicTime)
    /// The config was reloaded (`kiosk.config` is the new one): follow what changed that the adapter
    /// can follow without a restart. Keys set from outside (`setProperty`) are gone: an adapter that
    /// set some sets them again.
    func reloaded(_ kiosk: any KioskAPI, now: MonotonicTime)
    /// Called on every loop turn, after the frame.
    func tick(now: MonotonicTime)
    /// The earliest moment the adapter needs the loop again, or nil.
    var nextDeadline: MonotonicTime? { get }
    /// Its figures for `stats` (a JSON object), or nil.
    var statsSection: JSON? { get }
    /// Closes everything it opened.
    func stop()
}

extension KioskAdapter {
    public func reloaded(_ kiosk: any KioskAPI, now: MonotonicTime) {}
    public func tick(now: MonotonicTime) {}
    public var nextDeadline: MonotonicTime? { nil }
    public var statsSection: JSON? { nil }
}

/// Makes the adapters for a config; the program that links them passes it to `KioskApp`.
public typealias KioskAdapterFactory = (KioskConfig, RunOptions) -> [any KioskAdapter]
