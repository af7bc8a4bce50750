import Core

/// A single-handle slider whose filled arc takes one solid colour picked from a gradient at the handle's
/// percentage (MS-86…89). It is not a colour ramp along the arc [ORIG, issue #3]: the colour is computed
/// from the current angle whenever it is asked for, so it follows drags, programmatic sets, animation
/// frames and colour-list edits alike. Everything else is the single slider's (MS-89).
public final class GradientCircularSlider: CircularSlider {
    /// The gradient stops, evenly spaced over 0…100 % (MS-86). Default lightGray, blue, darkGray.
    public var gradientColors: [Color] = [NamedGrey.light, Color(rgb: 0x0000FF), NamedGrey.dark]

    /// The handle's percentage of the arc: angle·100/maximumAngle.
    public var percentage: Double { angle * 100 / track.maximumAngle }

    /// The gradient colour at the handle (MS-86, MS-87).
    public override var filledArcColor: Color {
        GradientCircularSlider.color(in: gradientColors, atPercent: percentage) ?? track.filledColor
    }

    /// MS-87: with k colours, `interval = 100/(k−1)`, `ci = pct/interval`, a linear RGBA blend from
    /// `colors[floor(ci)]` to the next by the fraction. Port sides of the two bugs: exactly 100 % (and
    /// beyond) gives the last colour, and a single colour is constant. Nil for an empty list.
    public static func color(in colors: [Color], atPercent pct: Double) -> Color? {
        guard let first = colors.first else { return nil }
        let k = colors.count
        if k == 1 { return first }
        let p = pct.isFinite ? max(0, pct) : 0
        if p >= 100 { return colors[k - 1] }
        let ci = p / (100 / Double(k - 1))
        let i = min(Int(ci.rounded(.down)), k - 1)
        return blend(colors[i], colors[min(i + 1, k - 1)], ci - Double(i))
    }

    /// Linear interpolation of each RGBA channel, rounded to the nearest step.
    static func blend(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8(max(0, min(255, (Double(x) + (Double(y) - Double(x)) * t).rounded())))
        }
        return Color(r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: mix(a.a, b.a))
    }

    // MARK: Colour list helpers (MS-88)

    /// Appends a colour.
    public func addColor(_ color: Color) { gradientColors.append(color) }

    /// Replaces the colour at `index`; a bad index throws.
    public func changeColor(at index: Int, to color: Color) throws(CircularControlError) {
        guard gradientColors.indices.contains(index) else {
            throw .indexOutOfRange(index: index, count: gradientColors.count)
        }
        gradientColors[index] = color
    }

    /// Removes the colour at `index`. Port side of the inverted guard: allowed only while more than two
    /// colours remain before removal, so the list never drops below two.
    public func removeColor(at index: Int) throws(CircularControlError) {
        guard gradientColors.count > 2 else { throw .tooFewColors }
        guard gradientColors.indices.contains(index) else {
            throw .indexOutOfRange(index: index, count: gradientColors.count)
        }
        gradientColors.remove(at: index)
    }
}
