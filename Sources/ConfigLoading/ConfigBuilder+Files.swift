import AssetFiles
import ConfigModel
import Glibc
import Platform
import Raster
import Widgets

/// Files a config names: what start-up would read must be there, readable, a regular file and of the
/// right type — a directory, a device or a text file named as an icon is a located error here, not a
/// warning when the screen is first drawn.
extension ConfigBuilder {
    /// `path` from the config as the kiosk opens it (`ConfigPaths`: relative to the config's folder).
    func resolved(_ path: String) -> String { ConfigPaths.resolve(path, in: FileIO.directory(of: file)) }

    /// `"path"` as written, and the file it names when that reads differently, with `problem`.
    static func found(_ path: String, _ full: String, _ problem: String) -> String {
        "\"\(path)\" (" + (full == path ? "" : full + ": ") + problem + ")"
    }

    /// An image key must name a built-in icon, an icon of the icon font or a readable PNG file (relative to the config's folder).
    mutating func checkImage(_ t: ConfigTable, _ key: String) {
        guard let path = t.string(key) else { return }
        checkImage(t, key, path: path)
    }

    /// One image `path` written at `key` (an element of the array there, for a list of icons).
    mutating func checkImage(_ t: ConfigTable, _ key: String, path: String) {
        if path.hasPrefix(IconNames.prefix) { return checkIconName(t, key, path) }
        if path.hasPrefix(BuiltinIcons.prefix) {
            let name = String(path.dropFirst(BuiltinIcons.prefix.count))
            if !BuiltinIcons.names.contains(name) {
                fail(
                    t, key,
                    "expected one of " + BuiltinIcons.names.map { "\"builtin:\($0)\"" }.joined(separator: ", ")
                        + ", found \"\(path)\"")
            }
            return
        }
        let full = resolved(path)
        files.append(full)
        if let problem = ConfigBuilder.fileProblem(
            full, signatures: [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]], kind: "a PNG file")
        {
            fail(t, key, "expected a readable PNG file, found \"\(path)\" (\(full): \(problem))")
            return
        }
        // Decoded as the kiosk will decode it: a truncated, corrupt or oversized PNG fails here.
        do { _ = try PNGImage.read(from: full) } catch let error as PNGError {
            fail(t, key, "expected a PNG the kiosk can show, found \"\(path)\" (\(error.message))")
        } catch {
            fail(t, key, "expected a PNG the kiosk can show, found \"\(path)\" (\(error))")
        }
    }

    /// An element's `font`: a family name (`ElementFont.names`, the files `DefaultFonts` knows) or a
    /// TrueType file that check-config can open and draw with; remembered in `fonts.elements`.
    mutating func elementFont(_ t: ConfigTable, id: String) {
        guard let value = t.string("font") else { return }
        if let files = DefaultFonts.files(named: value) {
            fonts.elements[id] = ThemeFonts.ElementFiles(regular: files.regular, bold: files.bold)
            return
        }
        guard ElementFont.isPath(value) else {
            let names = ElementFont.names.map { "\"\($0)\"" }.joined(separator: ", ")
            let hint =
                Validator.suggestion(for: value.lowercased(), among: ElementFont.names).map {
                    "; did you mean \"\($0)\"?"
                }
                ?? ""
            return fail(t, "font", "expected one of \(names) or the path of a TrueType file, found \"\(value)\"" + hint)
        }
        let before = errors.count
        checkFont(t, "font")
        guard errors.count == before else { return }
        let path = resolved(value)
        fonts.elements[id] = ThemeFonts.ElementFiles(regular: path, bold: path)
    }

    /// A font key must name a readable TrueType or OpenType file (relative to the config's folder) that
    /// draws text.
    mutating func checkFont(_ t: ConfigTable, _ key: String) {
        guard let path = t.string(key) else { return }
        let full = resolved(path)
        files.append(full)
        let signatures: [[UInt8]] = [
            [0x00, 0x01, 0x00, 0x00], Array("OTTO".utf8), Array("true".utf8), Array("ttcf".utf8),
        ]
        if let problem = ConfigBuilder.fileProblem(full, signatures: signatures, kind: "a TrueType or OpenType font") {
            fail(t, key, "expected a readable TrueType font file, found " + ConfigBuilder.found(path, full, problem))
            return
        }
        // Opened as the kiosk will open it: a font with a valid tag but a broken table fails here.
        let face: FontFace
        do { face = try FontFace(path: full) } catch let error as FontError {
            return fail(
                t, key,
                "expected a TrueType font FreeType can read, found " + ConfigBuilder.found(path, full, error.message))
        } catch {
            return fail(
                t, key,
                "expected a TrueType font FreeType can read, found " + ConfigBuilder.found(path, full, "\(error)"))
        }
        // And drawn: a face FreeType opens may map no character, or only to glyphs that draw nothing,
        // and then every text on the panel would be blank.
        for scalar in ConfigBuilder.probeCharacters {
            let why: String
            switch face.ink(for: scalar, size: ConfigBuilder.probeSize) {
            case .drawn: continue
            case .missing: why = "it has no glyph for \"\(scalar)\""
            case .blank: why = "its glyph for \"\(scalar)\" draws nothing"
            }
            return fail(t, key, "expected a font that draws text, found " + ConfigBuilder.found(path, full, why))
        }
    }

    /// What a font must draw: a digit and a letter, as every value and nearly every label holds them.
    static let probeCharacters: [Unicode.Scalar] = ["0", "A"]
    /// The size, in pixels per em, the probe draws at: a middling text size.
    static let probeSize = 32.0

    /// Why `path` is not a readable regular file starting with one of `signatures` (`kind` says what
    /// they mark), or nil when it is.
    static func fileProblem(_ path: String, signatures: [[UInt8]], kind: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return String(cString: strerror(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "a directory"
        default: return "not a regular file"
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: signatures.map(\.count).max() ?? 0)
        let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n >= 0 else { return String(cString: strerror(errno)) }
        let start = head.prefix(n)
        return signatures.contains { start.starts(with: $0) } ? nil : "not \(kind): its first bytes say otherwise"
    }
}
