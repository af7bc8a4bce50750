import Core

/// Nearest-neighbour enlargement of rectangles of a 32-bit picture into a window's pixels: window
/// pixel (x, y) shows picture pixel (⌊(x + ½) / zoom⌋, ⌊(y + ½) / zoom⌋). At an integer zoom every
/// picture pixel becomes an exact zoom × zoom square; at zoom 1 it is a copy. Pure memory work.
struct NearestScaler {
    let picture: PixelSize
    let zoom: Double
    /// The enlarged picture's size in the window (`WindowGeometry.picture`).
    let window: PixelSize

    /// The window rectangle (relative to the picture's corner) that shows picture rectangle `r`:
    /// every window pixel whose nearest picture pixel lies in `r`.
    func windowRect(for r: PixelRect) -> PixelRect {
        // A rectangle reaching the picture's edge reaches the window's (whatever the rounding of its size).
        let x0 = first(r.x), x1 = r.maxX >= picture.width ? window.width : first(r.maxX)
        let y0 = first(r.y), y1 = r.maxY >= picture.height ? window.height : first(r.maxY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The first window coordinate whose nearest picture coordinate is `p` or more.
    private func first(_ p: Int) -> Int { max(0, Int((Double(p) * zoom - 0.5).rounded(.up))) }

    private func source(_ w: Int, limit: Int) -> Int { min(limit - 1, Int((Double(w) + 0.5) / zoom)) }

    /// Writes the window pixels showing picture rectangle `r` (from `from`, `fromStride` bytes a row)
    /// into `to` (`toStride` bytes a row, the picture's corner at `origin`); returns the window
    /// rectangle written, in window coordinates.
    @discardableResult
    func scale(
        _ r: PixelRect, from: UnsafeRawPointer, fromStride: Int, to: UnsafeMutableRawPointer, toStride: Int,
        origin: (x: Int, y: Int)
    ) -> PixelRect {
        let w = windowRect(for: r)
        guard !w.isEmpty else { return w }
        let out = to + origin.y * toStride + (origin.x + w.x) * 4
        if zoom == 1 {
            // The common case, and the one the pixel-exact test checks: a plain copy of rows.
            for y in w.y..<w.maxY {
                (out + y * toStride).copyMemory(from: from + y * fromStride + w.x * 4, byteCount: w.width * 4)
            }
            return PixelRect(x: origin.x + w.x, y: origin.y + w.y, width: w.width, height: w.height)
        }
        let columns = (w.x..<w.maxX).map { source($0, limit: picture.width) }
        var previousRow = -1
        columns.withUnsafeBufferPointer { columns in
            for y in w.y..<w.maxY {
                let row = out + y * toStride
                let sy = source(y, limit: picture.height)
                if sy == previousRow {
                    // The same picture row as the window row above: copy that one.
                    row.copyMemory(from: row - toStride, byteCount: w.width * 4)
                    continue
                }
                previousRow = sy
                let input = (from + sy * fromStride).assumingMemoryBound(to: UInt32.self)
                let output = row.assumingMemoryBound(to: UInt32.self)
                for i in 0..<columns.count { output[i] = input[columns[i]] }
            }
        }
        return PixelRect(x: origin.x + w.x, y: origin.y + w.y, width: w.width, height: w.height)
    }
}
