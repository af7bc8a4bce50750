import Core
import Raster

/// The two faces text is drawn in, opened at the edge from the files the config names and handed in
/// (Widgets opens no file). A nil face's text falls back to the other face, or is not drawn.
public struct TextFaces {
    /// The regular face (labels, picker titles).
    public var regular: FontFace?
    /// The bold face (thumb titles, balloon, keys: the original's Helvetica-Bold, X-11).
    public var bold: FontFace?
    /// `regular` and `bold`, either of which may be missing.
    public init(regular: FontFace?, bold: FontFace?) { self.regular = regular; self.bold = bold }
    /// No faces: no text is drawn.
    public static var none: TextFaces { TextFaces(regular: nil, bold: nil) }

    /// The face for regular or bold text, the other one where it is missing.
    public func face(bold: Bool) -> FontFace? { bold ? self.bold ?? regular : regular ?? self.bold }
}

/// Everything drawing needs besides the models: the theme, fonts (opened once, with their glyph caches)
/// and the image catalogue. Not thread-safe: one per render thread.
public final class Resources {
    /// Colours, fonts and sizes.
    public let theme: Theme
    /// Named images (handle images, markers, icons).
    public let images: ImageCatalog
    /// Nil when the font file could not be opened: text is then skipped (the kiosk logs the error at start).
    public let regularFace: FontFace?
    /// The bold face (nil when it could not be opened).
    public let boldFace: FontFace?

    /// Elements' own faces (their `font` key), by element id.
    public let elementFaces: [String: TextFaces]

    /// Drawing resources with `faces`, opened by the caller, and `elementFaces` for the elements that
    /// name a font of their own.
    public init(
        theme: Theme, images: ImageCatalog = ImageCatalog(), faces: TextFaces, elementFaces: [String: TextFaces] = [:]
    ) {
        self.theme = theme
        self.images = images
        regularFace = faces.regular
        boldFace = faces.bold
        self.elementFaces = elementFaces
    }

    /// The faces control `id` draws its text in: its element's own (a part such as `dial/readout` or
    /// `slider/pad` is its element's), else the theme's.
    public func faces(for id: String) -> TextFaces {
        let theme = TextFaces(regular: regularFace, bold: boldFace)
        if elementFaces.isEmpty { return theme }
        let element = id.split(separator: "/", maxSplits: 1).first.map(String.init) ?? id
        return elementFaces[id] ?? elementFaces[element] ?? theme
    }

    /// Rendered lines of text for rotated frames, so a turned control does not re-render its labels every
    /// frame. Bounded: cleared when it grows past `textMaskLimit` entries.
    var textMasks: [TextMaskKey: Bitmap] = [:]
    static let textMaskLimit = 512

    /// Measured lines of text (advance and ink), so a label or readout redrawn under a damage
    /// rectangle neither measures again nor, when its ink misses the rectangle, draws. Bounded like
    /// `textMasks`.
    var textMetrics: [TextMaskKey: TextMetrics] = [:]
    static let textMetricsLimit = 1024

    /// One linear gradient per list of stops, whose colour table the painter's gradients share (a
    /// thumb or a balloon moved by a drag would otherwise rebuild it every frame). Bounded like
    /// `textMasks`.
    var linearGradients: [[GradientStop]: LinearGradient] = [:]
    static let linearGradientLimit = 64

    /// The face for regular or bold text.
    public func face(bold: Bool) -> FontFace? { bold ? boldFace ?? regularFace : regularFace ?? boldFace }
}

/// A line of text at a device pixel size in a face (elements may draw in faces of their own).
struct TextMaskKey: Hashable {
    var text: String
    var size: Double
    var bold: Bool
    var face: ObjectIdentifier? = nil
}
