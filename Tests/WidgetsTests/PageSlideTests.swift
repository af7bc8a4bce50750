import Core
import Raster
import Testing

@testable import Widgets

/// A page-swipe frame as row copies: where each page's pixels land for an offset either way, the
/// fill where no page is, and the rows of a navigation bar that stay put.
@Suite("Page slide: two pages composed with an offset")
struct PageSlideTests {
    /// A 10×4 bitmap whose pixel at (x, y) holds `tag·1000 + y·100 + x`.
    func tagged(_ tag: UInt32) -> Bitmap {
        let b = Bitmap(width: 10, height: 4, format: .xrgb8888)
        for y in 0..<4 { for x in 0..<10 { b.pixels[y * 10 + x] = tag * 1000 + UInt32(y * 100 + x) } }
        return b
    }

    func pixel(_ b: Bitmap, _ x: Int, _ y: Int) -> UInt32 { b.pixels[y * b.width + x] }
    /// Row `y`'s pixels at `xs`. This and `tags` keep each `#expect` small: Swift 6.0.3 (Debian 13's)
    /// gave up type-checking the maps written out inside it.
    func row(_ b: Bitmap, _ xs: Range<Int>, _ y: Int) -> [UInt32] { xs.map { pixel(b, $0, y) } }
    /// What `tagged(base / 1000)` holds in row `y` at columns `xs`.
    func tags(_ base: UInt32, _ y: Int, _ xs: Range<Int>) -> [UInt32] { xs.map { base + UInt32(y * 100 + $0) } }

    @Test("Moved left by 3: the page's columns 3… at 0…, the next page's first columns on the right")
    func left() {
        let frame = tagged(9), page = tagged(1), next = tagged(2)
        PageSlide.compose(into: frame, page: page, neighbour: next, offset: -3, fill: .black)
        for y in 0..<4 {
            #expect(row(frame, 0..<7, y) == tags(1000, y, 3..<10))
            #expect(row(frame, 7..<10, y) == tags(2000, y, 0..<3))
        }
    }

    @Test("Moved right by 4: the previous page's last columns on the left, the page from column 4")
    func right() {
        let frame = tagged(9), page = tagged(1), previous = tagged(3)
        PageSlide.compose(into: frame, page: page, neighbour: previous, offset: 4, fill: .black)
        #expect(row(frame, 0..<4, 2) == tags(3000, 2, 6..<10))
        #expect(row(frame, 4..<10, 2) == tags(1000, 2, 0..<6))
    }

    @Test("No neighbour: the strip is the fill; past the width: only the neighbour; rows of a bar stay")
    func fillBeyondAndBar() {
        let frame = tagged(9), page = tagged(1), next = tagged(2)
        let fill = Color(r: 10, g: 20, b: 30)
        PageSlide.compose(into: frame, page: page, neighbour: nil, offset: 2, fill: fill)
        #expect((0..<2).allSatisfy { pixel(frame, $0, 1) == fill.premultipliedARGB })
        #expect(pixel(frame, 2, 1) == 1100)
        PageSlide.compose(into: frame, page: page, neighbour: next, offset: -25, fill: fill)
        #expect(row(frame, 0..<10, 0) == tags(2000, 0, 0..<10))
        PageSlide.compose(into: frame, page: page, neighbour: next, offset: -5, fill: fill, fixedRows: 3..<4)
        #expect(
            (0..<10).map { pixel(frame, $0, 3) } == (0..<10).map { 1300 + UInt32($0) },
            "the bar row is the page's, unmoved")
        #expect(pixel(frame, 0, 2) == 1205)
    }
}
