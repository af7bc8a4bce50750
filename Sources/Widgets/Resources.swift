import Core
import Raster

/// Everything drawing needs besides the models: the theme, fonts (opened once, with their glyph caches)
/// and the image catalogue. Not thread-safe: one per render thread.
public final class Resources {
    public let theme: Theme
    public let images: ImageCatalog
    /// Nil when the font file cannot be opened: text is then skipped (the kiosk logs the error at start).
    public let regularFace: FontFace?
    public let boldFace: FontFace?

    /// Opens the theme's fonts.
    public init(theme: Theme, images: ImageCatalog = ImageCatalog()) {
        self.theme = theme
        self.images = images
        regularFace = try? FontFace(path: theme.regularFontPath)
        boldFace = try? FontFace(path: theme.boldFontPath)
    }

    /// The face for regular or bold text.
    public func face(bold: Bool) -> FontFace? { bold ? boldFace ?? regularFace : regularFace ?? boldFace }
}
