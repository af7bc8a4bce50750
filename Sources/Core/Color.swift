/// A straight (not premultiplied) sRGB colour with 8-bit channels.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// `0xRRGGBB` with full opacity.
    public init(rgb: UInt32) {
        self.init(
            r: UInt8(truncatingIfNeeded: rgb >> 16), g: UInt8(truncatingIfNeeded: rgb >> 8),
            b: UInt8(truncatingIfNeeded: rgb))
    }
    /// `0xRRGGBBAA`.
    public init(rgba: UInt32) {
        self.init(
            r: UInt8(truncatingIfNeeded: rgba >> 24), g: UInt8(truncatingIfNeeded: rgba >> 16),
            b: UInt8(truncatingIfNeeded: rgba >> 8), a: UInt8(truncatingIfNeeded: rgba))
    }

    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xFFFFFF)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    /// The same colour with alpha scaled by `factor` (0…1).
    public func withAlpha(_ factor: Double) -> Color {
        var c = self
        c.a = UInt8(max(0, min(255, (Double(a) * factor).rounded())))
        return c
    }
    /// This colour moved `amount` (0…1) of the way to `other`, channel by channel (alpha kept).
    public func mixed(with other: Color, amount: Double) -> Color {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * amount).rounded()) }
        return Color(r: mix(r, other.r), g: mix(g, other.g), b: mix(b, other.b), a: a)
    }
    /// Premultiplied 0xAARRGGBB, the canvas word (bytes B,G,R,A in memory).
    public var premultipliedARGB: UInt32 {
        @inline(__always) func pm(_ c: UInt8) -> UInt32 { (UInt32(c) * UInt32(a) + 127) / 255 }
        return UInt32(a) << 24 | pm(r) << 16 | pm(g) << 8 | pm(b)
    }
    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hex: String {
        func h(_ v: UInt8) -> String {
            let s = String(v, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s
        }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }
    public var description: String { hex }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` or a CSS colour name (case-insensitive).
    public init(parsing text: String) throws(ColorParseError) {
        let s = text.trimmingWhitespace()
        if s.hasPrefix("#") {
            let digits = Array(s.dropFirst())
            guard [3, 4, 6, 8].contains(digits.count) else {
                throw ColorParseError(text: text, reason: .length(digits.count))
            }
            var values: [UInt8] = []
            for ch in digits {
                guard let v = ch.hexDigitValue else { throw ColorParseError(text: text, reason: .badDigit(ch)) }
                values.append(UInt8(v))
            }
            let channels: [UInt8]
            if digits.count <= 4 {
                channels = values.map { $0 * 17 }
            } else {
                channels = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
            }
            self.init(r: channels[0], g: channels[1], b: channels[2], a: channels.count == 4 ? channels[3] : 255)
            return
        }
        guard let named = Color.named[s.lowercased()] else { throw ColorParseError(text: text, reason: .unknownName) }
        self = named
    }

    /// The colour names the config accepts (CSS names kiosk configs use most, plus `transparent`).
    public static let named: [String: Color] = [
        "black": Color(rgb: 0x000000), "white": Color(rgb: 0xFFFFFF), "red": Color(rgb: 0xFF0000),
        "green": Color(rgb: 0x008000), "lime": Color(rgb: 0x00FF00), "blue": Color(rgb: 0x0000FF),
        "yellow": Color(rgb: 0xFFFF00), "cyan": Color(rgb: 0x00FFFF), "aqua": Color(rgb: 0x00FFFF),
        "magenta": Color(rgb: 0xFF00FF), "fuchsia": Color(rgb: 0xFF00FF), "gray": Color(rgb: 0x808080),
        "grey": Color(rgb: 0x808080), "darkgray": Color(rgb: 0xA9A9A9), "darkgrey": Color(rgb: 0xA9A9A9),
        "lightgray": Color(rgb: 0xD3D3D3), "lightgrey": Color(rgb: 0xD3D3D3), "silver": Color(rgb: 0xC0C0C0),
        "orange": Color(rgb: 0xFFA500), "purple": Color(rgb: 0x800080), "navy": Color(rgb: 0x000080),
        "teal": Color(rgb: 0x008080), "maroon": Color(rgb: 0x800000), "olive": Color(rgb: 0x808000),
        "brown": Color(rgb: 0xA52A2A), "pink": Color(rgb: 0xFFC0CB), "gold": Color(rgb: 0xFFD700),
        "indigo": Color(rgb: 0x4B0082), "violet": Color(rgb: 0xEE82EE), "coral": Color(rgb: 0xFF7F50),
        "crimson": Color(rgb: 0xDC143C), "tomato": Color(rgb: 0xFF6347), "orangered": Color(rgb: 0xFF4500),
        "skyblue": Color(rgb: 0x87CEEB), "steelblue": Color(rgb: 0x4682B4), "slategray": Color(rgb: 0x708090),
        "dodgerblue": Color(rgb: 0x1E90FF), "turquoise": Color(rgb: 0x40E0D0), "salmon": Color(rgb: 0xFA8072),
        "transparent": Color(r: 0, g: 0, b: 0, a: 0),
    ]
}

/// Why a colour string was rejected; `description` is one line for a config error message.
public struct ColorParseError: Error, Equatable, CustomStringConvertible {
    /// What was wrong: the number of hex digits, a character that is not one, or an unknown name.
    public enum Reason: Equatable, Sendable { case length(Int), badDigit(Character), unknownName }
    public var text: String
    public var reason: Reason
    public var description: String {
        switch reason {
        case .length(let n): return "colour \"\(text)\" has \(n) hex digits; expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA"
        case .badDigit(let c): return "colour \"\(text)\" has the non-hex character '\(c)'"
        case .unknownName:
            return "\"\(text)\" is not a colour: expected #RRGGBB, #RRGGBBAA, #RGB or one of the names "
                + Color.named.keys.sorted().joined(separator: ", ")
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines (Core has no Foundation).
    func trimmingWhitespace() -> String {
        let ws: Set<Character> = [" ", "\t", "\n", "\r"]
        var s = Substring(self)
        while let f = s.first, ws.contains(f) { s = s.dropFirst() }
        while let l = s.last, ws.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
