import Testing
import Core
@testable import Controls

@Suite("NP popup placement and contour")
struct NumberPadPopupTests {
    let pad = Size(211, 211)

    @Test("NP-41 demo: screen 320×568, base (80,497,160,22) → pad (75,276,211,211)")
    func demoPlacement() {
        let placed = PopupPlacement.place(
            base: Rect(x: 80, y: 497, width: 160, height: 22), popup: pad, screen: Size(320, 568))
        #expect(placed.frame == Rect(x: 75, y: 276, width: 211, height: 211))
        #expect(placed.side == .above)
    }

    @Test("NP-40 NP-44 demo layout: padded base (75,492,170,32), outline frame (75,276,211,248)")
    func demoLayout() {
        let layout = PopupLayout.padBase(
            anchor: Rect(x: 80, y: 497, width: 160, height: 22), padSize: pad, screen: Size(320, 568))
        #expect(layout.popupContentFrame == Rect(x: 75, y: 276, width: 211, height: 211))
        #expect(layout.base == Rect(x: 75, y: 492, width: 170, height: 32))
        #expect(layout.outlineFrame == Rect(x: 75, y: 276, width: 211, height: 248))
        #expect(layout.cornerRadius == 10)
    }

    @Test("NP-41 no room above → left overflows → right (315,95) in the original, not re-checked [BUG]")
    func rightFallbackOriginal() {
        let placed = PopupPlacement.place(
            base: Rect(x: 200, y: 100, width: 100, height: 22), popup: pad,
            screen: Size(320, 568), options: .original)
        #expect(placed.frame == Rect(x: 315, y: 95, width: 211, height: 211))
        #expect(placed.side == .right)
    }

    @Test("NP-41 the port keeps the right fallback on the screen [PORT]")
    func rightFallbackPort() {
        let placed = PopupPlacement.place(
            base: Rect(x: 200, y: 100, width: 100, height: 22), popup: pad, screen: Size(320, 568))
        #expect(placed.side == .right)
        #expect(placed.frame == Rect(x: 320 - 211, y: 95, width: 211, height: 211))
    }

    @Test("NP-41 left placement when there is room on the left, with the bottom clamp")
    func leftPlacement() {
        let placed = PopupPlacement.place(
            base: Rect(x: 500, y: 100, width: 100, height: 22), popup: pad, screen: Size(800, 250))
        #expect(placed.side == .left)
        #expect(placed.frame == Rect(x: 500 - 15 - 211, y: 250 - 211, width: 211, height: 211))
    }

    @Test("NP-41 above with a left overflow: original jumps flush right [BUG], the port clamps x [PORT]")
    func aboveLeftOverflow() {
        let base = Rect(x: 2, y: 400, width: 40, height: 22)
        let original = PopupPlacement.place(base: base, popup: pad, screen: Size(320, 568), options: .original)
        #expect(original.frame.minX == 320 - 211)
        let port = PopupPlacement.place(base: base, popup: pad, screen: Size(320, 568))
        #expect(port.frame.minX == 0)
        #expect(port.frame.minY == 400 - 10 - 211)
        // A base wider than the popup centres it.
        let wide = PopupPlacement.place(
            base: Rect(x: 10, y: 400, width: 300, height: 22), popup: pad, screen: Size(320, 568))
        let centred: Double = 10 - 5 + (300.0 - 211) / 2
        #expect(wide.frame.minX == centred)
    }

    @Test("NP-40 shouldSetPopupViewFrame false keeps the popup frame; paddings grow both rectangles")
    func fixedPopupFrame() {
        let l = PopupLayout(
            base: Rect(x: 0, y: 100, width: 50, height: 20), popupFrame: Rect(x: 0, y: 0, width: 50, height: 50),
            basePadding: 2, popupPadding: 3, cornerRadius: 4)
        #expect(l.base == Rect(x: -2, y: 98, width: 54, height: 24))
        #expect(l.popup == Rect(x: -3, y: -3, width: 56, height: 56))
        #expect(l.popupContentFrame == Rect(x: 0, y: 0, width: 50, height: 50))
        let t = PopupLayout(
            base: Rect(x: 0, y: 100, width: 50, height: 20), popupSize: Size(30, 30), screen: Size(500, 500),
            translation: Vector(0, -50))
        let movedY: Double = 110 - 15 - 50  // centred on B, then moved
        #expect(t.popupContentFrame == Rect(x: 10, y: movedY, width: 30, height: 30))
    }

    /// Points that must be inside and outside a fused outline of B and P above it.
    func checkFused(_ path: [PathElement], base b: Rect, popup p: Rect) {
        #expect(path.contains(b.center))
        #expect(path.contains(p.center))
        let overlapX = (max(b.minX, p.minX) + min(b.maxX, p.maxX)) / 2
        #expect(path.contains(Point(overlapX, (p.maxY + b.minY) / 2)))  // the neck
        #expect(!path.contains(Point(p.minX - 5, p.midY)))
        #expect(!path.contains(Point(b.maxX + 5, b.midY)))
        #expect(path.flattened().count == 1)  // one closed outline
    }

