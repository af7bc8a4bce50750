import ConfigLoading
import Core
import Input
import Platform

/// What `thumbwheel-dev bench-latency` changes in a kiosk run: where touch devices are looked for and
/// how they are opened (a uinput device in /dev/input needs neither; a replay pipe needs both).
public struct BenchInput {
    /// The directory scanned and watched for `eventN` nodes.
    public var directory: String
    /// Opens a node found there; nil: the real `EvdevDevice`.
    public var opener: InputSourceOpener?

    public init(directory: String = "/dev/input", opener: InputSourceOpener? = nil) {
        self.directory = directory; self.opener = opener
    }
}

extension KioskApp {
    /// Runs this kiosk as `run()` does — same display choice, loop, input path and presenter — with
    /// its socket, state file and MQTT kept out of the way (`scratch` holds the first two), touch
    /// devices taken as `input` says, and `size` for a headless canvas. `started` runs once the
    /// loop is about to wait for the first time; `reportWait` replaces the config's `[input] report_wait`. Returns when a SIGTERM/SIGINT stops it, with the
    /// latency figures of the run.
    public func runForLatencyBench(
        size: PixelSize, scratch: String, input: BenchInput, forceHeadless: Bool,
        reportWait: InputConfig.ReportWait? = nil, adapters: [any KioskAdapter] = [], started: @escaping () -> Void
    ) -> (status: Int32, latency: LatencyStats) {
        var config = self.config
        config.display.headlessSize = size
        config.socket.path = scratch + "/control.sock"
        config.state.path = scratch + "/state.json"
        config.mqtt = nil
        if let reportWait { config.input.reportWait = reportWait }
        var options = self.options
        options.forceHeadless = forceHeadless
        let signals = SignalSource()
        guard let presenter = Presenter.open(config, forceHeadless: forceHeadless, signals: signals) else {
            return (0, LatencyStats(frames: 0))
        }
        let runtime = KioskRuntime(
            options: options, config: config, signals: signals, presenter: presenter,
            makeAdapters: { _, _ in adapters })
        runtime.benchInput = input
        runtime.onFirstWait = started
        let status = runtime.run()
        return (status, presenter.latency.stats)
    }
}
