import ConfigModel
import Core

/// The kiosk's contrast rule (issue 36, after WCAG 2.1 SC 1.4.3 and 1.4.11): text reaches 4.5:1 against
/// what it is drawn on, 3:1 from 18 pt (14 pt bold); thumbs, focus marks and the value's fill reach 3:1.
/// Handles are kept to it by the ring drawn around one that would vanish (`HandleHalo`), so no colour
/// choice can break it for them. `check-config` warns about every pair a config's colours break.
public enum ContrastRule {
    /// Parts of a control one must see, and large text.
    public static let parts = 3.0
    /// Text under 18 pt (14 pt bold).
    public static let smallText = 4.5

    /// The ratio text of `size` points needs.
    public static func minimum(textSize: Double, bold: Bool) -> Double {
        textSize >= 18 || (bold && textSize >= 14) ? parts : smallText
    }

    /// One colour drawn on another, and what it must reach.
    public struct Pair: Hashable, Sendable {
        /// The key whose colour is drawn (a warning points at it).
        public var key: String
        /// What it is, in a warning's words ("label text at 16 pt").
        public var what: String
        public var color: Color
        /// What it is drawn on, and that ground's name ("the theme's background").
        public var ground: Color
        public var groundName: String
        /// The key of the ground when it is a theme colour (a warning points there when the colour
        /// itself was not written).
        public var groundKey: String? = nil
        public var minimum: Double

        /// The contrast of the two, opaque.
        public var ratio: Double { color.contrastRatio(with: ground) }
        public var passes: Bool { ratio >= minimum }

        /// A check-config warning's words.
        public var message: String {
            "expected \(what) \(color.hex) to reach a contrast of \(Self.ratio(minimum)) against \(groundName) \(ground.hex), found \(Self.ratio(ratio))"
        }

        static func ratio(_ r: Double) -> String {
            let tenths = (r * 10).rounded(.down) / 10
            return (tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)) + ":1"
        }
    }

    /// The theme's own pairs: text on the background and on popups, the accent (fills, outlines, the
    /// navigation bar's mark) and the seeker's thumb on the background.
    public static func pairs(of t: Theme) -> [Pair] {
        let ground = "the theme's background"
        return [
            Pair(
                key: "text", what: "text", color: t.text, ground: t.background, groundName: ground,
                groundKey: "background", minimum: smallText),
            Pair(
                key: "text", what: "text on popups and cards", color: t.text, ground: t.popupBackground,
                groundName: "the theme's popup_background", groundKey: "popup_background", minimum: smallText),
            Pair(
                key: "muted_text", what: "muted text (captions)", color: t.mutedText, ground: t.background,
                groundName: ground, groundKey: "background", minimum: smallText),
            Pair(
                key: "accent", what: "the accent (fills, outlines, focus marks)", color: t.accent, ground: t.background,
                groundName: ground, groundKey: "background", minimum: parts),
            Pair(
                key: "seeker_thumb", what: "the seeker's thumb", color: t.seekerThumb, ground: t.background,
                groundName: ground, groundKey: "background", minimum: parts),
        ]
    }

    /// The pairs an element's own colour keys make with the ground it is drawn on (the screen's or a
    /// card's); keys left out take the theme's colours, which `pairs(of:)` covers.
    public static func pairs(kind: String, _ p: ConfigTable, ground: Color, groundName: String) -> [Pair] {
        var out: [Pair] = []
        func text(_ key: String, _ what: String, size: Double, bold: Bool) {
            guard let c = p.color(key) else { return }
            out.append(
                Pair(
                    key: key, what: "\(what) at \(Schema.format(size)) pt", color: c, ground: ground,
                    groundName: groundName,
                    minimum: minimum(textSize: size, bold: bold)))
        }
        func part(_ key: String, _ what: String) {
            guard let c = p.color(key) else { return }
            out.append(Pair(key: key, what: what, color: c, ground: ground, groundName: groundName, minimum: parts))
        }
        if kind == "label" { text("color", "label text", size: p.number("size") ?? 16, bold: p.bool("bold") ?? false) }
        // A readout is bold; without a size it is a sixth of the frame, large on any dial worth a readout.
        text("readout_color", "the readout", size: p.number("readout_size") ?? 18, bold: true)
        text("label_color", "dial labels", size: p.number("label_size") ?? 12, bold: false)
        if kind == "arc-seeker" { part("thumb_color", "the seeker's thumb") }
        if kind == "gauge" { part("color", "the gauge's fill") }
        return out
    }
}