    @Test("NP-42 the balloon pin: P wider than B on both sides gives rounded corners and concave fillets")
    func pinOutline() {
        let b = Rect(x: 59, y: 22, width: 22, height: 22), p = Rect(x: 44, y: -30, width: 52, height: 49)
        let path = PopupContour.outline(base: b, popup: p, radius: 8)
        checkFused(path, base: b, popup: p)
        // P sticks out on both sides by more than r: its bottom corners are rounded and concave arcs
        // lead into B, so the corner points of P's bottom edge are outside.
        #expect(!path.contains(Point(p.minX + 0.5, p.maxY - 0.5)))
        #expect(!path.contains(Point(b.maxX + 7, p.maxY + 7)))  // beyond the concave fillet
        #expect(path.contains(Point(b.maxX + 1, p.maxY + 1)))  // inside the fillet
        #expect(path.contains(Point(p.minX + 10, p.maxY - 1)))
    }

    @Test("NP-42 B wider than P on both sides: concave quadratics onto B's top edge")
    func baseWider() {
        let b = Rect(x: 0, y: 100, width: 200, height: 30), p = Rect(x: 50, y: 0, width: 100, height: 90)
        let path = PopupContour.outline(base: b, popup: p, radius: 10)
        checkFused(path, base: b, popup: p)
        #expect(
            path.contains {
                if case .quad = $0 { return true }; return false
            })
        #expect(!path.contains(Point(b.minX + 1, b.minY + 1)))  // B's top-left corner is rounded
        #expect(!path.contains(Point(p.minX - 5, p.maxY + 5)))  // left of the neck
    }

    @Test("NP-42 edges within r: a straight step")
    func edgesAligned() {
        let b = Rect(x: 0, y: 100, width: 100, height: 30), p = Rect(x: 3, y: 0, width: 95, height: 90)
        let path = PopupContour.outline(base: b, popup: p, radius: 8)
        checkFused(path, base: b, popup: p)
        #expect(path.contains(.line(Point(b.maxX, p.maxY))))
    }

    @Test("NP-42 orientation: P below, left and right of B are built normalised and turned back")
    func orientations() {
        let b = Rect(x: 100, y: 100, width: 40, height: 30)
        for p in [
            Rect(x: 80, y: 140, width: 80, height: 60), Rect(x: 20, y: 90, width: 70, height: 50),
            Rect(x: 150, y: 90, width: 70, height: 50),
        ] {
            let path = PopupContour.outline(base: b, popup: p, radius: 6)
            #expect(path.contains(b.center))
            #expect(path.contains(p.center))
            #expect(path.flattened().count == 1)
            // Every flattened point lies within the union's box.
            let box = b.union(p).outsetBy(0.001)
            for pt in path.flattened().joined() {
                #expect(pt.x >= box.minX && pt.x <= box.maxX && pt.y >= box.minY && pt.y <= box.maxY)
            }
        }
        #expect(PopupContour.direction(base: b, popup: Rect(x: 80, y: 140, width: 80, height: 60)) == .below)
        #expect(PopupContour.direction(base: b, popup: Rect(x: 20, y: 90, width: 70, height: 50)) == .left)
        #expect(PopupContour.direction(base: b, popup: Rect(x: 150, y: 90, width: 70, height: 50)) == .right)
    }

    @Test("NP-42 overlapping rectangles give the union of two rounded rectangles [PORT]")
    func overlapping() {
        let b = Rect(x: 0, y: 0, width: 50, height: 50), p = Rect(x: 25, y: 25, width: 50, height: 50)
        let path = PopupContour.outline(base: b, popup: p, radius: 5)
        #expect(path.flattened().count == 2)
        #expect(path.contains(Point(10, 10)))
        #expect(path.contains(Point(70, 70)))
        #expect(!path.contains(Point(70, 5)))
    }

    @Test("NP-43 fill and shadow: vertical greys 0.30/0.20/0.25 at 0/0.8/1, black 50 % shadow (0,2) blur 2")
    func style() {
        let s = PopupContour.Style.standard
        #expect(s.gradientLocations == [0, 0.8, 1.0])
        #expect(s.gradientColors.map(\.r) == [77, 51, 64])  // 0.30, 0.20, 0.25 of 255, rounded
        #expect(s.shadowColor == Color(r: 0, g: 0, b: 0, a: 128))
        #expect(s.shadowOffset == Vector(0, 2))
        #expect(s.shadowBlur == 2)
    }

    @Test("NP-26 the key callout's outline joins the key and the callout")
    func calloutOutline() {
        let p = NumberPad(id: "p", anchor: Rect(x: 80, y: 497, width: 160, height: 22), screenSize: Size(320, 568))
        p.open(currentNumber: 1)
        let key = p.keys.first { $0.key.label == "5" }!.frame
        _ = p.touchBegan(at: key.center, time: 1)
        let layout = p.callout!.layout
        #expect(layout.cornerRadius == 8)
        #expect(layout.outlineFrame == NumberPadLayout.calloutFrame(forKey: key).union(key))
        #expect(layout.outline.contains(key.center))
    }
}
