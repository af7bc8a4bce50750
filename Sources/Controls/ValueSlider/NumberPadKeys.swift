import Core

/// One key of the number pad (NP-23's `NumberKeyBundle`), as data.
public struct NumberKey: Hashable, Sendable {
    /// What the key does; derived from its label and the pad's key strings (NP-20, NP-27).
    public enum Role: Hashable, Sendable { case digit, decimal, clear, delete, ok, other }

    /// The title, also the identity passed to the host.
    public var label: String
    /// What the key does.
    public var role: Role
    /// The key's fill (NP-23 defaults: C navy, ⌫ maroon, ✓ green, the rest dark grey).
    public var backgroundColor: Color
    /// Size in grid cells.
    public var width: Int
    /// Rows spanned.
    public var height: Int
    /// True → the callout behaviour of NP-26 (digits and the decimal key); false → a plain button (NP-25).
    public var zoomOnPress: Bool

    /// A key; `zoomOnPress` defaults to true for digits and the decimal key.
    public init(
        label: String, role: Role, backgroundColor: Color = NumberKey.darkGrey, width: Int = 1, height: Int = 1,
        zoomOnPress: Bool? = nil
    ) {
        self.label = label; self.role = role; self.backgroundColor = backgroundColor
        self.width = max(1, width); self.height = max(1, height)
        self.zoomOnPress = zoomOnPress ?? (role == .digit || role == .decimal)
    }

    /// The default key fill.
    public static let darkGrey = Color(r: 85, g: 85, b: 85)
    /// C's fill.
    public static let navy = Color(r: 0, g: 0, b: 128)
    /// ⌫'s fill.
    public static let maroon = Color(r: 128, g: 0, b: 0)
    /// ✓'s fill.
    public static let green = Color(r: 0, g: 128, b: 0)
}

/// The pad's key labels (NP-20); they double as the keys' identities.
public struct NumberPadKeyStrings: Hashable, Sendable {
    /// U+2713.
    public var ok = "\u{2713}"
    /// "C".
    public var clear = "C"
    /// U+232B.
    public var delete = "\u{232B}"
    /// The locale's decimal separator (NP-36), given by the host.
    public var decimal: String
    /// The default labels with the given decimal separator.
    public init(decimal: String = ".") { self.decimal = decimal }
}

/// The key grid (NP-21, NP-22): 4 columns of 44 pt cells, 5 pt apart, inside a 211×211 pad view.
public enum NumberPadLayout {
    /// The key area's side.
    public static let padSize = 201.0
    /// One grid cell's side.
    public static let keyCell = 44.0
    /// The gap between cells.
    public static let separation = 5.0
    /// The pad view's margin around the key area.
    public static let frameInset = 5.0
    /// Key corner radius (also the callout outline's).
    public static let keyCornerRadius = 8.0
    /// How far outside the callout outline a finger may stray.
    public static let calloutCancelTolerance = 10.0
    /// The pad view's side: 201 + 2 × 5.
    public static var viewSide: Double { padSize + 2 * frameInset }

    /// The default table (NP-22, NP-23): 7 8 9 C / 4 5 6 ⌫ / 1 2 3 ✓(tall) / 0(wide) decimal.
    public static func defaultKeys(_ s: NumberPadKeyStrings) -> [[NumberKey]] {
        func d(_ n: String, width: Int = 1) -> NumberKey { NumberKey(label: n, role: .digit, width: width) }
        return [
            [d("7"), d("8"), d("9"), NumberKey(label: s.clear, role: .clear, backgroundColor: NumberKey.navy)],
            [d("4"), d("5"), d("6"), NumberKey(label: s.delete, role: .delete, backgroundColor: NumberKey.maroon)],
            [d("1"), d("2"), d("3"), NumberKey(label: s.ok, role: .ok, backgroundColor: NumberKey.green, height: 2)],
            [d("0", width: 2), NumberKey(label: s.decimal, role: .decimal)],
        ]
    }

    /// Key frames in pad-view coordinates: x = 10 + 49c, y = 10 + 49r, w = 49w − 5, h = 49h − 5. A wide
    /// key makes later keys in its row skip columns; tall keys are not checked against rows below [QUIRK].
    public static func frames(_ rows: [[NumberKey]]) -> [(key: NumberKey, frame: Rect)] {
        frames(rows, metrics: .reference)
    }

    /// Key frames in pad-view coordinates for `metrics`: the reference grid (NP-21) scaled to its key
    /// cell and pushed down below its message row.
    public static func frames(_ rows: [[NumberKey]], metrics: NumberPadMetrics) -> [(key: NumberKey, frame: Rect)] {
        let pitch = metrics.keyCell + metrics.separation, origin = metrics.frameInset + metrics.separation
        var out: [(NumberKey, Rect)] = []
        for (r, row) in rows.enumerated() {
            var c = 0
            for key in row {
                out.append(
                    (
                        key,
                        Rect(
                            x: origin + pitch * Double(c), y: origin + metrics.messageHeight + pitch * Double(r),
                            width: pitch * Double(key.width) - metrics.separation,
                            height: pitch * Double(key.height) - metrics.separation)
                    ))
                c += key.width
            }
        }
        return out
    }

    /// The callout above a zoom key (NP-26): 5 pt above it, 12.25 pt wider on each side, as tall as the key.
    public static func calloutFrame(forKey k: Rect) -> Rect {
        Rect(x: k.minX - 12.25, y: k.minY - k.height - 5, width: k.width + 24.5, height: k.height)
    }

    /// The box a pressed zoom key's finger must stay in (NP-26): the outline's box grown by 10 pt.
    public static func abortBox(forKey k: Rect) -> Rect {
        calloutFrame(forKey: k).union(k).outsetBy(calloutCancelTolerance)
    }
}

/// The pad's sizes. The reference grid (NP-21) has 44 pt keys, under the 9 mm a kiosk finger needs, and
/// no room to say why ✓ was refused; a kiosk pad takes bigger keys and a message row above them.
public struct NumberPadMetrics: Hashable, Sendable {
    /// One grid cell's side.
    public var keyCell: Double
    /// The gap between cells.
    public var separation: Double
    /// The pad view's margin around the key area.
    public var frameInset: Double
    /// The row above the keys for the accepted range and why ✓ was refused; 0 for none.
    public var messageHeight: Double

    /// A pad with `keyCell` keys, the reference gaps, and a message row of `messageHeight`.
    public init(
        keyCell: Double, separation: Double = NumberPadLayout.separation,
        frameInset: Double = NumberPadLayout.frameInset,
        messageHeight: Double = 0
    ) {
        self.keyCell = keyCell; self.separation = separation; self.frameInset = frameInset;
        self.messageHeight = messageHeight
    }

    /// NP-21: 44 pt cells, 5 pt apart, 5 pt inset, no message row: a 211×211 view.
    public static let reference = NumberPadMetrics(keyCell: NumberPadLayout.keyCell)

    /// The key area's side (4 cells and 5 gaps; 201 for the reference).
    public var keyAreaSide: Double { 4 * keyCell + 5 * separation }
    /// The pad view's size: the key area and the message row, inset on every side.
    public var viewSize: Size { Size(keyAreaSide + 2 * frameInset, keyAreaSide + messageHeight + 2 * frameInset) }
    /// The message row in pad-view coordinates (empty when there is none).
    public var messageFrame: Rect {
        Rect(
            x: frameInset + separation, y: frameInset + separation, width: keyAreaSide - 2 * separation,
            height: max(0, messageHeight - separation))
    }
}
