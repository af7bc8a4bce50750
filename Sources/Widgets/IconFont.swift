import Core
import Raster

/// The names of an icon font's glyphs, as its style sheet lists them: every rule
/// `.mdi-NAME:before { content: "\F335"; }` (or `::before`, as newer Material Design Icons releases
/// write it) gives `NAME` → U+F335. Read from the font's own CSS at run time, so a newer font and its
/// list bring the names Home Assistant uses without a change here.
public struct IconNames: Sendable, Equatable {
    /// How a config names an icon of the font: `mdi:NAME`.
    public static let prefix = "mdi:"

    /// Each name (without the prefix) and its code point.
    public private(set) var scalars: [String: Unicode.Scalar]

    /// A list of `scalars` as given.
    public init(_ scalars: [String: Unicode.Scalar] = [:]) { self.scalars = scalars }

    /// The names in `css`: rules whose selector is `.mdi-NAME:before` or `.mdi-NAME::before` and whose
    /// `content` is one escaped code point. Anything else in the sheet is skipped.
    public init(css: String) {
        scalars = [:]
        let bytes = Array(css.utf8)
        let marker = Array(".mdi-".utf8)
        var i = 0
        while let start = IconNames.find(marker, in: bytes, from: i) {
            i = start + marker.count
            var end = i
            while end < bytes.count, IconNames.isNameByte(bytes[end]) { end += 1 }
            guard end > i, let brace = IconNames.pseudoBefore(bytes, at: end) else { continue }
            let name = String(decoding: bytes[i..<end], as: UTF8.self)
            i = brace
            if let scalar = IconNames.content(bytes, from: brace) { scalars[name] = scalar }
        }
    }

    /// The code point of `name` (with or without the `mdi:` prefix), or nil.
    public subscript(name: String) -> Unicode.Scalar? {
        scalars[name.hasPrefix(IconNames.prefix) ? String(name.dropFirst(IconNames.prefix.count)) : name]
    }

    /// Every name, sorted.
    public var names: [String] { scalars.keys.sorted() }

    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || (b >= 0x41 && b <= 0x5A) || b == 0x5F
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var i = from
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], Array(bytes[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }

    /// After a selector's name: `:before` or `::before`, then spaces and `{`; the index after the brace.
    static func pseudoBefore(_ b: [UInt8], at start: Int) -> Int? {
        var i = start
        var colons = 0
        while i < b.count, b[i] == 0x3A { colons += 1; i += 1 }
        let word = Array("before".utf8)
        guard colons == 1 || colons == 2, i + word.count <= b.count, Array(b[i..<i + word.count]) == word else {
            return nil
        }
        i += word.count
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
        guard i < b.count, b[i] == 0x7B else { return nil }
        return i + 1
    }

    /// The code point of the block's `content: "\HEX"`, read up to the block's closing brace.
    static func content(_ b: [UInt8], from start: Int) -> Unicode.Scalar? {
        var close = start
        while close < b.count, b[close] != 0x7D { close += 1 }
        let block = Array(b[start..<close])
        guard let at = find(Array("content".utf8), in: block, from: 0) else { return nil }
        var i = at + 7
        while i < block.count, block[i] == 0x20 || block[i] == 0x3A || block[i] == 0x09 { i += 1 }
        guard i + 2 < block.count, block[i] == 0x22 || block[i] == 0x27, block[i + 1] == 0x5C else { return nil }
        i += 2
        var value: UInt32 = 0, digits = 0
        while i < block.count, digits < 6, let d = hexDigit(block[i]) { value = value * 16 + d; digits += 1; i += 1 }
        guard digits > 0 else { return nil }
        return Unicode.Scalar(value)
    }

    static func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x41...0x46: return UInt32(b - 0x41 + 10)
        case 0x61...0x66: return UInt32(b - 0x61 + 10)
        default: return nil
        }
    }
}

/// An icon font opened at the edge (the kiosk's screen, the render tool) and handed to the catalogue:
/// its face and its names. Icons from it are templates: drawn in the element's colour.
public final class IconFont {
    /// The face, with its glyph cache.
    public let face: FontFace
    /// The names its style sheet gives.
    public let names: IconNames

    /// `face` with `names`.
    public init(face: FontFace, names: IconNames) { self.face = face; self.names = names }

    /// The code point drawn for catalogue name `name` (`mdi:NAME`), or nil when it is not one of ours.
    public func scalar(for name: String) -> Unicode.Scalar? {
        guard name.hasPrefix(IconNames.prefix) else { return nil }
        return names[name]
    }

    /// Where the pen starts, relative to the icon square's top-left corner, for an em of `size`
    /// pixels: icon fonts draw each icon in the em square between descender and ascender, so the
    /// square's middle sits half-way between them and its left edge at the pen.
    public func penOffset(size: Double) -> Point {
        let em = Double(face.unitsPerEm)
        let middle = Double(face.ascender + face.descender) / 2 / em * size
        return Point(0, size / 2 + middle)
    }
}
