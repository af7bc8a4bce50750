import CLinux
import ConfigLoading
import Core
import Display
import Glibc
import Platform

/// How `thumbwheel run` was asked to run.
public struct RunOptions: Sendable {
    public var configPath: String
    /// Overrides the config's backend choice (`--headless`).
    public var forceHeadless = false
    /// Overrides the config's `[socket] path` (the simulator's `--socket`).
    public var socketPath: String?
    /// Whether the kiosk reads evdev touch devices and drives the backlight. The simulator has
    /// neither: its mouse is the touch source, and a laptop's own backlight must not dim.
    public var panelDevices = true
    /// Whether a config that fails to load is shown on the panel and retried when its file is saved
    /// (`ConfigRecovery`). The simulator shows errors in its own overlay and watches files itself.
    public var showsConfigErrors = true
    public init(configPath: String) { self.configPath = configPath }
}

/// The kiosk as the command line starts it: a config that loaded, then a display, then the runtime
/// (`KioskRuntime`) that owns the loop until it stops.
public final class KioskApp {
    let options: RunOptions
    /// The config as loaded at start.
    public let config: KioskConfig
    /// Why `config` is not the file's own (`ConfigRecovery`), or nil.
    public let notice: ConfigNotice?

    /// Loads the config; invalid configs are reported by the caller (the simulator shows them).
    public init(options: RunOptions) throws(ConfigErrors) {
        self.options = options
        config = try ConfigLoader.load(path: options.configPath)
        notice = nil
    }

    /// Loads the config, or what runs in its place when it is invalid (`ConfigRecovery.start`): the
    /// kiosk then shows the errors on the panel and waits for a fixed file instead of exiting.
    public init(recovering options: RunOptions) {
        self.options = options
        let start = ConfigRecovery.start(path: options.configPath)
        config = start.config
        notice = start.notice
    }

    /// Runs until SIGTERM or SIGINT (exit code 0), or until a panel plugged in no longer offers the
    /// mode in use (1, so systemd restarts it for the new panel), reached through the adapters
    /// `adapters` makes for the config; returns the exit code.
    public func run(adapters: @escaping KioskAdapterFactory) -> Int32 {
        KioskApp.keepLargeAllocationsMapped()
        let signals = SignalSource()
        guard let presenter = Presenter.open(config, forceHeadless: options.forceHeadless, signals: signals) else {
            return 0
        }
        return KioskRuntime(
            options: options, config: config, signals: signals, presenter: presenter, notice: notice,
            makeAdapters: adapters
        ).run()
    }

    /// Runs on `frontEnd`'s display, with it as one more touch source, until SIGTERM or SIGINT or
    /// until the front end asks to stop; returns the exit code.
    public func run(frontEnd: any KioskFrontEnd, adapters: @escaping KioskAdapterFactory) -> Int32 {
        KioskApp.keepLargeAllocationsMapped()
        let signals = SignalSource()
        let presenter = Presenter(display: frontEnd.display, terminal: nil)
        Log.notice("display: \(frontEnd.display.summary)")
        let runtime = KioskRuntime(
            options: options, config: config, signals: signals, presenter: presenter, makeAdapters: adapters)
        runtime.frontEnd = frontEnd
        return runtime.run()
    }

    /// The size from which a block has a mapping of its own, given back to the system when freed.
    static let largeAllocationBytes: Int32 = 256 * 1024

    /// Makes every block from `largeAllocationBytes` up a mapping of its own, for good: screen-sized
    /// bitmaps made and freed while the kiosk runs (a page swipe's) then leave nothing behind. glibc
    /// otherwise raises that threshold past the first such block freed, and the next ones come from
    /// the heap, which grows in steps and does not shrink (the soaks' RSS).
    static func keepLargeAllocationsMapped() { _ = mallopt(M_MMAP_THRESHOLD, largeAllocationBytes) }
}
