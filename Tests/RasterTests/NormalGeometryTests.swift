import Bench
import Core
import Testing
import TestSupport
@testable import Raster

/// Issue 37's guards look at every drawing call's numbers; on a canvas's ordinary numbers they must
/// change nothing. Random ordinary scenes of every public call are hashed, and the hashes are those
/// the rasterizer drew before the guards existed (recorded from commit 6f6f3b8 with this test).
@Suite("Ordinary geometry draws as it did before the guards")
struct NormalGeometryTests {
    /// FNV-1a over the pixels of 30 scenes per call and pixel format, before issue 37's guards.
    static let recorded: [CanvasCall: (argb: UInt64, rgb565: UInt64)] = [
        .fillCircle: (0x79d2070c30a718d0, 0xda0ebc53f2bf01da),
        .fillRing: (0x28cbe1a1f0df9ce5, 0xeaddadab8556f02b),
        .strokeCircle: (0x390aead48f701e5f, 0x61bfd160aae57000),
        .strokeArc: (0x1bacff4253a5c6b5, 0xae5471a4d4c363fd),
        .fillRoundedRect: (0x6a1433f9565bc1a2, 0x236268f242003b04),
        .fillRect: (0x2cee9e389d2d2422, 0x7dbbe7f34c7d2691),
        .fillPath: (0x63c7bfabc8a3077c, 0x5b8bfffa508ea171),
        .strokePath: (0x8973b6e6fb836c64, 0x17d0f5b19bd68c36),
        .strokeLine: (0xbab75280cb434cc3, 0x61d50bba552126ca),
        .strokePolyline: (0x3b75a042cc038b50, 0xbce82ef48c90a2b),
        .drawText: (0xae949db69db0649b, 0x678faccde4e55eb6),
        .drawTextCentered: (0x9335593cd6cdb059, 0xce50f0721638336a),
        .drawImageInRect: (0xb78813d4a8d2eab9, 0xa91f251181f7891f),
        .drawImageAt: (0xecac8f09409161a5, 0x36bbfd05c39f36df),
        .drawImageRotated: (0xba2605578f28c711, 0xbf4843457129a73),
        .drawImageTransform: (0x53f49206952dc7d, 0x15d06435fd0df419),
        .drawImageSource: (0x7aef589df4372d7f, 0x7c3b8dce6aebdd02),
    ]

    /// 30 scenes of `call` on a 64 × 48 canvas of `format`: each a random clip (half of them the whole
    /// canvas) and three draws with the call's typical numbers moved at random, variants and paints.
    static func hash(_ call: CanvasCall, format: PixelFormat) -> UInt64 {
        let resources = CanvasCallResources()
        var rng = SeededRandom(seed: 0x6F6F_3B80 + UInt64(call.rawValue))
        let width = 64, height = 48, stride = width * format.bytesPerPixel
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        defer { memory.deallocate() }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for _ in 0..<30 {
            var canvas = Canvas(pixels: memory, width: width, height: height, strideBytes: stride, format: format)
            canvas.clear(Color(rgba: 0x1020_30FF))
            if rng.int(2) == 0 {
                canvas.clip = PixelRect(x: rng.int(30), y: rng.int(20), width: 8 + rng.int(40), height: 8 + rng.int(30))
            }
            for _ in 0..<3 {
                // Each number moved by up to half its size and 12 pixels more: shapes across the clip's
                // and the canvas's edges, of every size the canvas shows.
                func moved(_ v: Double) -> Double { v + rng.range(-1, 1) * (abs(v) / 2 + 12) }
                var geometry = call.typical.map(moved)
                if call == .drawImageSource || call == .drawImageTransform {
                    // Keep the transform's scale (its first four numbers) ordinary: near singular it is not.
                    for i in (call == .drawImageSource ? 4 : 0)..<(call == .drawImageSource ? 8 : 4) {
                        geometry[i] = call.typical[i] + rng.range(-0.3, 0.3)
                    }
                }
                if call == .drawImageInRect { geometry[4] = rng.range(0, 1) }
                var paintNumbers = CanvasCall.typicalPaint.map(moved)
                paintNumbers[4] = rng.range(0.2, 1)
                let color = Color(
                    r: UInt8(rng.int(256)), g: UInt8(rng.int(256)), b: UInt8(rng.int(256)), a: UInt8(rng.int(256)))
                let paint = CanvasCall.paint(kind: rng.int(CanvasCall.paintKinds), paintNumbers, color: color)
                call.draw(on: canvas, geometry, variant: rng.int(8), paint: paint, resources: resources)
            }
            for i in 0..<stride * height {
                hash = (hash ^ UInt64(memory.load(fromByteOffset: i, as: UInt8.self))) &* 0x100_0000_01B3
            }
        }
        return hash
    }

    @Test("random ordinary scenes of every call hash as before the guards", arguments: CanvasCall.allCases)
    func unchanged(call: CanvasCall) throws {
        let argb = NormalGeometryTests.hash(call, format: .argb8888),
            rgb565 = NormalGeometryTests.hash(call, format: .rgb565)
        let expected = try #require(
            NormalGeometryTests.recorded[call],
            "no hash recorded: .\(call): (0x\(String(argb, radix: 16)), 0x\(String(rgb565, radix: 16))),")
        #expect(argb == expected.argb, "\(call) argb8888: 0x\(String(argb, radix: 16))")
        #expect(rgb565 == expected.rgb565, "\(call) rgb565: 0x\(String(rgb565, radix: 16))")
    }
}
