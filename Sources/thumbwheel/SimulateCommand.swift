import ArgumentParser
import CLISupport
import Core
import Display
import Kiosk
import Simulator

/// `thumbwheel simulate --config FILE [--scale N] [--size WxH] [--rotate DEG] [--dpi D] [--socket PATH]`:
/// the kiosk in a desktop window (SDL2, loaded at run time).
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run the kiosk in a desktop window: the mouse is the finger, saving the config reloads it.",
        discussion: """
            The same loop, controls, widgets and rasterizer as on the panel; the control socket, state file, hooks and MQTT \
            work as there. Left button: one finger. Ctrl+click: a finger that stays down (Ctrl+click it again, or right-click, \
            to lift), for two-handle sliders and two controls at once. Wheel: a short flick under the pointer. \
            S or F12: screenshot (thumbwheel-screenshot-N.png). T: touch targets (red: under 9 mm). F5: reload. Esc: quit.

            Saving the config, or an image or font it names, reloads it in place, keeping values; a config with errors \
            keeps the last good screen and shows the errors over it until it is fixed.
            Needs libSDL2 at run time (Debian: libsdl2-2.0-0); the kiosk itself never does.
            """)

    @Option(help: ArgumentHelp("The config file.", valueName: "FILE"), completion: .file(extensions: ["toml"]))
    var config: String

    @Option(help: ArgumentHelp("Window pixels per panel pixel (nearest neighbour, 1 to 8).", valueName: "N"))
    var scale = 1

    @Option(help: ArgumentHelp("The canvas size (default: the config's display size, as render draws it).", valueName: "WxH"))
    var size: SizeArgument?

    @Option(help: ArgumentHelp("Show the picture turned as a panel mounted this way receives it: 0, 90, 180 or 270.", valueName: "DEG"))
    var rotate = 0

    @Option(help: ArgumentHelp("This screen's dots per inch: show the panel at its physical size, in a bezel (overrides --scale).", valueName: "D"))
    var dpi: Double?

    @Option(help: ArgumentHelp("The bezel's width in millimetres, with --dpi.", valueName: "MM"))
    var bezel = 8.0

    @Option(help: ArgumentHelp("The control socket's path (default: the config's).", valueName: "PATH"), completion: .file())
    var socket: String?

    @Option(help: ArgumentHelp("Draw N full frames as fast as possible, log what each cost, and exit.", valueName: "N"))
    var bench: Int?

    func validate() throws {
        guard (1...8).contains(scale) else { throw ValidationError("--scale must be 1 to 8, found \(scale)") }
        guard DisplayRotation(rawValue: rotate) != nil else { throw ValidationError("--rotate must be 0, 90, 180 or 270, found \(rotate)") }
        if let dpi, !(20...2000).contains(dpi) { throw ValidationError("--dpi must be 20 to 2000, found \(dpi)") }
        guard (0...100).contains(bezel) else { throw ValidationError("--bezel must be 0 to 100 mm, found \(bezel)") }
        if let bench, bench < 1 { throw ValidationError("--bench must be at least 1, found \(bench)") }
    }

    func run() throws {
        try requireReadable(config, for: "simulate")
        var run = RunOptions(configPath: config)
        run.socketPath = socket
        run.panelDevices = false
        let app: KioskApp
        do { app = try KioskApp(options: run) } catch {
            for e in error.errors { CommandLineTool.printError(e.description) }
            CommandLineTool.printError("thumbwheel: simulate: \(config) is invalid (\(count(error.errors.count, "error")))")
            throw ExitCode.failure
        }
        var options = SimulatorOptions(configPath: config)
        options.scale = scale
        options.size = size?.pixelSize
        options.rotation = DisplayRotation(rawValue: rotate) ?? .deg0
        options.dpi = dpi
        options.bezelMM = bezel
        options.benchFrames = bench
        let simulator: Simulator
        do { simulator = try Simulator(options: options, config: app.config) } catch {
            CommandLineTool.printError(error.description)
            throw ExitCode.failure
        }
        let code = app.run(frontEnd: simulator)
        if code != 0 { throw ExitCode(code) }
    }
}
