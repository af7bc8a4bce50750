import Raster
import Widgets

/// The text fonts drawn with when a config names none: Debian's `fonts-dejavu-core`. Which files
/// exist is a fact of the machine, so it lives here at the edge, once, and not in Widgets (which
/// only draws with the faces it is handed).
public enum DefaultFonts {
    /// The regular face (labels, picker titles).
    public static let regular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The bold face (thumb titles, balloon, keys).
    public static let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// The files of an element's `font` name (`ElementFont.names`): a family's regular and bold
    /// faces, or for `NAME-bold` its bold face twice. Nil for any other name.
    public static func files(named name: String) -> (regular: String, bold: String)? {
        let family = name.hasSuffix("-bold") ? String(name.dropLast(5)) : name
        let stem: String
        switch family {
        case "sans": stem = "DejaVuSans"
        case "serif": stem = "DejaVuSerif"
        case "mono": stem = "DejaVuSansMono"
        default: return nil
        }
        let folder = "/usr/share/fonts/truetype/dejavu/"
        let bold = folder + stem + "-Bold.ttf"
        return (family == name ? folder + stem + ".ttf" : bold, bold)
    }
}

extension TextFaces {
    /// The faces at `regular` and `bold` opened for drawing; a face whose file cannot be opened is
    /// nil (its text then falls back to the other face, or is not drawn).
    public static func open(regular: String = DefaultFonts.regular, bold: String = DefaultFonts.bold) -> TextFaces {
        TextFaces(regular: try? FontFace(path: regular), bold: try? FontFace(path: bold))
    }
}
