import Core
import Raster
/// The pixel layout of a scan-out buffer. The canvas is always XRGB8888 (0xXXRRGGBB in a native
/// little-endian UInt32); the scan-out side may be narrower on small panels. RGB565 is converted
/// by Raster's `RGB565`, the same conversion the rasterizer's 16-bit canvases use.
public enum ScanoutFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// 32 bits per pixel, byte order B, G, R, X in memory (DRM_FORMAT_XRGB8888).
    case xrgb8888
    /// 16 bits per pixel, red in bits 11–15, green 5–10, blue 0–4 (DRM_FORMAT_RGB565).
    case rgb565

    /// The same layout as the rasterizer names it (the fact of how wide a pixel is lives there).
    public var pixelFormat: PixelFormat { self == .xrgb8888 ? .xrgb8888 : .rgb565 }
    /// Bytes per pixel in the scan-out buffer.
    public var bytesPerPixel: Int { pixelFormat.bytesPerPixel }
    /// Bits per pixel, as the dumb-buffer ioctl and fbdev want it.
    public var bitsPerPixel: Int { bytesPerPixel * 8 }
    public var description: String { rawValue.uppercased() }
}

/// How the upright canvas is turned onto a panel that is mounted sideways or upside down.
///
/// The canvas is turned clockwise by the angle while it is copied: with `.deg90` the canvas's top
/// edge lands on the scan-out buffer's right edge. For a canvas `cw` × `ch`, canvas pixel (x, y)
/// lands on scan-out pixel
/// - `.deg0`: (x, y); `.deg90`: (ch − 1 − y, x); `.deg180`: (cw − 1 − x, ch − 1 − y);
///   `.deg270`: (y, cw − 1 − x).
public enum DisplayRotation: Int, Sendable, CaseIterable, CustomStringConvertible {
    case deg0 = 0, deg90 = 90, deg180 = 180, deg270 = 270

    /// Parses "0", "90", "180", "270" (as written in the config).
    public init?(degrees: Int) { self.init(rawValue: degrees) }

    /// True for the quarter turns, which swap width and height.
    public var swapsAxes: Bool { self == .deg90 || self == .deg270 }

    /// The canvas size for a scan-out buffer of `scanout` size.
    public func canvasSize(forScanout scanout: PixelSize) -> PixelSize {
        swapsAxes ? scanout.transposed : scanout
    }

    /// Where canvas pixel (`x`, `y`) lands on the scan-out buffer (canvas of `canvas` size).
    @inline(__always)
    public func scanoutPoint(x: Int, y: Int, canvas: PixelSize) -> (x: Int, y: Int) {
        switch self {
        case .deg0: return (x, y)
        case .deg90: return (canvas.height - 1 - y, x)
        case .deg180: return (canvas.width - 1 - x, canvas.height - 1 - y)
        case .deg270: return (y, canvas.width - 1 - x)
        }
    }

    /// Where a canvas rectangle lands on the scan-out buffer (canvas of `canvas` size).
    public func scanoutRect(for r: PixelRect, canvas: PixelSize) -> PixelRect {
        switch self {
        case .deg0: return r
        case .deg90: return PixelRect(x: canvas.height - r.maxY, y: r.x, width: r.height, height: r.width)
        case .deg180:
            return PixelRect(
                x: canvas.width - r.maxX, y: canvas.height - r.maxY,
                width: r.width, height: r.height)
        case .deg270: return PixelRect(x: r.y, y: canvas.width - r.maxX, width: r.height, height: r.width)
        }
    }

    public var description: String { "\(rawValue)°" }
}
