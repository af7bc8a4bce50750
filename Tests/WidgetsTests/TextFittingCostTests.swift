import Testing
import TestSupport
@testable import Widgets

/// Text fitting asks for O(log n) measurements per line, not one per character, and still finds
/// what the one-character-at-a-time walk found.
@Suite("Text fitting: cost and results")
struct TextFittingCostTests {
    /// A measure with widths that differ per character and a kerning pair that pulls "AV" closer
    /// (by less than a glyph, so a longer text is never narrower than its start, as with a real face).
    static func width(_ s: String) -> Double {
        var w = 0.0
        var previous: Character?
        for c in s {
            switch c {
            case " ": w += 4
            case "i", "l", ".": w += 3
            case "m", "W", "…": w += 12
            case "é", "°": w += 7
            default: w += 8
            }
            if previous == "A" && c == "V" { w -= 2 }
            previous = c
        }
        return w
    }

    /// Counts the calls and the characters measured.
    final class Meter {
        var calls = 0, characters = 0
        func measure(_ s: String) -> Double { calls += 1; characters += s.count; return TextFittingCostTests.width(s) }
    }

    static let n = 4096
    /// A 4,096-character text of words, and one of a single word.
    static let words = String((0..<n).map { i in i % 7 == 6 ? " " : Array("AVmilé°xWq")[i % 10] })
    static let word = String(repeating: "AVmilé°xWq", count: n / 10 + 1).prefix(n).description
    /// c · log₂ n measurements per line fitted; the one-at-a-time walk takes about n.
    static let perLine = 3 * 12 + 2

    @Test("Ellipsizing a 4,096-character text measures O(log n) strings, all but one short")
    func ellipsisCost() {
        for text in [Self.words, Self.word] {
            let meter = Meter()
            let shown = TextLayout.ellipsized(text, width: 300, measure: meter.measure)
            #expect(shown.hasSuffix("…") && Self.width(shown) <= 300)
            #expect(meter.calls <= Self.perLine, "\(meter.calls) measurements")
            // The whole text once (does it fit?), then candidates about the width of the line.
            #expect(meter.characters <= Self.n + Self.perLine * 100, "\(meter.characters) characters measured")
        }
    }

    @Test("Wrapping a 4,096-character text measures O(log n) strings per line kept")
    func wrapCost() {
        for text in [Self.words, Self.word] {
            for maxLines in [1, 3, 40] {
                let meter = Meter()
                let lines = TextLayout.wrap(text, width: 300, maxLines: maxLines, measure: meter.measure)
                #expect(lines.count == maxLines && lines.last!.hasSuffix("…"))
                #expect(
                    meter.calls <= (maxLines + 2) * Self.perLine, "\(meter.calls) measurements for \(maxLines) lines")
                #expect(
                    meter.characters <= 2 * Self.n + (maxLines + 2) * Self.perLine * 100,
                    "\(meter.characters) characters measured for \(maxLines) lines")
            }
        }
    }

    @Test("Truncating a 4,096-character text at the tail or in the middle measures O(log n) strings")
    func truncationCost() {
        for middle in [false, true] {
            let meter = Meter()
            let shown = TextLayout.truncated(Self.words, width: 300, middle: middle, measure: meter.measure)
            #expect(shown.contains("…") && Self.width(shown) <= 300)
            #expect(meter.calls <= Self.perLine, "\(meter.calls) measurements")
        }
    }

    @Test("The search finds the largest count that fits, with O(log n) probes, the small ones first")
    func search() {
        for limit in [0, 1, 2, 3, 7, 100, 4095, 4096] {
            var probes: [Int] = []
            let found = TextLayout.largest(in: 1...4096) {
                probes.append($0); return $0 <= limit
            }
            #expect(found == (limit == 0 ? nil : limit))
            #expect(probes.count <= 2 * 12 + 2, "\(probes.count) probes for \(limit)")
            #expect(probes.allSatisfy { $0 <= max(1, 2 * limit + 1) }, "no probe far beyond the answer \(limit)")
        }
    }

    @Test("Same results as the one-character-at-a-time walk over random texts, widths and line counts")
    func sameAsWalk() {
        var random = SeededRandom(seed: 37)
        let alphabet = Array("AVmilé°xWq  …\n")
        for _ in 0..<3000 {
            let text = String((0..<random.int(48)).map { _ in alphabet[random.int(alphabet.count)] })
            let line = String(text.map { $0 == "\n" ? " " : $0 })
            let width = random.range(0, 200).rounded()
            let maxLines = random.int(6)
            let m = Self.width
            #expect(
                TextLayout.ellipsized(line, width: width, measure: m)
                    == Walk.ellipsized(line, width: width, measure: m),
                "ellipsized \(line.debugDescription) in \(width)")
            #expect(
                TextLayout.ellipsized(line, width: width, force: true, measure: m)
                    == Walk.ellipsized(line, width: width, force: true, measure: m),
                "forced \(line.debugDescription) in \(width)")
            #expect(
                TextLayout.wrap(text, width: width, maxLines: maxLines, measure: m)
                    == Walk.wrap(text, width: width, maxLines: maxLines, measure: m),
                "wrap \(text.debugDescription) in \(width), \(maxLines) lines")
            for middle in [false, true] {
                #expect(
                    TextLayout.truncated(line, width: width, middle: middle, measure: m)
                        == Walk.truncated(line, width: width, middle: middle, measure: m),
                    "truncated \(line.debugDescription) in \(width), middle \(middle)")
            }
        }
    }
}

/// The one-character-at-a-time fitting the search replaced, kept as the reference it must agree with.
enum Walk {
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
                    let chars = Array(rest)
                    var n = 1
                    while n < chars.count, measure(String(chars[..<(n + 1)])) <= width { n += 1 }
                    lines.append(String(chars[..<n]))
                    rest.removeFirst(n)
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

    static func ellipsized(_ text: String, width: Double, force: Bool = false, measure: (String) -> Double) -> String {
        if !force && measure(text) <= width { return text }
        var chars = Array(text)
        while !chars.isEmpty {
            var head = String(chars)
            while head.last == " " { head.removeLast() }
            if measure(head + "…") <= width { return head + "…" }
            chars.removeLast()
        }
        return "…"
    }

    static func truncated(_ text: String, width: Double, middle: Bool, measure: (String) -> Double) -> String {
        var chars = Array(text)
        var shown = text
        while chars.count > 1, measure(shown) > width {
            if middle {
                chars.remove(at: chars.count / 2)
                let half = (chars.count + 1) / 2
                shown = String(chars[..<half]) + "…" + String(chars[half...])
            } else {
                chars.removeLast()
                shown = String(chars) + "…"
            }
        }
        return shown
    }
}
