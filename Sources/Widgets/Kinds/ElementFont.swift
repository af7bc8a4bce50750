import ConfigModel

/// The `font` key of every element that draws text: a DejaVu family by name (the files are the
/// edge's to find, `DefaultFonts`), or the path of a TrueType file.
public enum ElementFont {
    /// The families a name picks: DejaVu Sans, Serif and Sans Mono (Debian's fonts-dejavu-core).
    public static let families = ["sans", "serif", "mono"]
    /// Every name the key takes: a family keeps the element's bold text bold; `-bold` draws all of it bold.
    public static let names = families.flatMap { [$0, $0 + "-bold"] }

    /// Whether `value` names a file rather than a family: it has a `/` or a font file's extension.
    public static func isPath(_ value: String) -> Bool {
        let lower = value.lowercased()
        return value.contains("/") || [".ttf", ".otf", ".ttc"].contains { lower.hasSuffix($0) }
    }

    /// The key, added to the schema of each kind that draws text.
    static let field = Field(
        "font", .string, default: "the theme's `font` and `bold_font`",
        "The font of the element's text (its readout, labels and titles too): `sans`, `serif` or `mono` (DejaVu; what the element draws bold stays bold), `sans-bold`, `serif-bold` or `mono-bold` (all of it bold), or the path of a TrueType file (relative to the config's folder) for all of it."
    )
}

extension ElementKeys {
    /// The common keys and `font`: the start of the schema of every kind that draws text.
    static let withText = common.adding([ElementFont.field])
}
