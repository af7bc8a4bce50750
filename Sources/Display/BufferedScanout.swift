import Core
/// The copy half of every output: a swap chain over mapped scan-out buffers, and the damage copy
/// into whichever buffer may be written. The outputs add the other half (flip, pan, mode set).
struct BufferedScanout {
    private(set) var chain: SwapChain
    let buffers: [ScanoutBuffer]
    let rotation: DisplayRotation
    /// The upright canvas size the frames must have.
    let canvasSize: PixelSize

    init(buffers: [ScanoutBuffer], rotation: DisplayRotation) {
        precondition(!buffers.isEmpty && buffers.allSatisfy { $0.size == buffers[0].size })
        self.buffers = buffers
        self.rotation = rotation
        canvasSize = rotation.canvasSize(forScanout: buffers[0].size)
        chain = SwapChain(bufferCount: buffers.count, bounds: PixelRect(size: canvasSize))
    }

    /// A buffer written by `render`: its index and the scan-out rectangles that changed.
    struct Written {
        let index: Int
        let scanoutRects: [PixelRect]
    }

    /// Records `damage`, then brings a writable buffer up to date with `frame`. Returns nil when
    /// no buffer may be written (the damage stays recorded for the next call).
    mutating func render(_ frame: SourceFrame, damage: [PixelRect]) -> Written? {
        precondition(frame.size == canvasSize, "present: frame \(frame.size) is not the canvas size \(canvasSize)")
        chain.addDamage(damage)
        guard let index = chain.writableBuffer else { return nil }
        let rects = chain.takeDamage(of: index)
        DamageCopier.copy(rects, from: frame, to: buffers[index], rotation: rotation)
        chain.markReady(index)
        return Written(index: index, scanoutRects: rects.map { rotation.scanoutRect(for: $0, canvas: canvasSize) })
    }

    /// Records damage without copying (while paused).
    mutating func record(_ damage: [PixelRect]) { chain.addDamage(damage) }

    /// Passes state changes through to the chain (flip submitted, completed, shown, reset).
    mutating func update(_ change: (inout SwapChain) -> Void) { change(&chain) }
}
