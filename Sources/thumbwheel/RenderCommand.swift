import ConfigLoading
import AssetFiles
import CLISupport
import Core
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
        discussion: "The screen is drawn with every control at its config value, exactly as the kiosk's first frame.",
        usage: [
            "thumbwheel render --config <FILE> --out <FILE.png> [--size <WxH>] [--screen <ID>]",
            "thumbwheel render --contact-sheet <FILE.png>",
            "thumbwheel render --icons <DIR>",
            "thumbwheel render --mdi-sheet <FILE.png>",
        ],
        arguments: [
            .option("config", "FILE", "The config whose first screen is drawn.", completion: .file),
            .option("screen", "ID", "The screen to draw (default: the home screen, the kiosk's first)."),
            .option("out", "FILE.png", "The PNG file to write the screen to.", completion: .file),
            .option("size", "WxH", "The canvas size (default: the config's display size).", SizeArgument.value),
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

    init(_ a: ParsedArguments) throws {
        config = a.string("config")
        screen = a.string("screen")
        out = a.string("out")
        size = a.string("size").flatMap(SizeArgument.init(argument:))
        contactSheet = a.string("contact-sheet")
        icons = a.string("icons")
        mdiSheet = a.string("mdi-sheet")
        let modes = [
            config != nil || out != nil || size != nil || screen != nil, contactSheet != nil, icons != nil,
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
        let shown = KioskScreen(config: loaded, index: index, canvasSize: canvas, scale: scale, time: 0)
        let bitmap = Bitmap(width: canvas.width, height: canvas.height, format: .xrgb8888)
        _ = shown.render(into: bitmap.canvas, full: true, time: 0)
        try write(bitmap, to: out)
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
