import Core

/// OTPopupView's outline and look (NP-42, NP-43) as data for Widgets.
public enum PopupContour {
    /// The fill: a vertical gradient top to bottom of the outline frame, whatever the direction (NP-43).
    /// Applied once at the first display [QUIRK NP-39]: a view keeps the style it was built with.
    public struct Style: Hashable, Sendable {
        /// Top to bottom.
        public var gradientColors: [Color]
        /// Stop positions in [0, 1].
        public var gradientLocations: [Double]
        /// The drop shadow's colour.
        public var shadowColor: Color
        /// The drop shadow's offset.
        public var shadowOffset: Vector
        /// The drop shadow's blur radius.
        public var shadowBlur: Double
        /// A style; the defaults are NP-39/43's.
        public init(
            gradientColors: [Color] = [
                Color(r: 77, g: 77, b: 77), Color(r: 51, g: 51, b: 51), Color(r: 64, g: 64, b: 64),
            ],
            gradientLocations: [Double] = [0, 0.8, 1.0], shadowColor: Color = Color.black.withAlpha(0.5),
            shadowOffset: Vector = Vector(0, 2), shadowBlur: Double = 2
        ) {
            self.gradientColors = gradientColors; self.gradientLocations = gradientLocations
            self.shadowColor = shadowColor; self.shadowOffset = shadowOffset; self.shadowBlur = shadowBlur
        }
        /// Greys 0.30, 0.20, 0.25 at 0, 0.8, 1.0; black 50 % shadow, offset (0, 2), blur 2.
        public static let standard = Style()
    }

    /// Where the popup P lies relative to the base B.
    public enum Direction: Hashable, Sendable { case above, below, left, right, overlapping }

    /// P above, below, left or right of B, or overlapping it.
    public static func direction(base b: Rect, popup p: Rect) -> Direction {
        if p.maxY <= b.minY { return .above }
        if p.minY >= b.maxY { return .below }
        if p.maxX <= b.minX { return .left }
        if p.minX >= b.maxX { return .right }
        return .overlapping
    }

    /// One closed outline around B and P with corner radius `r` (NP-42). The shape is built with P above
    /// B and turned back: below → 180°, left → 90°, right → 270°. [PORT] Overlapping rectangles (an
    /// assertion in the original) give the union of two rounded rectangles (two subpaths, non-zero fill).
    public static func outline(base b: Rect, popup p: Rect, radius r: Double) -> [PathElement] {
        let turn: Double
        switch direction(base: b, popup: p) {
        case .above: turn = 0
        case .below: turn = 180
        case .left: turn = 90
        case .right: turn = 270
        case .overlapping: return roundedRect(b, r) + roundedRect(p, r)
        }
        let toNormal = Transform.rotation(.degrees(turn))
        guard let back = toNormal.inverted else { return [] }
        let shape = normalised(base: bounding(b, toNormal), popup: bounding(p, toNormal), radius: r)
        return turn == 0 ? shape : shape.map { $0.applying(back) }
    }

    /// A rounded rectangle, clockwise from its top-left corner's end.
    public static func roundedRect(_ rect: Rect, _ radius: Double) -> [PathElement] {
        let r = min(radius, rect.width / 2, rect.height / 2)
        return [
            .move(Point(rect.minX + r, rect.minY)),
            .line(Point(rect.maxX - r, rect.minY)),
            .arc(
                center: Point(rect.maxX - r, rect.minY + r), radius: r, start: .degrees(-90), end: .degrees(0),
                clockwise: true),
            .line(Point(rect.maxX, rect.maxY - r)),
            .arc(
                center: Point(rect.maxX - r, rect.maxY - r), radius: r, start: .degrees(0), end: .degrees(90),
                clockwise: true),
            .line(Point(rect.minX + r, rect.maxY)),
            .arc(
                center: Point(rect.minX + r, rect.maxY - r), radius: r, start: .degrees(90), end: .degrees(180),
                clockwise: true),
            .line(Point(rect.minX, rect.minY + r)),
            .arc(
                center: Point(rect.minX + r, rect.minY + r), radius: r, start: .degrees(180), end: .degrees(270),
                clockwise: true),
            .close,
        ]
    }

