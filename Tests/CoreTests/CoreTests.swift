import Testing
@testable import Core

@Suite("Core geometry") struct GeometryTests {
    @Test("X-2 angles grow screen-clockwise: 90° points down")
    func clockwise() {
        let p = Angle.degrees(90).point(center: Point(10, 10), radius: 5)
        #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 15) < 1e-12)
        #expect(abs((Point(0, 1) - Point(0, 0)).angle.degrees - 90) < 1e-12)
    }

    @Test("Angle normalisation wraps into [0, 360) and (−180, 180]")
    func normalise() {
        #expect(Angle.degrees(-90).normalizedDegrees == 270)
        #expect(Angle.degrees(720).normalizedDegrees == 0)
        #expect(abs(Angle.degrees(270).normalizedSigned.degrees - -90) < 1e-9)
        #expect(abs(Angle.degrees(350).clockwiseSweep(to: .degrees(10)).degrees - 20) < 1e-9)
    }

    @Test("Transform composes, inverts and rotates about a point")
    func transform() throws {
        let t = Transform.rotation(.degrees(90), about: Point(5, 5)).then(.translation(3, -2))
        let p = Point(7, 5)
        let q = t.apply(p)
        #expect(abs(q.x - 8) < 1e-9 && abs(q.y - 5) < 1e-9)  // (7,5) → (5,7) → (8,5)
        let back = try #require(t.inverted).apply(q)
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        #expect(Transform.scale(0, 1).inverted == nil)
    }

    @Test("Rect intersection, union and containment")
    func rects() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.contains(Point(0, 0)) && !a.contains(Point(10, 5)))
        #expect(a.intersection(Rect(x: 20, y: 0, width: 1, height: 1)).isEmpty)
        #expect(Rect(x: 0.5, y: 1.2, width: 2, height: 2).integral == Rect(x: 0, y: 1, width: 3, height: 3))
    }
}

@Suite("Core colour") struct ColorTests {
    @Test("Parses #RGB, #RRGGBB, #RRGGBBAA and names")
    func parse() throws {
        #expect(try Color(parsing: "#fff") == Color.white)
        #expect(try Color(parsing: "#7FA8C6") == Color(r: 0x7F, g: 0xA8, b: 0xC6))
        #expect(try Color(parsing: "#3C4A58CC") == Color(r: 0x3C, g: 0x4A, b: 0x58, a: 0xCC))
        #expect(try Color(parsing: " Orange ") == Color(rgb: 0xFFA500))
    }

    @Test("A bad colour is a clear error")
    func bad() {
        #expect(throws: ColorParseError(text: "#12345", reason: .length(5))) { try Color(parsing: "#12345") }
        #expect(throws: ColorParseError(text: "#12G", reason: .badDigit("G"))) { try Color(parsing: "#12G") }
        do { _ = try Color(parsing: "blurple"); Issue.record("accepted a bad name") } catch {
            #expect(error.description.contains("\"blurple\" is not a colour"))
        }
    }

    @Test("Premultiplied word rounds to nearest")
    func premultiply() {
        #expect(Color(r: 255, g: 128, b: 0, a: 128).premultipliedARGB == 0x8080_4000)
        #expect(Color.white.premultipliedARGB == 0xFFFF_FFFF)
        #expect(Color.white.hex == "#FFFFFF" && Color(rgba: 0x01020380).hex == "#01020380")
    }
}

@Suite("Core time") struct TimeTests {
    @Test("The manual clock moves only when told")
    func manualClock() {
        let c = ManualClock(start: 5)
        c.advance(by: 0.25)
        #expect(c.now == 5.25)
        c.set(6)
        #expect(c.now == 6)
    }
}
