import Core
import Testing
@testable import Display

/// The whole copy path as the outputs drive it, against random damage and random flip timing:
/// every buffer that reaches the screen must equal the rotated/converted canvas of its frame.
@Suite("Present sequences: scan-out equals the reference after every present")
struct PresentSequenceTests {
    @Test(
        "Random damage, random flip completion, 1–3 buffers, every rotation and format",
        arguments: DisplayRotation.allCases, ScanoutFormat.allCases)
    func randomSequences(rotation: DisplayRotation, format: ScanoutFormat) {
        var rng = SeededRandom(seed: UInt64(rotation.rawValue * 10 + format.bytesPerPixel))
        let canvas = TestCanvas(width: 21, height: 13)
        let scan = rotation.canvasSize(forScanout: PixelSize(width: 21, height: 13))
        for bufferCount in 1...3 {
            let buffers = (0..<bufferCount).map { _ in
                TestScanout(width: scan.width, height: scan.height, format: format)
            }
            var scanout = BufferedScanout(buffers: buffers.map(\.buffer), rotation: rotation)
            var firstShown = false
            for step in 0..<120 {
                // The renderer changes some rectangles and reports exactly those.
                let damage = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    randomRect(width: 21, height: 13, using: &rng)
                }
                for r in damage { canvas.scribble(r, using: &rng) }
                let wasPendingOrShown = scanout.chain.states
                guard let written = canvas.withFrame({ scanout.render($0, damage: damage) }) else {
                    #expect(scanout.chain.flipPending, "deferred without a flip in flight")
                    scanout.update { $0.flipCompleted() }
                    continue
                }
                if bufferCount > 1 {
                    #expect(
                        wasPendingOrShown[written.index] != .flipPending
                            && wasPendingOrShown[written.index] != .onScreen,
                        "step \(step): wrote a buffer the panel may be reading")
                }
                #expect(
                    scanoutMatches(buffers[written.index], canvas, rotation: rotation),
                    "step \(step), \(bufferCount) buffers: buffer \(written.index) differs from the canvas")
                #expect(buffers[written.index].paddingIntact)
                // Show it the way DRM would: a mode set first, then flips that complete at random.
                if !firstShown || bufferCount == 1 {
                    scanout.update { $0.shownImmediately(written.index) }
                    firstShown = true
                } else if let next = scanout.chain.bufferToShow {
                    scanout.update { $0.flipSubmitted(next) }
                }
                if Bool.random(using: &rng) {
                    scanout.update { $0.flipCompleted() }
                    if let next = scanout.chain.bufferToShow { scanout.update { $0.flipSubmitted(next) } }
                }
            }
        }
    }

    @Test("The headless display keeps the last frame upright, for every rotation", arguments: DisplayRotation.allCases)
    func headlessLastFrame(rotation: DisplayRotation) throws {
        var rng = SeededRandom(seed: 77)
        let canvas = TestCanvas(width: 12, height: 9)
        let display = HeadlessDisplay(canvas: PixelSize(width: 12, height: 9), rotation: rotation)
        #expect(display.canvasSize == PixelSize(width: 12, height: 9))
        canvas.scribble(PixelRect(x: 0, y: 0, width: 12, height: 9), using: &rng)
        // The first frame: a full copy regardless of the damage given.
        #expect(try canvas.withFrame { try display.present($0, damage: []) } == .shown)
        for _ in 0..<10 {
            let r = randomRect(width: 12, height: 9, using: &rng)
            canvas.scribble(r, using: &rng)
            _ = try canvas.withFrame { try display.present($0, damage: [r]) }
            let image = display.lastFrame()
            var expected = [UInt32]()
            for y in 0..<9 { for x in 0..<12 { expected.append(canvas[x, y]) } }
            #expect(image.pixels == expected)
        }
    }

    @Test("Headless pause records damage and repaints everything on resume")
    func headlessPauseResume() throws {
        var rng = SeededRandom(seed: 5)
        let canvas = TestCanvas(width: 6, height: 4)
        let display = HeadlessDisplay(canvas: PixelSize(width: 6, height: 4))
        _ = try canvas.withFrame { try display.present($0, damage: []) }
        try display.pause()
        canvas.scribble(PixelRect(x: 0, y: 0, width: 6, height: 4), using: &rng)
        #expect(try canvas.withFrame { try display.present($0, damage: []) } == .paused)  // change not reported
        try display.resume()
        _ = try canvas.withFrame { try display.present($0, damage: []) }
        var expected = [UInt32]()
        for y in 0..<4 { for x in 0..<6 { expected.append(canvas[x, y]) } }
        #expect(display.lastFrame().pixels == expected)
    }
}
