import Core
import Raster

/// One frame of a page turn: the shown page and its neighbour, each drawn once into a bitmap of its
/// own, copied side by side with an offset. A frame is row copies, never a redraw of either page.
public enum PageSlide {
    /// Fills `target` with `page` moved `offset` pixels right (negative: left) and `neighbour` beside
    /// it: on the right when the page moved left (the next page), on the left when it moved right (the
    /// previous one). Where there is no neighbour (a page stretched towards a side with none), `fill`
    /// shows. Rows in `fixedRows` (a navigation bar every page shows) stay where they are, the page's.
    /// The three bitmaps are the same size; an offset past the width shows only the neighbour.
    public static func compose(
        into target: Bitmap, page: Bitmap, neighbour: Bitmap?, offset: Int, fill: Color, fixedRows: Range<Int> = 0..<0
    ) {
        precondition(page.width == target.width && page.height == target.height, "page and frame differ in size")
        if let n = neighbour {
            precondition(n.width == target.width && n.height == target.height, "neighbour and frame differ in size")
        }
        let w = target.width
        let shift = min(max(offset, -w), w)
        let background = fill.premultipliedARGB
        // Each row is two runs: the page's columns that stay on screen, and the neighbour's (or the fill)
        // in the strip the page left.
        let pageStart = max(0, shift), pageCount = w - abs(shift), pageFrom = max(0, -shift)
        let stripStart = shift < 0 ? w + shift : 0, stripCount = abs(shift)
        let stripFrom = shift < 0 ? 0 : w - shift
        for y in 0..<target.height {
            let row = target.pixels + y * w
            if fixedRows.contains(y) {
                row.update(from: page.pixels + y * w, count: w)
                continue
            }
            if pageCount > 0 { (row + pageStart).update(from: page.pixels + y * w + pageFrom, count: pageCount) }
            guard stripCount > 0 else { continue }
            if let n = neighbour {
                (row + stripStart).update(from: n.pixels + y * w + stripFrom, count: stripCount)
            } else {
                (row + stripStart).update(repeating: background, count: stripCount)
            }
        }
    }
}
