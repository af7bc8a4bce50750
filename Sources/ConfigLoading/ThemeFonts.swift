import AssetFiles
import Raster
import Widgets

/// `[theme] font` and `bold_font`: the text fonts' files (resolved), by default the machine's
/// (`DefaultFonts`). Widgets draws with the faces opened from them, never with a path.
public struct ThemeFonts: Sendable, Hashable {
    /// The regular face's file.
    public var regular = DefaultFonts.regular
    /// The bold face's file.
    public var bold = DefaultFonts.bold

    /// Elements' own fonts (their `font` key, resolved to files), by element id.
    public var elements: [String: ElementFiles] = [:]

    /// The regular and bold files of one element's text.
    public struct ElementFiles: Sendable, Hashable {
        /// The file of its regular text.
        public var regular: String
        /// The file of its bold text.
        public var bold: String
    }

    /// The default files.
    public init() {}

    /// The faces opened for drawing (nil where a file cannot be opened).
    public func open() -> TextFaces { .open(regular: regular, bold: bold) }

    /// The faces of the elements among `ids` that have a font of their own, each file opened once
    /// and the theme's faces (`theme`) reused for the theme's files, so they share glyph caches. An
    /// element whose file cannot be opened draws in the theme's faces (check-config reports it).
    public func openElements(_ ids: [String], theme: TextFaces) -> [String: TextFaces] {
        var opened: [String: FontFace?] = [regular: theme.regular, bold: theme.bold]
        func face(_ path: String) -> FontFace? {
            if let known = opened[path] { return known }
            let f = try? FontFace(path: path)
            opened[path] = f
            return f
        }
        var out: [String: TextFaces] = [:]
        for id in ids {
            guard let files = elements[id] else { continue }
            let faces = TextFaces(regular: face(files.regular), bold: face(files.bold))
            out[id] = faces.regular == nil && faces.bold == nil ? theme : faces
        }
        return out
    }
}
