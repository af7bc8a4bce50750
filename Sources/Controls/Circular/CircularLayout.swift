import Core

/// Where one label goes (MS-45). Widgets measures the text and centres its natural size on `drawnCenter`,
/// upright on screen.
public struct LabelPlacement: Hashable, Sendable {
    /// The label's text.
    public var text: String
    /// Compass angle of the label.
    public var angle: Double
    /// Centre in unrotated local coordinates (the MS-45 formula).
    public var center: Point
    /// Centre in drawn local coordinates (turned with the control, MS-40).
    public var drawnCenter: Point
}

/// Where one marker goes (MS-46). Drawn upright, centred on `drawnCenter`.
public struct MarkerPlacement: Hashable, Sendable {
    /// Compass angle of the marker.
    public var angle: Double
    /// The marker square in unrotated local coordinates.
    public var rect: Rect
    /// Centre of the marker square in drawn local coordinates.
    public var drawnCenter: Point
    /// Side of the marker square.
    public var side: Double
    /// What to draw; a `.path` is already translated so its bounding-box centre is `drawnCenter`.
    public var look: MarkerLook
}

extension CircularGeometry {
    /// The layout of every label of `track` (MS-45).
    public func labelPlacements(_ track: CircularTrack) -> [LabelPlacement] {
        let angles = track.evenAngles(count: track.labels.count)
        return zip(track.labels, angles).map { text, a in
            let c = labelCenter(angle: a, fontSize: track.labelFontSize, labelOffset: track.labelOffset)
            return LabelPlacement(text: text, angle: a, center: c, drawnCenter: drawn(c))
        }
    }

    /// The layout of every marker of `track` (MS-46); `handleDiameter` is the (first) handle's.
    public func markerPlacements(_ track: CircularTrack, handleDiameter: Double) -> [MarkerPlacement] {
        track.evenAngles(count: track.markerCount).map { a in
            let r = markerRect(angle: a, handleDiameter: handleDiameter)
            let c = drawn(r.center)
            var look = track.markerLook
            if case .path(let shape) = look { look = .path(CircularGeometry.centered(shape, on: c)) }
            return MarkerPlacement(angle: a, rect: r, drawnCenter: c, side: r.width, look: look)
        }
    }

    /// `shape` moved so that the centre of its bounding box is `c` (port side of the MS-46 path bug).
    static func centered(_ shape: MarkerShape, on c: Point) -> MarkerShape {
        guard let box = shape.bounds else { return shape }
        return shape.moved(by: Vector(c.x - box.midX, c.y - box.midY))
    }
}
