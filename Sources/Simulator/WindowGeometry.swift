import Core
import Display

/// Where the panel's picture sits in the window: the scan-out image (the canvas turned by the
/// rotation, as a panel mounted that way receives it), enlarged by `zoom` and framed by a bezel.
/// Pure, so the mouse mapping is tested without a window.
struct WindowGeometry: Equatable {
    /// The kiosk's canvas, upright.
    let canvas: PixelSize
    let rotation: DisplayRotation
    /// Window pixels per panel pixel (an integer for `--scale`; any value for `--dpi`).
    let zoom: Double
    /// The bezel's width in window pixels, on every side (0 without `--dpi`).
    let bezel: Int

    /// The picture as the panel holds it (its native orientation).
    var scanout: PixelSize { rotation.swapsAxes ? canvas.transposed : canvas }

    /// The picture's size in the window.
    var picture: PixelSize {
        PixelSize(
            width: Int((Double(scanout.width) * zoom).rounded()), height: Int((Double(scanout.height) * zoom).rounded())
        )
    }

    /// The whole window.
    var window: PixelSize { PixelSize(width: picture.width + 2 * bezel, height: picture.height + 2 * bezel) }

    /// A window point (mouse coordinates) as a canvas point, or nil when it is on the bezel.
    func canvasPoint(windowX: Double, windowY: Double) -> Point? {
        let sx = (windowX - Double(bezel)) / zoom, sy = (windowY - Double(bezel)) / zoom
        guard sx >= 0, sy >= 0, sx < Double(scanout.width), sy < Double(scanout.height) else { return nil }
        let w = Double(canvas.width), h = Double(canvas.height)
        // The inverse of the quarter turn the copy applies (`DisplayRotation.scanoutPoint`).
        switch rotation {
        case .deg0: return Point(sx, sy)
        case .deg90: return Point(sy, h - sx)
        case .deg180: return Point(w - sx, h - sy)
        case .deg270: return Point(w - sy, sx)
        }
    }

    /// A canvas rectangle as a scan-out rectangle (for overlays drawn over the scan-out image).
    func scanoutRect(_ r: Rect) -> Rect {
        let w = Double(canvas.width), h = Double(canvas.height)
        switch rotation {
        case .deg0: return r
        case .deg90: return Rect(x: h - r.maxY, y: r.minX, width: r.height, height: r.width)
        case .deg180: return Rect(x: w - r.maxX, y: h - r.maxY, width: r.width, height: r.height)
        case .deg270: return Rect(x: r.minY, y: w - r.maxX, width: r.height, height: r.width)
        }
    }

    /// A canvas point as a scan-out point.
    func scanoutPoint(_ p: Point) -> Point {
        let r = scanoutRect(Rect(x: p.x, y: p.y, width: 0, height: 0))
        return Point(r.minX, r.minY)
    }
}
