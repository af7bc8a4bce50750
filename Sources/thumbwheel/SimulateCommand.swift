import ConfigLoading
import CLISupport
import Core
import Display
import Kiosk
import Simulator

/// `thumbwheel simulate --config FILE [--scale N] [--size WxH] [--rotate DEG] [--dpi D] [--socket PATH]`:
/// the kiosk in a desktop window (SDL2, loaded at run time).
struct SimulateCommand {
    static let spec = CommandSpec(
        "simulate",
        abstract: "Run the kiosk in a desktop window: the mouse is the finger, saving the config reloads it.",
        discussion: """
            The same loop, controls, widgets and rasterizer as on the panel; the control socket, state file, hooks and MQTT \
            work as there. Left button: one finger. Ctrl+click: a finger that stays down (Ctrl+click it again, or right-click, \
            to lift), for two-handle sliders and two controls at once. Wheel: a short flick under the pointer. \
            S or F12: screenshot (thumbwheel-screenshot-N.png). T: touch targets (red: under 9 mm). F5: reload. Esc: quit.
            Saving the config, or an image or font it names, reloads it in place, keeping values; a config with errors \
            keeps the last good screen and shows the errors over it until it is fixed.
            Needs libSDL2 at run time (Debian: libsdl2-2.0-0); the kiosk itself never does.
            """,
        arguments: [
            .option("config", "FILE", "The config file.", required: true, completion: .file),
            .option("scale", "N", "Window pixels per panel pixel (nearest neighbour, 1 to 8).", .integer, default: "1"),
            .option(
                "size", "WxH", "The canvas size (default: the config's display size, as render draws it).",
                SizeArgument.value),
            .option(
                "rotate", "DEG", "Show the picture turned as a panel mounted this way receives it: 0, 90, 180 or 270.",
                .integer, default: "0"),
            .option(
                "dpi", "D",
                "This screen's dots per inch: show the panel at its physical size, in a bezel (overrides --scale).",
                .number),
            .option("bezel", "MM", "The bezel's width in millimetres, with --dpi.", .number, default: "8.0"),
            .option("socket", "PATH", "The control socket's path (default: the config's).", completion: .file),
            .option("bench", "N", "Draw N full frames as fast as possible, log what each cost, and exit.", .integer),
        ]
    ) { a in try SimulateCommand(a).run() }

    var config: String
    var scale: Int
    var size: SizeArgument?
    var rotate: Int
    var dpi: Double?
    var bezel: Double
    var socket: String?
    var bench: Int?

    init(_ a: ParsedArguments) throws {
        config = a.string("config")!
        scale = a.int("scale")!
        size = a.string("size").flatMap(SizeArgument.init(argument:))
        rotate = a.int("rotate")!
        dpi = a.double("dpi")
        bezel = a.double("bezel")!
        socket = a.string("socket")
        bench = a.int("bench")
        guard (1...8).contains(scale) else { throw InvalidArguments("--scale must be 1 to 8, found \(scale)") }
        guard DisplayRotation(rawValue: rotate) != nil else {
            throw InvalidArguments("--rotate must be 0, 90, 180 or 270, found \(rotate)")
        }
        if let dpi, !(20...2000).contains(dpi) { throw InvalidArguments("--dpi must be 20 to 2000, found \(dpi)") }
        guard (0...100).contains(bezel) else { throw InvalidArguments("--bezel must be 0 to 100 mm, found \(bezel)") }
        if let bench, bench < 1 { throw InvalidArguments("--bench must be at least 1, found \(bench)") }
        try size?.checkCanvas()
    }

    func run() throws {
        try requireReadable(config, for: "simulate")
        var run = RunOptions(configPath: config)
        run.socketPath = socket
        run.panelDevices = false
        run.showsConfigErrors = false
        let app: KioskApp
        do { app = try KioskApp(options: run) } catch {
            for e in error.errors { CommandLineTool.printError(e.description) }
            CommandLineTool.printError(
                "thumbwheel: simulate: \(config) is invalid (\(count(error.errors.count, "error")))")
            throw ExitStatus.failure
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
            throw ExitStatus.failure
        }
        let code = app.run(frontEnd: simulator, adapters: Adapters.make)
        if code != 0 { throw ExitStatus(code) }
    }
}
