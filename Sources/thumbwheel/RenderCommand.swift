import ArgumentParser
import CLISupport
import Core
import Kiosk
import Raster
import Widgets

/// `thumbwheel render --config FILE --out FILE.png [--size WxH] [--screen ID]`: draws a screen of the
/// config (its home screen unless `--screen` names another).
/// `thumbwheel render --contact-sheet FILE.png`: every control in its main states.
/// `thumbwheel render --icons DIR`: writes the built-in icons as PNG files.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a screen of the config (or every control, or the built-in icons) to PNG.",
        usage: """
            thumbwheel render --config <FILE> --out <FILE.png> [--size <WxH>] [--screen <ID>]
            thumbwheel render --contact-sheet <FILE.png>
            thumbwheel render --icons <DIR>
            """,
        discussion: "The screen is drawn with every control at its config value, exactly as the kiosk's first frame.")

    @Option(help: ArgumentHelp("The config whose first screen is drawn.", valueName: "FILE"), completion: .file(extensions: ["toml"]))
    var config: String?

    @Option(help: ArgumentHelp("The screen to draw (default: the home screen, the kiosk's first).", valueName: "ID"))
    var screen: String?

    @Option(help: ArgumentHelp("The PNG file to write the screen to.", valueName: "FILE.png"), completion: .file(extensions: ["png"]))
    var out: String?

    @Option(help: ArgumentHelp("The canvas size (default: the config's display size).", valueName: "WxH"))
    var size: SizeArgument?

    @Option(help: ArgumentHelp("Instead: write every control in its main states to this PNG file.", valueName: "FILE.png"),
            completion: .file(extensions: ["png"]))
    var contactSheet: String?

    @Option(help: ArgumentHelp("Instead: write the built-in icons as 64x64 PNG files into this directory.", valueName: "DIR"),
            completion: .directory)
    var icons: String?

    func validate() throws {
        let modes = [config != nil || out != nil || size != nil || screen != nil, contactSheet != nil, icons != nil].filter { $0 }.count
        guard modes == 1 else { throw ValidationError("give --config and --out, or --contact-sheet, or --icons (one of them)") }
        if contactSheet == nil && icons == nil {
            guard config != nil else { throw ValidationError("missing --config FILE") }
            guard out != nil else { throw ValidationError("missing --out FILE.png") }
        }
    }

    func run() throws {
        if let contactSheet { return try write(ContactSheet.render(), to: contactSheet) }
        if let icons {
            for name in BuiltinIcons.names { try write(BuiltinIcons.draw(name, side: 64), to: "\(icons)/\(name).png") }
            return
        }
        guard let config, let out else { return }
        try requireReadable(config, for: "render")
        let loaded: KioskConfig
        do { loaded = try ConfigLoader.load(path: config) } catch {
            for e in error.errors { CommandLineTool.printError(e.description) }
            throw ExitCode.failure
        }
        let canvas = size?.pixelSize ?? loaded.display.headlessSize
        let scale = KioskScreen.scale(config: loaded.display, canvasSize: canvas, physicalMM: nil)
        var index = loaded.homeIndex
        if let id = screen {
            guard let i = loaded.screens.firstIndex(where: { $0.id == id }) else {
                CommandLineTool.printError("thumbwheel: render: no screen \"\(id)\"; the screens are " + loaded.screens.map(\.id).joined(separator: ", "))
                throw ExitCode(2)
            }
            index = i
        }
        let shown = KioskScreen(config: loaded, index: index, canvasSize: canvas, scale: scale, time: 0)
        let bitmap = Bitmap(width: canvas.width, height: canvas.height, format: .xrgb8888)
        _ = shown.render(into: bitmap.canvas, full: true, time: 0)
        try write(bitmap, to: out)
    }

    private func write(_ bitmap: Bitmap, to path: String) throws {
        do { try PNGImage.write(bitmap, to: path) } catch {
            CommandLineTool.printError("thumbwheel: render: \(error)")
            throw ExitCode.failure
        }
        print("wrote \(path) (\(bitmap.width)x\(bitmap.height))")
    }
}
