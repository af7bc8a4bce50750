import AssetFiles
import ConfigModel
import Glibc
import Platform
import Raster
import Widgets

/// `[icons]`: the icon font `mdi:NAME` icons are drawn from, and the style sheet its names are read
/// from. Both default to Material Design Icons 7 where the package installs it (`installed`), which has
/// the names Home Assistant uses; else to Debian's `fonts-materialdesignicons-webfont` (1.6).
public struct IconConfig: Sendable {
    /// The folders, in order, the default MDI 7 files are looked for in: the package's, then a local
    /// install's. Each holds `materialdesignicons7-webfont.ttf` (named apart from Debian's 1.6 file) and
    /// `materialdesignicons.css`, as scripts/mdi7 writes them.
    public static let installed = ["/usr/share/thumbwheel/mdi7", "/usr/local/share/thumbwheel/mdi7"]
    /// The font's file name in such a folder.
    public static let fontFile = "materialdesignicons7-webfont.ttf"
    /// The name list's file name in such a folder.
    public static let namesFile = "materialdesignicons.css"
    /// Debian's files: the fallback.
    public static let debianFont =
        "/usr/share/fonts/truetype/materialdesignicons-webfont/materialdesignicons-webfont.ttf"
    public static let debianNames = "/usr/share/fonts-materialdesignicons-webfont/css/materialdesignicons.css"
    /// The most a name list may hold: a whole release's CSS is well under it.
    static let namesLimit = 16 << 20

    /// The TrueType icon font (resolved).
    public var fontPath = IconConfig.debianFont
    /// Its style sheet (resolved).
    public var namesPath = IconConfig.debianNames
    /// The names read from `namesPath`; empty when the config names no `mdi:` icon (then neither file
    /// is read).
    public var names = IconNames()

    /// The files of the first of `folders` that holds both, else Debian's; nothing read yet.
    public init(searching folders: [String] = IconConfig.installed) {
        for folder in folders {
            let font = folder + "/" + IconConfig.fontFile, names = folder + "/" + IconConfig.namesFile
            if access(font, R_OK) == 0 && access(names, R_OK) == 0 {
                (fontPath, namesPath) = (font, names)
                return
            }
        }
    }

    /// Whether the config draws icons from the font.
    public var isUsed: Bool { !names.scalars.isEmpty }

    /// The font opened for drawing (FreeType's `FontError` when it cannot be).
    public func openFont() throws -> IconFont { IconFont(face: try FontFace(path: fontPath), names: names) }

    /// The font and its names read from the files, for tools that draw icons without a config (the
    /// contact sheet); a `FileIO.Failure` or `FontError` for a file that cannot be used.
    public func loadFont() throws -> IconFont {
        guard let bytes = FileIO.read(namesPath, limit: IconConfig.namesLimit) else {
            throw FileIO.Failure(action: "read", path: namesPath, code: errno)
        }
        var loaded = self
        loaded.names = IconNames(css: String(decoding: bytes, as: UTF8.self))
        return try loaded.openFont()
    }
}

/// How the config's icon files turned out, read once: when `[icons]` names them, or on the first
/// `mdi:` name.
enum IconLoad {
    case notYet
    case loaded
    /// Which file (`names` or `font`) cannot be used, and why.
    case failed(key: String, detail: String)
    /// Reported: the other names are not checked (one error says what to install or set).
    case reported
}

extension ConfigBuilder {
    /// `[icons]`: where the font and its names are. Files the section names are checked at once, at
    /// their keys; the default files only when a name is used.
    mutating func iconFiles(_ t: ConfigTable?) {
        guard let t else { return }
        icons.fontPath = t.string("font").map(resolved) ?? icons.fontPath
        icons.namesPath = t.string("names").map(resolved) ?? icons.namesPath
        guard t.string("font") != nil || t.string("names") != nil else { return }
        iconLoad = loadIcons()
        guard case .failed(let key, let detail) = iconLoad else { return }
        let what = key == "names" ? "a style sheet of icon names (materialdesignicons.css)" : "a TrueType icon font"
        let path = key == "names" ? icons.namesPath : icons.fontPath
        if let written = t.string(key) {
            fail(t, key, "expected \(what), found " + ConfigBuilder.found(written, path, detail))
        } else {
            // The other file was written and this one is the default: said at the written key.
            let other = key == "names" ? "font" : "names"
            fail(t, other, "expected \(key) too when the default \(path) cannot be used (\(detail))")
        }
        iconLoad = .reported
    }

    /// An `mdi:NAME` icon must be one of the font's names, and the font must draw it.
    mutating func checkIconName(_ t: ConfigTable, _ key: String, _ written: String) {
        if case .notYet = iconLoad { iconLoad = loadIcons() }
        switch iconLoad {
        case .failed(let file, let detail):
            let why =
                file == "names"
                ? "the name list \(icons.namesPath) cannot be used (\(detail)); install fonts-materialdesignicons-webfont or set [icons] names"
                : "the icon font \(icons.fontPath) cannot be used (\(detail)); install fonts-materialdesignicons-webfont or set [icons] font"
            fail(t, key, "expected an icon of the icon font, found \"\(written)\" but \(why)")
            iconLoad = .reported
            return
        case .reported: return
        case .notYet, .loaded: break
        }
        guard let scalar = icons.names[written] else {
            let hint = icons.unknownNameHint(written)
            fail(
                t, key,
                "expected one of the \(icons.names.scalars.count) icon names of \(icons.namesPath), found \"\(written)\"\(hint)"
            )
            return
        }
        if let face = iconFace, face.ink(for: scalar, size: ConfigBuilder.probeSize) == .missing {
            fail(
                t, key,
                "expected an icon the font \(icons.fontPath) draws, found \"\(written)\" (no glyph for U+\(String(scalar.value, radix: 16, uppercase: true)); is the font older than its name list?)"
            )
        }
    }

    /// Reads the name list and opens the font, as the kiosk will.
    private mutating func loadIcons() -> IconLoad {
        files.append(icons.fontPath)
        files.append(icons.namesPath)
        guard let bytes = FileIO.read(icons.namesPath, limit: IconConfig.namesLimit) else {
            return .failed(key: "names", detail: String(cString: strerror(errno)))
        }
        icons.names = IconNames(css: String(decoding: bytes, as: UTF8.self))
        if !icons.isUsed { return .failed(key: "names", detail: "it names no icon: no .mdi-NAME:before rules") }
        let signatures: [[UInt8]] = [[0x00, 0x01, 0x00, 0x00], Array("OTTO".utf8), Array("true".utf8)]
        if let problem = ConfigBuilder.fileProblem(
            icons.fontPath, signatures: signatures, kind: "a TrueType or OpenType font")
        {
            return .failed(key: "font", detail: problem)
        }
        do { iconFace = try icons.openFont().face } catch {
            return .failed(key: "font", detail: (error as? FontError)?.message ?? "\(error)")
        }
        return .loaded
    }

    /// An icon key's value as the kiosk's catalogue names it: a built-in icon's name, an `mdi:` name as
    /// written, or a resolved PNG path.
    func iconPath(_ written: String) -> String {
        if written.hasPrefix(BuiltinIcons.prefix) { return String(written.dropFirst(BuiltinIcons.prefix.count)) }
        if written.hasPrefix(IconNames.prefix) { return written }
        return resolved(written)
    }
}
