import Core
import Glibc

/// Copies damaged rectangles of the canvas into a scan-out buffer, turning and converting on the
/// way. Pure: no state, no I/O, so every rotation and format is tested against a naive reference.
///
/// The loops walk the destination row by row and left to right, so the write-combined scan-out
/// memory sees sequential writes only; the source (ordinary cached memory) absorbs the strided
/// reads that rotation needs.
public enum DamageCopier {
    /// Copies canvas rectangle `rect` (clipped to the frame) from `frame` into `target`.
    ///
    /// `frame.size` must equal `rotation.canvasSize(forScanout: target.size)`.
    public static func copy(_ rect: PixelRect, from frame: SourceFrame, to target: ScanoutBuffer,
                            rotation: DisplayRotation) {
        precondition(frame.size == rotation.canvasSize(forScanout: target.size),
                     "DamageCopier: frame \(frame.size) does not fit scan-out \(target.size) at \(rotation)")
        let r = rect.intersection(frame.bounds)
        if r.isEmpty { return }
        let dest = rotation.scanoutRect(for: r, canvas: frame.size)
        let stride = frame.stride
        // For each destination row: the source pixel under its first column, and the source
        // step (in pixels) between neighbouring destination columns. Derived from the mapping
        // in DisplayRotation's documentation, solved for the canvas coordinate.
        let step: Int
        switch rotation {
        case .deg0: step = 1
        case .deg90: step = -stride
        case .deg180: step = -1
        case .deg270: step = stride
        }
        for row in 0..<dest.height {
            let dy = dest.y + row
            let sx: Int, sy: Int
            switch rotation {
            case .deg0: sx = dest.x; sy = dy
            case .deg90: sx = dy; sy = frame.height - 1 - dest.x
            case .deg180: sx = frame.width - 1 - dest.x; sy = frame.height - 1 - dy
            case .deg270: sx = frame.width - 1 - dy; sy = dest.x
            }
            let src = frame.pixels + (sy * stride + sx)
            let rowBase = target.base + (dy * target.pitch + dest.x * target.format.bytesPerPixel)
            switch target.format {
            case .xrgb8888:
                let dst = rowBase.assumingMemoryBound(to: UInt32.self)
                if step == 1 {
                    memcpy(dst, src, dest.width * 4)
                } else {
                    copyStrided(src, step: step, into: dst, count: dest.width)
                }
            case .rgb565:
                convertStrided(src, step: step, into: rowBase.assumingMemoryBound(to: UInt16.self),
                               count: dest.width)
            }
        }
    }

    /// Copies every rectangle of `rects` (see `copy(_:from:to:rotation:)`).
    public static func copy(_ rects: [PixelRect], from frame: SourceFrame, to target: ScanoutBuffer,
                            rotation: DisplayRotation) {
        for r in rects { copy(r, from: frame, to: target, rotation: rotation) }
    }

    @inline(__always)
    private static func copyStrided(_ src: UnsafePointer<UInt32>, step: Int,
                                    into dst: UnsafeMutablePointer<UInt32>, count: Int) {
        var s = src
        for i in 0..<count {
            dst[i] = s.pointee
            s += step
        }
    }

    @inline(__always)
    private static func convertStrided(_ src: UnsafePointer<UInt32>, step: Int,
                                       into dst: UnsafeMutablePointer<UInt16>, count: Int) {
        var s = src
        for i in 0..<count {
            dst[i] = ScanoutFormat.rgb565(fromXRGB: s.pointee)
            s += step
        }
    }
}
