import ConfigLoading
import AssetFiles
import CLISupport
import Core
import HomeAssistantAdapter
import Kiosk
import Raster
import Widgets

/// `thumbwheel render --config FILE --out FILE.png [--size WxH] [--screen ID]`: draws a screen of the
/// config (its home screen unless `--screen` names another).
/// `thumbwheel render --contact-sheet FILE.png`: every control in its main states.
/// `thumbwheel render --icons DIR`: writes the built-in icons as PNG files.
/// `thumbwheel render --mdi-sheet FILE.png`: 48 icons of the Material Design Icons font at 24, 48 and
/// 96 px, on a dark and a light page.
struct RenderCommand {
    static let spec = CommandSpec(
        "render",
        abstract: "Draw a screen of the config (or every control, or the built-in icons) to PNG.",
        discussion: """
            The screen is drawn with every control at its config value, exactly as the kiosk's first frame: \
            elements bound to Home Assistant veiled and its values dimmed under the "not connected" banner, \
            as before the kiosk reaches HA. With --live the config's Home Assistant is asked once for its \
            states and the screen drawn with them (exit 3 when HA cannot be reached or refuses the token).
            """,
        usage: [
            "thumbwheel render --config <FILE> --out <FILE.png> [--size <WxH>] [--screen <ID>] [--live]",
            "thumbwheel render --contact-sheet <FILE.png>",
            "thumbwheel render --icons <DIR>",
            "thumbwheel render --mdi-sheet <FILE.png>",
        ],
        arguments: [
            .option("config", "FILE", "The config whose first screen is drawn.", completion: .file),
            .option("screen", "ID", "The screen to draw (default: the home screen, the kiosk's first)."),
            .option("out", "FILE.png", "The PNG file to write the screen to.", completion: .file),
            .option("size", "WxH", "The canvas size (default: the config's display size).", SizeArgument.value),
            .flag("live", "Fetch the states of the config's Home Assistant once and draw the screen with them."),
            .option(
                "token-file", "FILE", "The token for --live (default: the config's [homeassistant] token_file).",
                completion: .file),
            .option(
                "timeout", "SECONDS", "How long --live may take to connect and fetch.", .number,
                default: "10"),
            .option(
                "contact-sheet", "FILE.png", "Instead: write every control in its main states to this PNG file.",
                completion: .file),
            .option(
                "icons", "DIR", "Instead: write the built-in icons as 64x64 PNG files into this directory.",
                completion: .directory),
            .option(
                "mdi-sheet", "FILE.png",
                "Instead: write 48 Material Design Icons (the [icons] defaults) at 24, 48 and 96 px to this PNG file.",
                completion: .file),
        ]
    ) { a in try RenderCommand(a).run() }

    var config: String?
    var screen: String?
    var out: String?
    var size: SizeArgument?
    var contactSheet: String?
    var icons: String?
    var mdiSheet: String?
    var live: Bool
    var tokenFile: String?
    var timeout: Double

    init(_ a: ParsedArguments) throws {
        live = a.flag("live")
        tokenFile = a.string("token-file")
        timeout = a.string("timeout").flatMap(NumberText.parse) ?? 10
        if tokenFile != nil && !live { throw InvalidArguments("--token-file goes with --live") }
        guard timeout > 0, timeout <= 600 else { throw InvalidArguments("--timeout: expected 0 to 600 seconds") }
        config = a.string("config")
        screen = a.string("screen")
        out = a.string("out")
        size = a.string("size").flatMap(SizeArgument.init(argument:))
        contactSheet = a.string("contact-sheet")
        icons = a.string("icons")
        mdiSheet = a.string("mdi-sheet")
        let modes = [
            config != nil || out != nil || size != nil || screen != nil || live, contactSheet != nil, icons != nil,
            mdiSheet != nil,
        ]
        .filter { $0 }.count
        guard modes == 1 else {
            throw InvalidArguments("give --config and --out, or --contact-sheet, --icons or --mdi-sheet (one of them)")
        }
        if contactSheet == nil && icons == nil && mdiSheet == nil {
            guard config != nil else { throw InvalidArguments("missing --config FILE") }
            guard out != nil else { throw InvalidArguments("missing --out FILE.png") }
        }
        try size?.checkCanvas()
    }

    func run() throws {
        if let contactSheet { return try write(ContactSheet.render(faces: .open()), to: contactSheet) }
        if let mdiSheet { return try writeIconSheet(to: mdiSheet) }
        if let icons {
            for name in BuiltinIcons.names { try write(BuiltinIcons.draw(name, side: 64), to: "\(icons)/\(name).png") }
            return
        }
        guard let config, let out else { return }
        try requireReadable(config, for: "render")
        let loaded: KioskConfig
        do { loaded = try ConfigLoader.load(path: config) } catch {
            for e in error.errors { CommandLineTool.printError(e.description) }
            throw ExitStatus.failure
        }
        let canvas = size?.pixelSize ?? loaded.display.headlessSize
        let scale = PanelScale.of(config: loaded.display, canvasSize: canvas, physicalMM: nil)
        var index = loaded.homeIndex
        if let id = screen {
            guard let i = loaded.screens.firstIndex(where: { $0.id == id }) else {
                CommandLineTool.printError(
                    "thumbwheel: render: no screen \"\(id)\"; the screens are "
                        + loaded.screens.map(\.id).joined(separator: ", "))
                throw ExitStatus(2)
            }
            index = i
        }
        let panel = StillPanel(config: loaded, index: index, canvasSize: canvas, scale: scale)
        if live {
            guard let url = loaded.homeAssistant?.url else {
                throw InvalidArguments("--live: \(config) has no [homeassistant] section to fetch states from")
            }
            let snapshot = try CheckAgainst.fetch(
                url: url, tokenFile: tokenFile, config: loaded, timeout: timeout, services: false)
            StillStates.show(snapshot, on: panel)
        } else {
            StillStates.showNotConnected(on: panel)
        }
        try write(panel.render(), to: out)
    }

    private func writeIconSheet(to path: String) throws {
        let font: IconFont
        do { font = try IconConfig().loadFont() } catch {
            CommandLineTool.printError("thumbwheel: render: \(error) (install fonts-materialdesignicons-webfont)")
            throw ExitStatus.failure
        }
        try write(IconSheet.render(icons: font, faces: .open()), to: path)
    }

    private func write(_ bitmap: Bitmap, to path: String) throws {
        do { try PNGImage.write(bitmap, to: path) } catch {
            CommandLineTool.printError("thumbwheel: render: \(error)")
            throw ExitStatus.failure
        }
        print("wrote \(path) (\(bitmap.width)x\(bitmap.height))")
    }
}
