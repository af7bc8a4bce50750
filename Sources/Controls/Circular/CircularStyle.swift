import Core

/// The four handle shapes (MS-1). The raw values are the integers config files and the original's
/// Interface Builder path use.
public enum CircularHandleType: Int, Hashable, Sendable, CaseIterable {
    case smallCircle = 0
    case mediumCircle = 1
    case largeCircle = 2
    /// A semi-transparent large disc with a small disc nested inside.
    case doubleCircle = 3
}

/// The direction of the current drag (MS-2), screen-clockwise.
public enum SlidingDirection: Int, Hashable, Sendable {
    case clockwise = 1
    case counterclockwise = -1
    case none = 0
}

/// How an arc's ends are stroked (MS-13).
public enum ArcLineCap: Hashable, Sendable {
    case butt, round, square
}

/// The named greys of the original (UIKit's darkGray is white 0.333, lightGray 0.667, gray 0.5).
public enum NamedGrey {
    /// UIKit darkGray: 0.333 white.
    public static let dark = Color(r: 85, g: 85, b: 85)
    /// UIKit lightGray: 0.667 white.
    public static let light = Color(r: 170, g: 170, b: 170)
    /// UIKit gray: 0.5 white.
    public static let mid = Color(r: 128, g: 128, b: 128)
}

/// The look of one handle (MS-15…21; MS-74 for the second handle). Each handle of the two-handle slider has
/// its own style.
public struct HandleStyle: Hashable, Sendable {
    /// Fill colour (MS-15).
    public var color: Color = NamedGrey.dark
    /// Shape (MS-16).
    public var type: CircularHandleType = .largeCircle
    /// Extra diameter of large and double handles, ≥ 0 (MS-17); negative values are clamped to 0.
    public var enlargementPoints: Int = 10 { didSet { enlargementPoints = max(0, enlargementPoints) } }
    /// Whether a pressed handle is drawn highlighted (MS-18, MS-43).
    public var highlightable: Bool = true
    /// An image (asset name, resolved by Widgets) that replaces colour and shape (MS-19, MS-44).
    public var imageName: String? = nil
    /// Whether the image turns with the handle angle so that its "up" points outwards (MS-20).
    public var rotatable: Bool = false

    /// A style with the spec's defaults (darkGray large circle, enlargement 10, highlightable).
    public init() {}

    /// The diameter for a track of `lineWidth` (MS-42): small = lineWidth/2, medium = lineWidth,
    /// large and double = lineWidth + enlargement.
    public func diameter(lineWidth: Int) -> Double {
        switch type {
        case .smallCircle: return Double(lineWidth) / 2
        case .mediumCircle: return Double(lineWidth)
        case .largeCircle, .doubleCircle: return Double(lineWidth + enlargementPoints)
        }
    }

    /// The discs to draw, back to front (MS-43); none when an image is set, which replaces colour and
    /// shape (MS-44). The alpha is *replaced*, not multiplied: pressed-highlight means pressed and
    /// `highlightable`.
    public func discs(lineWidth: Int, pressed: Bool) -> [HandleDisc] {
        if imageName != nil { return [] }
        let d = diameter(lineWidth: lineWidth)
        let lit = pressed && highlightable
        switch type {
        case .doubleCircle:
            return [
                HandleDisc(radius: d / 4, color: color.replacingAlpha(lit ? 0.9 : 1.0)),
                HandleDisc(radius: d / 2, color: color.replacingAlpha(lit ? 0.6 : 0.7)),
            ]
        case .smallCircle, .mediumCircle, .largeCircle:
            return [HandleDisc(radius: d / 2, color: lit ? color.replacingAlpha(0.9) : color)]
        }
    }

    /// The rotation of the handle image about its own centre, inside the fixed d×d square (MS-44, port
    /// side: no rescaling). Zero unless `rotatable`; drawn in the control's rotated frame (MS-40).
    public func imageRotation(compassAngle: Double) -> Angle {
        rotatable ? .degrees(compassAngle) : .zero
    }
}

/// One filled disc of a handle, centred on the handle centre.
public struct HandleDisc: Hashable, Sendable {
    /// Radius of the disc.
    public var radius: Double
    /// Fill, with the alpha the highlight rules give (MS-43).
    public var color: Color
}

/// How markers look (MS-46): the path takes precedence over the image, which takes precedence over the
/// default ellipse.
public enum MarkerLook: Hashable, Sendable {
    /// A filled ellipse in `markerColor` inscribed in the marker square.
    case ellipse
    /// An image (asset name) scaled into the marker square.
    case image(String)
    /// A shape filled with `markerColor`, its bounding-box centre placed on the marker centre (port side
    /// of the MS-46 bug).
    case path(MarkerShape)
}

/// A marker's own shape (MS-28): closed outlines in points, filled together with the non-zero winding
/// rule, so an outline inside another and wound the other way is a hole.
public struct MarkerShape: Hashable, Sendable, ExpressibleByArrayLiteral {
    /// Each outline's corners, in order; each closes back to its first.
    public var contours: [[Point]]

    /// A shape of these outlines.
    public init(contours: [[Point]]) { self.contours = contours }
    /// One closed polygon through `points`.
    public init(arrayLiteral points: Point...) { contours = [points] }

    /// The box around every corner, nil for a shape without any.
    public var bounds: Rect? {
        guard let first = contours.lazy.flatMap({ $0 }).first else { return nil }
        var x0 = first.x, x1 = first.x, y0 = first.y, y1 = first.y
        for contour in contours {
            for p in contour { x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y) }
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The shape moved by `v`.
    public func moved(by v: Vector) -> MarkerShape {
        MarkerShape(contours: contours.map { $0.map { $0 + v } })
    }
}

/// The layers of a circular slider in drawing order (MS-47): labels above the handle, markers below it.
public enum CircularLayer: Hashable, Sendable, CaseIterable {
    case unfilledArc, filledArc, markers, handle, labels
}

/// A rejected argument of a circular control's API.
public enum CircularControlError: Error, Hashable, Sendable {
    /// An index outside the list (MS-68, MS-88).
    case indexOutOfRange(index: Int, count: Int)
    /// `minimumValue` equal to `maximumValue` (MS-5).
    case emptyValueRange
    /// Removing a gradient colour would leave fewer than two (MS-88).
    case tooFewColors
}

extension Color {
    /// The same colour with its alpha *replaced* by `alpha` (0…1), as UIKit's `withAlphaComponent`.
    public func replacingAlpha(_ alpha: Double) -> Color {
        var c = self
        c.a = UInt8(max(0, min(255, (alpha * 255).rounded())))
        return c
    }
}
