import AssetFiles
import Widgets

/// `[theme] font` and `bold_font`: the text fonts' files (resolved), by default the machine's
/// (`DefaultFonts`). Widgets draws with the faces opened from them, never with a path.
public struct ThemeFonts: Sendable, Hashable {
    /// The regular face's file.
    public var regular = DefaultFonts.regular
    /// The bold face's file.
    public var bold = DefaultFonts.bold

    /// The default files.
    public init() {}

    /// The faces opened for drawing (nil where a file cannot be opened).
    public func open() -> TextFaces { .open(regular: regular, bold: bold) }
}