    private static func bounding(_ rect: Rect, _ t: Transform) -> Rect {
        let pts = [
            Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY), Point(rect.minX, rect.maxY),
            Point(rect.maxX, rect.maxY),
        ].map(t.apply)
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The outline with P above B, clockwise from P's top-left corner.
    static func normalised(base b: Rect, popup p: Rect, radius r: Double) -> [PathElement] {
        var path: [PathElement] = [
            .move(Point(p.minX + r, p.minY)),
            .line(Point(p.maxX - r, p.minY)),
            .arc(
                center: Point(p.maxX - r, p.minY + r), radius: r, start: .degrees(-90), end: .degrees(0),
                clockwise: true),
        ]
        // Right junction, going down.
        let rightOverhang = b.maxX - p.maxX
        if rightOverhang > r {
            // B sticks out: concave quadratic from P's right edge onto B's top edge, B's corner rounded.
            path += [
                .line(Point(p.maxX, p.maxY - r)),
                .quad(control: Point(p.maxX, b.minY), to: Point(p.maxX + r, b.minY)),
                .line(Point(b.maxX - r, b.minY)),
                .arc(
                    center: Point(b.maxX - r, b.minY + r), radius: r, start: .degrees(-90), end: .degrees(0),
                    clockwise: true),
            ]
        } else if -rightOverhang > r {
            // P sticks out: P's corner rounded, a concave quarter circle down into B's right edge.
            path += [
                .line(Point(p.maxX, p.maxY - r)),
                .arc(
                    center: Point(p.maxX - r, p.maxY - r), radius: r, start: .degrees(0), end: .degrees(90),
                    clockwise: true),
                .line(Point(b.maxX + r, p.maxY)),
                .arc(
                    center: Point(b.maxX + r, p.maxY + r), radius: r, start: .degrees(-90), end: .degrees(-180),
                    clockwise: false),
            ]
        } else {
            // Edges within r: a plain horizontal step.
            path += [.line(Point(p.maxX, p.maxY)), .line(Point(b.maxX, p.maxY))]
        }
        // B's bottom.
        path += [
            .line(Point(b.maxX, b.maxY - r)),
            .arc(
                center: Point(b.maxX - r, b.maxY - r), radius: r, start: .degrees(0), end: .degrees(90), clockwise: true
            ),
            .line(Point(b.minX + r, b.maxY)),
            .arc(
                center: Point(b.minX + r, b.maxY - r), radius: r, start: .degrees(90), end: .degrees(180),
                clockwise: true),
        ]
        // Left junction, going up.
        let leftOverhang = p.minX - b.minX  // > 0: B sticks out on the left
        if -leftOverhang > r {
            // P wider on the left: concave quarter circle out of B's left edge, P's corner rounded.
            path += [
                .line(Point(b.minX, p.maxY + r)),
                .arc(
                    center: Point(b.minX - r, p.maxY + r), radius: r, start: .degrees(0), end: .degrees(-90),
                    clockwise: false),
                .line(Point(p.minX + r, p.maxY)),
                .arc(
                    center: Point(p.minX + r, p.maxY - r), radius: r, start: .degrees(90), end: .degrees(180),
                    clockwise: true),
            ]
        } else if leftOverhang > r {
            // B wider: B's corner rounded, then a concave quadratic up onto P's left edge.
            path += [
                .line(Point(b.minX, b.minY + r)),
                .arc(
                    center: Point(b.minX + r, b.minY + r), radius: r, start: .degrees(180), end: .degrees(270),
                    clockwise: true),
                .line(Point(p.minX - r, b.minY)),
                .quad(control: Point(p.minX, b.minY), to: Point(p.minX, p.maxY - r)),
            ]
        } else {
            // Edges within r: a small rounded step with its control point at (B.left, P.bottom).
            let rise = max(0, min(r, b.maxY - r - p.maxY))
            path += [
                .line(Point(b.minX, p.maxY + rise)),
                .quad(control: Point(b.minX, p.maxY), to: Point(p.minX, p.maxY)),
            ]
        }
        path += [
            .line(Point(p.minX, p.minY + r)),
            .arc(
                center: Point(p.minX + r, p.minY + r), radius: r, start: .degrees(180), end: .degrees(270),
                clockwise: true),
            .close,
        ]
        return path
    }
}
