import Core
import Raster

/// Icons inside panel text (`{mdi:thermometer} {outdoor:.1} °C`, issue 36): the template parser turns
/// `{mdi:NAME}` into the name between two interlinear-annotation marks, characters no config writes,
/// and the line painter draws that run as the icon, one em square wide, in the text's colour.
/// Wrapping splits lines at spaces only, so an icon run stays whole; a run cut by "…" is dropped.
enum InlineIcon {
    static let open: Character = "\u{FFF9}"
    static let close: Character = "\u{FFFB}"

    /// `name` (`mdi:NAME`) as it stands in rendered text.
    static func encode(_ name: String) -> String { String(open) + name + String(close) }

    /// Whether `text` holds an icon run (a scalar test: cheap for the plain lines of every frame).
    static func occurs(in text: String) -> Bool { text.unicodeScalars.contains("\u{FFF9}") }

    /// One piece of a line.
    enum Run: Equatable {
        case text(String)
        case icon(String)
    }

    /// The line in text and icon runs; an icon opened but not closed (cut by an ellipsis) is dropped.
    static func runs(_ text: String) -> [Run] {
        var out: [Run] = []
        var current = ""
        var inIcon = false
        for c in text {
            if c == open {
                if !current.isEmpty { out.append(.text(current)) }
                current = ""; inIcon = true
            } else if c == close, inIcon {
                out.append(.icon(current)); current = ""; inIcon = false
            } else {
                current.append(c)
            }
        }
        if !inIcon, !current.isEmpty { out.append(.text(current)) }
        return out
    }

    /// The width an icon takes in a line of `size` points.
    static func width(size: Double) -> Double { size }

    /// The mark before a text showing an unavailable value (`ValueBoard.unavailableMarker`): drawn as
    /// lines, not from the icon font, so it shows whatever fonts the panel has.
    static let unavailable = "tw:unavailable"
}

extension LocalPainter {
    /// The sign for "not available": a ring crossed by a slash, in the text's colour, inside `square`.
    func drawUnavailableMark(in square: Rect, color: Color, alpha: Double) {
        let r = square.width * 0.34, w = max(1 / scale, square.width * 0.09)
        let c = square.center
        strokeCircle(center: c, radius: r, width: w, color: color, alpha: alpha)
        // The slash from the ring's upper left to its lower right, as a thin quadrilateral.
        let d = r * 0.7071, n = w / 2 * 0.7071
        var slash = Path()
        slash.move(to: Point(c.x - d - n, c.y - d + n))
        slash.line(to: Point(c.x - d + n, c.y - d - n))
        slash.line(to: Point(c.x + d + n, c.y + d - n))
        slash.line(to: Point(c.x + d - n, c.y + d + n))
        slash.close()
        fill(slash, paint: Paint(color, alpha: alpha))
    }
}

extension LocalPainter {
    /// The advance of a line holding icon runs.
    func lineWidthWithIcons(_ text: String, size: Double, bold: Bool) -> Double {
        InlineIcon.runs(text).reduce(0) { sum, run in
            switch run {
            case .text(let t): sum + textSize(t, size: size, bold: bold).width
            case .icon: sum + InlineIcon.width(size: size)
            }
        }
    }

    /// Draws a line holding icon runs: text runs as text, icons as a square of `size` centred on the
    /// middle of a digit's height above the baseline.
    func drawLineWithIcons(
        _ text: String, size: Double, bold: Bool, baselineStart start: Point, color: Color, alpha: Double
    ) {
        var x = start.x
        for run in InlineIcon.runs(text) {
            switch run {
            case .text(let t):
                drawLine(t, size: size, bold: bold, baselineStart: Point(x, start.y), color: color, alpha: alpha)
                x += textSize(t, size: size, bold: bold).width
            case .icon(let name):
                let side = InlineIcon.width(size: size)
                let middle = start.y - size * 0.36
                let square = Rect(x: x, y: middle - side / 2, width: side, height: side)
                if name == InlineIcon.unavailable {
                    drawUnavailableMark(in: square, color: color, alpha: alpha)
                } else {
                    drawFontIcon(name, fittedIn: square, tint: color, alpha: alpha)
                }
                x += side
            }
        }
    }
}
