import Core
import Testing
@testable import Raster

@Suite("RGB565 conversion")
struct RGB565Tests {
    /// The nearest of `top + 1` levels, in floating point.
    static func nearest(_ c: UInt32, _ top: Double) -> UInt32 { UInt32((Double(c) * top / 255).rounded()) }

    @Test("Each channel goes to the nearest level, for every byte value")
    func rounding() {
        for c in UInt32(0)...255 {
            #expect(RGB565.pack(c << 16) == UInt16(Self.nearest(c, 31) << 11))
            #expect(RGB565.pack(c << 8) == UInt16(Self.nearest(c, 63) << 5))
            #expect(RGB565.pack(c) == UInt16(Self.nearest(c, 31)))
            #expect(RGB565.pack(0xFF00_0000 | c) == RGB565.pack(c))  // the top byte is ignored
        }
        // Just under and just over half a level in each channel.
        #expect(RGB565.pack(0x0004_0204) == 0x0000)
        #expect(RGB565.pack(0x0005_0305) == 0x0821)
        #expect(RGB565.pack(0x00FF_FFFF) == 0xFFFF)
    }

    @Test("Widening replicates the high bits, and narrowing it again gives back every 16-bit value")
    func roundTrip() {
        #expect(RGB565.unpack(0x0000) == 0xFF00_0000)
        #expect(RGB565.unpack(0xFFFF) == 0xFFFF_FFFF)
        #expect(RGB565.unpack(0x8410) == 0xFF84_8284)
        #expect((UInt16.min...UInt16.max).allSatisfy { RGB565.pack(RGB565.unpack($0)) == $0 })
    }

    @Test("An RGB565 canvas clears to the packed colour")
    func canvasClear() {
        var words = [UInt16](repeating: 0, count: 12)
        words.withUnsafeMutableBytes { raw in
            let c = Canvas(pixels: raw.baseAddress!, width: 4, height: 3, strideBytes: 8, format: .rgb565)
            c.clear(Color(rgb: 0x7F8081))
            #expect(c.pixel(x: 3, y: 2) == RGB565.unpack(RGB565.pack(0xFF7F_8081)))
        }
        #expect(words.allSatisfy { $0 == RGB565.pack(0x7F8081) })
    }
}
