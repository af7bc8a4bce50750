import Core
import Testing
@testable import Simulator

@Suite("Nearest-neighbour enlargement into the window")
struct NearestScalerTests {
    /// Scales the whole of a picture whose pixel (x, y) holds x + 100·y; returns the window's words.
    func scaled(
        _ picture: PixelSize, zoom: Double, window: PixelSize, rect: PixelRect? = nil, origin: Int = 0
    ) -> [UInt32] {
        let source = (0..<picture.height).flatMap { y in (0..<picture.width).map { UInt32($0 + 100 * y) } }
        let w = window.width + 2 * origin, h = window.height + 2 * origin
        var out = [UInt32](repeating: 0xFFFF_FFFF, count: w * h)
        let scaler = NearestScaler(picture: picture, zoom: zoom, window: window)
        source.withUnsafeBytes { from in
            out.withUnsafeMutableBytes { to in
                _ = scaler.scale(
                    rect ?? PixelRect(size: picture), from: from.baseAddress!, fromStride: picture.width * 4,
                    to: to.baseAddress!, toStride: w * 4, origin: (origin, origin))
            }
        }
        return out
    }

    @Test("Zoom 1 is a copy, placed at the bezel's offset")
    func identity() {
        let out = scaled(PixelSize(width: 3, height: 2), zoom: 1, window: PixelSize(width: 3, height: 2), origin: 1)
        #expect(
            out == [
                .max, .max, .max, .max, .max,
                .max, 0, 1, 2, .max,
                .max, 100, 101, 102, .max,
                .max, .max, .max, .max, .max,
            ])
    }

    @Test("Zoom 2 makes every pixel an exact 2x2 square")
    func doubled() {
        let out = scaled(PixelSize(width: 2, height: 2), zoom: 2, window: PixelSize(width: 4, height: 4))
        #expect(out == [0, 0, 1, 1, 0, 0, 1, 1, 100, 100, 101, 101, 100, 100, 101, 101])
    }

    @Test("A damaged rectangle writes only its own squares")
    func damageOnly() {
        let out = scaled(
            PixelSize(width: 2, height: 2), zoom: 2, window: PixelSize(width: 4, height: 4),
            rect: PixelRect(x: 1, y: 1, width: 1, height: 1))
        #expect(out == [.max, .max, .max, .max, .max, .max, .max, .max, .max, .max, 101, 101, .max, .max, 101, 101])
    }

    @Test("A fractional zoom (--dpi) fills the whole window with the nearest pixels")
    func fractional() {
        let out = scaled(PixelSize(width: 4, height: 1), zoom: 0.75, window: PixelSize(width: 3, height: 1))
        #expect(out == [0, 2, 3])
        let up = scaled(PixelSize(width: 2, height: 1), zoom: 1.5, window: PixelSize(width: 3, height: 1))
        #expect(up == [0, 1, 1])
    }
}
