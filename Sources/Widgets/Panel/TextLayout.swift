import Core
import Raster

/// Breaking panel text into lines that fit a width, given a way to measure a line. Pure, so it is
/// tested without fonts.
enum TextLayout {
    /// The mark of text cut short.
    static let ellipsis = "…"

    /// `text` on lines no wider than `width`: explicit line breaks are kept, words go on the line while
    /// they fit, a word wider than a whole line is broken between characters. With more than
    /// `maxLines` lines, the last one kept ends in "…".
    static func wrap(_ text: String, width: Double, maxLines: Int, measure: (String) -> Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
                let candidate = line.isEmpty ? word : line + " " + word
                if measure(candidate) <= width { line = candidate; continue }
                if !line.isEmpty { lines.append(line); line = "" }
                var rest = word
                while measure(rest) > width, rest.count > 1 {
                    let head = longestPrefix(of: rest, fitting: width, measure: measure)
                    lines.append(head)
                    rest.removeFirst(head.count)
                }
                line = rest
            }
            lines.append(line)
        }
        let limit = max(1, maxLines)
        guard lines.count > limit else { return lines }
        var kept = Array(lines.prefix(limit))
        kept[limit - 1] = ellipsized(kept[limit - 1], width: width, force: true, measure: measure)
        return kept
    }

    /// `text` on one line: itself when it fits `width` (and `force` is false), else the longest start
    /// of it followed by "…" that fits (at least "…").
    static func ellipsized(_ text: String, width: Double, force: Bool = false, measure: (String) -> Double) -> String {
        if !force && measure(text) <= width { return text }
        var chars = Array(text)
        while !chars.isEmpty {
            let shown = String(chars).trimmingTrailingSpaces + ellipsis
            if measure(shown) <= width { return shown }
            chars.removeLast()
        }
        return ellipsis
    }

    /// The longest start of `word` (at least one character) no wider than `width`.
    private static func longestPrefix(of word: String, fitting width: Double, measure: (String) -> Double) -> String {
        let chars = Array(word)
        var n = 1
        while n < chars.count, measure(String(chars[..<(n + 1)])) <= width { n += 1 }
        return String(chars[..<n])
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

/// How a block of text sits in its rectangle.
enum TextAlignment: String, Hashable, Sendable { case left, center, right }

extension LocalPainter {
    /// The face's ascent and descent at `size` points, in local points (nil without a font).
    func lineMetrics(size: Double, bold: Bool) -> (ascent: Double, descent: Double)? {
        guard let face = resources.face(bold: bold) else { return nil }
        let font = Font(face: face, size: size)
        return (font.ascent, font.descent)
    }

    /// The advance of one line of `text` in local points.
    func lineWidth(_ text: String, size: Double, bold: Bool) -> Double { textSize(text, size: size, bold: bold).width }

    /// Draws one line with its pen origin on the baseline at the local point `start`. Unlike
    /// `drawText(centeredAt:)`, which centres the ink, lines keep one baseline whatever their letters,
    /// so a changing value does not hop up and down.
    func drawLine(_ text: String, size: Double, bold: Bool, baselineStart start: Point, color: Color, alpha: Double = 1) {
        guard let face = resources.face(bold: bold), !text.isEmpty, alpha > 0 else { return }
        let font = Font(face: face, size: size * scale)
        if isUpright {
            let origin = device(start)
            guard Self.inkBox(metrics(text, font: font, bold: bold), origin: origin).intersects(canvas.clip.rect) else { return }
            canvas.drawText(text, font: font, at: origin, paint: Paint(color, alpha: alpha))
            return
        }
        // Rotated frame: the cached mask has the pen origin at (1, 1 − ink top) in its pixels.
        guard let mask = textMask(text, face: face, pixelSize: size * scale, bold: bold) else { return }
        let inkTop = metrics(text, font: font, bold: bold).inkBounds.minY
        let toLocal = Transform.translation(-1, inkTop - 1)
            .then(.scale(1 / scale, 1 / scale))
            .then(.translation(start.x, start.y))
        canvas.drawImage(mask, transform: toLocal.then(transform), tint: color, alpha: alpha)
    }

    /// Draws `lines` as a block centred vertically in the local `rect`, each aligned horizontally,
    /// one line height (ascent + descent) apart; drawing is clipped to `clip` (device pixels).
    func drawBlock(_ lines: [String], in rect: Rect, size: Double, bold: Bool, align: TextAlignment, color: Color,
                   alpha: Double, clip: Rect) {
        guard let (ascent, descent) = lineMetrics(size: size, bold: bold) else { return }
        var painter = self
        painter.canvas.clip = canvas.clip.intersection(PixelRect(covering: clip))
        guard !painter.canvas.clip.isEmpty else { return }
        let lineHeight = ascent + descent
        var baseline = rect.midY - lineHeight * Double(lines.count) / 2 + ascent
        for line in lines {
            let w = lineWidth(line, size: size, bold: bold)
            let x: Double = switch align {
            case .left: rect.minX
            case .center: rect.midX - w / 2
            case .right: rect.maxX - w
            }
            painter.drawLine(line, size: size, bold: bold, baselineStart: Point(x, baseline), color: color, alpha: alpha)
            baseline += lineHeight
        }
    }
}
