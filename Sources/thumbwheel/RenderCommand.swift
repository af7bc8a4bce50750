import Core
import Glibc
import Kiosk
import Raster
import Widgets

/// `thumbwheel render --config FILE --out FILE.png [--size WxH]`: draws the config's first screen.
/// `thumbwheel render --contact-sheet FILE.png`: every control in its main states.
/// `thumbwheel render --icons DIR`: writes the built-in icons as PNG files.
enum RenderCommand {
    static func run(_ args: [String]) -> Int32 {
        if args.count == 2, args[0] == "--contact-sheet" { return write(ContactSheet.render(), to: args[1]) }
        if args.count == 2, args[0] == "--icons" {
            for name in BuiltinIcons.names where write(BuiltinIcons.draw(name, side: 64), to: "\(args[1])/\(name).png") != 0 { return 1 }
            return 0
        }
        var configPath: String?, outPath: String?, sizeText: String?
        var i = 0
        while i < args.count {
            let flag = args[i]
            guard ["--config", "--out", "--size"].contains(flag) else { return CLI.fail("render: unknown option \(flag)") }
            guard i + 1 < args.count else { return CLI.fail("render: \(flag) needs a value") }
            switch flag {
            case "--config": configPath = args[i + 1]
            case "--out": outPath = args[i + 1]
            default: sizeText = args[i + 1]
            }
            i += 2
        }
        guard let configPath, let outPath else {
            return CLI.fail("usage: thumbwheel render --config FILE --out FILE.png [--size WxH] | --contact-sheet FILE.png | --icons DIR")
        }
        guard access(configPath, R_OK) == 0 else { return CLI.fail("render: cannot read \(configPath): \(String(cString: strerror(errno)))") }
        let config: KioskConfig
        do { config = try ConfigLoader.load(path: configPath) } catch {
            for e in error.errors { CLI.printError(e.description) }
            return 1
        }
        var size = config.display.headlessSize
        if let sizeText {
            do { size = try PixelSize.parse(sizeText) } catch { return CLI.fail("render: --size: \(error)") }
        }
        let scale = KioskScreen.scale(config: config.display, canvasSize: size, physicalMM: nil)
        let screen = KioskScreen(config: config, index: 0, canvasSize: size, scale: scale, time: 0)
        let bitmap = Bitmap(width: size.width, height: size.height, format: .xrgb8888)
        _ = screen.render(into: bitmap.canvas, full: true, time: 0)
        return write(bitmap, to: outPath)
    }

    static func write(_ bitmap: Bitmap, to path: String) -> Int32 {
        do { try PNGImage.write(bitmap, to: path) } catch { return CLI.fail("render: \(error)", code: 1) }
        print("wrote \(path) (\(bitmap.width)x\(bitmap.height))")
        return 0
    }
}
