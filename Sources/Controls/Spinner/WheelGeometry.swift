#if canImport(Glibc)
    import Glibc
#endif
import Core

/// The spinner's popup geometry (RVS-28, RVS-30, RVS-35, RVS-37, RVS-39, RVS-72, RVS-73): pure
/// functions, the one source of truth for both drawing (Widgets) and touch handling.
public enum WheelGeometry {
    /// The popup radius R for a control centred at `center` (in its container) in a container of
    /// `containerSize` (RVS-28): the spinner uses the largest circle that fits, the picker the distance
    /// to the container's top edge.
    public static func popupRadius(center: Point, containerSize: Size, spinner: Bool) -> Double {
        if !spinner { return center.y }
        return min(center.x, containerSize.width - center.x, center.y, containerSize.height - center.y)
    }

    /// The picker's container frame in container coordinates (RVS-30): from the container's top down to
    /// the control's top edge, 2R wide about the control; [PORT] the x range is clamped to the container
    /// (RVS-73) instead of spilling off the screen. [PORT] Where there is no room above (see
    /// `pickerOpensDownward`) it opens downward instead: from the control's bottom edge to the
    /// container's bottom, 2R' wide with R' the distance from the control's centre to that bottom.
    public static func pickerFrame(controlFrame: Rect, containerSize: Size) -> Rect {
        let c = controlFrame.center
        let down = pickerOpensDownward(controlFrame: controlFrame, containerSize: containerSize)
        let r = down ? containerSize.height - c.y : popupRadius(center: c, containerSize: containerSize, spinner: false)
        let x0 = max(0, c.x - r), x1 = min(containerSize.width, c.x + r)
        let height = max(0, r - controlFrame.height / 2)
        return Rect(x: x0, y: down ? controlFrame.maxY : c.y - r, width: max(0, x1 - x0), height: height)
    }

    /// The height under which the space above a control is no room for a picker: three 40 pt rows.
    public static let pickerComfortableHeight = 120.0

    /// [PORT] Whether the picker opens downward: the original always opens upward (RVS-30), which at the
    /// top edge of a screen leaves a sliver. Down when the space above is under
    /// `pickerComfortableHeight` and the space below is larger.
    public static func pickerOpensDownward(controlFrame: Rect, containerSize: Size) -> Bool {
        let above = controlFrame.minY, below = containerSize.height - controlFrame.maxY
        return above < pickerComfortableHeight && below > above
    }

    /// The sector angle 360°/n (RVS-35); zero for an empty list.
    public static func sectorAngle(count n: Int) -> Angle { n > 0 ? .degrees(360 / Double(n)) : .zero }

    /// The wheel's rotation for `index` (RVS-35): clockwise, relative to a reference layout in which
    /// item 0 points down and the items proceed counter-clockwise.
    public static func rotation(index: Int, count n: Int) -> Angle {
        sectorAngle(count: n) * Double(index) - .degrees(180)
    }

    /// The screen angle of item `i`'s bisector for a wheel turned by `rotation`: item 0 points
    /// down in the reference layout, item i sits i sectors counter-clockwise of it.
    public static func itemAngle(_ i: Int, count n: Int, rotation: Angle) -> Angle {
        .degrees(90) - sectorAngle(count: n) * Double(i) + rotation
    }

    /// The icon side s in the wheel (RVS-37) for popup radius R, control height h and n items:
    /// min(L, |2L·tan(a/2)|, πR/n) with L = R − h − 16. [PORT] Clamped to ≥ 0 (RVS-72): a zero size means
    /// the container is too small and the icons are hidden.
    public static func iconSide(radius r: Double, controlHeight h: Double, count n: Int) -> Double {
        guard n > 0 else { return 0 }
        let l = r - h - 16
        if l <= 0 { return 0 }
        let half = sectorAngle(count: n).radians / 2
        let s = min(l, abs(2 * l * tan(half)), Double.pi * r / Double(n))
        return max(0, s)
    }

    /// The distance from the disc centre to an icon's centre: its outer edge sits 8 pt inside the rim.
    public static func iconDistance(radius r: Double, iconSide s: Double) -> Double { r - 8 - s / 2 }

    /// The smallest popup radius at which icons are drawn comfortably (RVS-72's suggestion: h + 16 + 24).
    public static func suggestedMinimumRadius(controlHeight h: Double) -> Double { h + 16 + 24 }

    /// The conic fade mask's stops (RVS-39): angular distance from 12 o'clock (degrees) → alpha.
    public static let fadeStops: [(degrees: Double, alpha: Double)] = [
        (0, 1.00), (30, 0.55), (60, 0.40), (90, 0.25), (120, 0.10), (150, 0.03), (180, 0.00),
    ]

    /// The fade-mask alpha at screen angle `angle` about the disc centre (RVS-39), interpolated
    /// linearly between the stops, symmetric about 12 o'clock.
    public static func fadeAlpha(at angle: Angle) -> Double {
        // Angular distance from the top (screen angle −90°), in [0, 180].
        let fromTop = abs((angle + .degrees(90)).normalizedSigned.degrees)
        return fadeAlpha(degreesFromTop: fromTop)
    }

    /// The fade-mask alpha at `d` degrees (either side) from 12 o'clock.
    public static func fadeAlpha(degreesFromTop d: Double) -> Double {
        let x = min(180, max(0, abs(d)))
        for k in 1..<fadeStops.count where x <= fadeStops[k].degrees {
            let a = fadeStops[k - 1], b = fadeStops[k]
            return a.alpha + (b.alpha - a.alpha) * (x - a.degrees) / (b.degrees - a.degrees)
        }
        return 0
    }

    /// The signed shortest turn from `from` to `to` in (−180°, 180°] (RVS-40 [PORT]).
    public static func shortestTurn(from: Angle, to: Angle) -> Angle { (to - from).normalizedSigned }
}
