import Core
import Raster

/// Breaking panel text into lines that fit a width, given a way to measure a line. Pure, so it is
/// tested without fonts.
///
/// Fitting never walks a text one character or one word at a time: a text can be as long as a
/// variable holds, and measuring a line costs time in proportion to its length, so such a walk is
/// quadratic and stalls the loop. Each fit is a search over counts (`largest(in:where:)`) that
/// measures O(log n) candidates, the short ones first. Wherever a longer text measures at least as
/// wide as its start (a line's advance does: a kerning pair never takes back a whole glyph), the
/// search finds exactly what the one-at-a-time walk found.
enum TextLayout {
    /// The mark of text cut short.
    static let ellipsis = "…"

    /// `text` on lines no wider than `width`: explicit line breaks are kept, words go on the line while
    /// they fit, a word wider than a whole line is broken between characters. With more than
    /// `maxLines` lines, the last one kept ends in "…".
    static func wrap(_ text: String, width: Double, maxLines: Int, measure: (String) -> Double) -> [String] {
        let limit = max(1, maxLines)
        var lines: [String] = []
        // Lines past `limit + 1` are never shown or looked at: stop laying out there.
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) where lines.count <= limit {
            let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
            // The line being filled; it may start with the tail of a word broken between characters.
            var line = ""
            var next = 0
            while next < words.count, lines.count <= limit {
                func joined(upTo end: Int) -> String {
                    let added = words[next..<end].joined(separator: " ")
                    return line.isEmpty ? added : line + " " + added
                }
                if let end = largest(in: (next + 1)...words.count, where: { measure(joined(upTo: $0)) <= width }) {
                    line = joined(upTo: end)
                    next = end
                    if next < words.count { lines.append(line); line = "" }
                } else if !line.isEmpty {
                    lines.append(line); line = ""
                } else {
                    // The next word alone is wider than a line: as many of its characters as fit, per line.
                    let chars = Array(words[next])
                    var start = 0
                    while chars.count - start > 1, lines.count <= limit {
                        let n = longestPrefix(of: chars[start...], fitting: width, measure: measure)
                        if n == chars.count - start { break }
                        lines.append(String(chars[start..<start + n]))
                        start += n
                    }
                    line = String(chars[start...])
                    next += 1
                }
            }
            lines.append(line)
        }
        guard lines.count > limit else { return lines }
        var kept = Array(lines.prefix(limit))
        kept[limit - 1] = ellipsized(kept[limit - 1], width: width, force: true, measure: measure)
        return kept
    }

    /// `text` on one line: itself when it fits `width` (and `force` is false), else the longest start
    /// of it followed by "…" that fits (at least "…").
    static func ellipsized(_ text: String, width: Double, force: Bool = false, measure: (String) -> Double) -> String {
        if !force && measure(text) <= width { return text }
        let chars = Array(text)
        func shown(_ n: Int) -> String { String(chars[..<n]).trimmingTrailingSpaces + ellipsis }
        guard !chars.isEmpty, let n = largest(in: 1...chars.count, where: { measure(shown($0)) <= width }) else {
            return ellipsis
        }
        return shown(n)
    }

    /// `text` itself when it fits `width` (or has one character); else the most of its characters
    /// that fit with "…" in place of the rest — the first ones (`middle` false), or the first and last
    /// ones around a "…" in the middle, the start keeping the odd one ("50…894"). At least one
    /// character and "…", fitting or not.
    static func truncated(_ text: String, width: Double, middle: Bool, measure: (String) -> Double) -> String {
        let chars = Array(text)
        guard chars.count > 1, measure(text) > width else { return text }
        func shown(_ kept: Int) -> String {
            guard middle else { return String(chars[..<kept]) + ellipsis }
            let end = kept / 2
            return String(chars[..<(kept - end)]) + ellipsis + String(chars[(chars.count - end)...])
        }
        return shown(largest(in: 1...chars.count - 1, where: { measure(shown($0)) <= width }) ?? 1)
    }

    /// The number of leading characters of `word` (at least one) no wider than `width`.
    private static func longestPrefix(
        of word: ArraySlice<Character>, fitting width: Double,
        measure: (String) -> Double
    ) -> Int {
        largest(in: 1...word.count, where: { measure(String(word.prefix($0))) <= width }) ?? 1
    }

    /// The largest count in `range` for which `fits` holds, nil when it fails at the lower bound; `fits`
    /// must hold up to some count and fail above it. Probes go out from the lower bound in doubling
    /// steps until one fails, then halve the gap: about 2·log₂(answer − lower bound) calls, the
    /// shorter candidates first, so a long text cut to a short line measures only short strings.
    static func largest(in range: ClosedRange<Int>, where fits: (Int) -> Bool) -> Int? {
        var good = range.lowerBound
        guard fits(good) else { return nil }
        var bad = range.upperBound + 1  // stands for "fails" until a probe fails
        var step = 1
        while good < range.upperBound {
            let probe = good + min(step, range.upperBound - good)
            if fits(probe) { good = probe; step *= 2 } else { bad = probe; break }
        }
        while bad - good > 1 {
            let middle = good + (bad - good) / 2
            if fits(middle) { good = middle } else { bad = middle }
        }
        return good
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
        guard let face = face(bold: bold) else { return nil }
        let font = Font(face: face, size: size)
        return (font.ascent, font.descent)
    }

    /// The advance of one line of `text` in local points.
    func lineWidth(_ text: String, size: Double, bold: Bool) -> Double {
        if InlineIcon.occurs(in: text) { return lineWidthWithIcons(text, size: size, bold: bold) }
        return textSize(text, size: size, bold: bold).width
    }

    /// Draws one line with its pen origin on the baseline at the local point `start`. Unlike
    /// `drawText(centeredAt:)`, which centres the ink, lines keep one baseline whatever their letters,
    /// so a changing value does not hop up and down.
    func drawLine(_ text: String, size: Double, bold: Bool, baselineStart start: Point, color: Color, alpha: Double = 1)
    {
        guard let face = face(bold: bold), !text.isEmpty, alpha > 0 else { return }
        if InlineIcon.occurs(in: text) {
            return drawLineWithIcons(text, size: size, bold: bold, baselineStart: start, color: color, alpha: alpha)
        }
        let font = Font(face: face, size: size * scale)
        if isUpright {
            let origin = device(start)
            guard Self.inkBox(metrics(text, font: font, bold: bold), origin: origin).intersects(canvas.clip.rect) else {
                return
            }
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
    func drawBlock(
        _ lines: [String], in rect: Rect, size: Double, bold: Bool, align: TextAlignment, color: Color,
        alpha: Double, clip: Rect
    ) {
        guard let (ascent, descent) = lineMetrics(size: size, bold: bold) else { return }
        var painter = self
        painter.canvas.clip = canvas.clip.intersection(PixelRect(covering: clip))
        guard !painter.canvas.clip.isEmpty else { return }
        let lineHeight = ascent + descent
        var baseline = rect.midY - lineHeight * Double(lines.count) / 2 + ascent
        for line in lines {
            let w = lineWidth(line, size: size, bold: bold)
            let x: Double =
                switch align {
                case .left: rect.minX
                case .center: rect.midX - w / 2
                case .right: rect.maxX - w
                }
            painter.drawLine(
                line, size: size, bold: bold, baselineStart: Point(x, baseline), color: color, alpha: alpha)
            baseline += lineHeight
        }
    }
}
