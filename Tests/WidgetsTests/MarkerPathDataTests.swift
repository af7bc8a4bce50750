import Controls
import Core
import Testing
import TestSupport
@testable import Widgets

/// `marker_path` is SVG path data, read strictly: what SVG writes is read as SVG means it, anything
/// else is refused with the character where reading stopped.
@Suite("Marker path data")
struct MarkerPathDataTests {
    static let triangle: MarkerShape = [Point(0, -5), Point(4, 4), Point(-4, 4)]

    @Test("Absolute, relative, H/V, implicit lines after M, numbers run together: the same shapes")
    func spellings() throws {
        for text in [
            "M 0 -5 L 4 4 L -4 4 Z", "m0-5l4 9-8 0z", "M0,-5 4,4 -4,4", "M 0 -5 L 4 4 H -4 Z",
            "\tM0-5\nl4,9\r\nh-8z", "M+0-5L4e0 4 -.4e1 4.Z",
        ] {
            #expect(try MarkerPathData.parse(text) == Self.triangle, "\(text.debugDescription)")
        }
        #expect(try MarkerPathData.parse("M0 0H4V4H0Z") == [Point(0, 0), Point(4, 0), Point(4, 4), Point(0, 4)])
        #expect(try MarkerPathData.parse("M.5.5L1.5.5 1.5 1.5") == [Point(0.5, 0.5), Point(1.5, 0.5), Point(1.5, 1.5)])
    }

    @Test("Several outlines: each M or each drawing after Z starts one; relative m after z from the outline's start")
    func outlines() throws {
        let ring = try MarkerPathData.parse("M0 0h10v10h-10z m2 2v6h6v-6z")
        #expect(
            ring.contours == [
                [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)],
                [Point(2, 2), Point(2, 8), Point(8, 8), Point(8, 2)],
            ])
        let after = try MarkerPathData.parse("M0 0 L4 0 L4 4 Z L-4 0 L-4 -4")
        #expect(
            after.contours == [[Point(0, 0), Point(4, 0), Point(4, 4)], [Point(0, 0), Point(-4, 0), Point(-4, -4)]])
    }

    @Test("Curves C, S, Q, T become lines through their points, the ends exact, reflected controls for S and T")
    func curves() throws {
        let q = try MarkerPathData.parse("M0 0 Q 5 10 10 0 Z").contours[0]
        #expect(q.first == Point(0, 0) && q.last == Point(10, 0) && q.count > 4)
        // The quadratic's top, at t = 1/2, is (5, 5); the lines pass within the flatness of it.
        #expect(q.contains { abs($0.x - 5) < 1e-9 && abs($0.y - 5) < 1e-9 })
        #expect(q.allSatisfy { $0.y >= 0 && $0.y <= 5 + 1e-9 })
        let t = try MarkerPathData.parse("M0 0 Q 5 10 10 0 T 20 0 Z").contours[0]
        #expect(t.contains { abs($0.x - 15) < 1e-9 && abs($0.y + 5) < 1e-9 }, "T mirrors the control below")
        let c = try MarkerPathData.parse("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0 Z").contours[0]
        #expect(c.contains { abs($0.x - 5) < 1e-9 && abs($0.y - 7.5) < 1e-9 })
        #expect(c.contains { abs($0.x - 15) < 1e-9 && abs($0.y + 7.5) < 1e-9 }, "S mirrors the second control")
        #expect(c.last == Point(20, 0))
        let relative = try MarkerPathData.parse("m0 0 c0 10 10 10 10 0 s10 -10 10 0 z").contours[0]
        #expect(relative == c)
    }

    /// Each bad path data and what the message says was found.
    static let refused: [(String, String)] = [
        ("", "no commands"),
        ("  \n", "no commands"),
        ("M 0 0 L nan nan", "\"nan\" at character 9 where a number belongs"),
        ("L 0 0 1 1", "\"L\" at character 1 (path data starts with M or m)"),
        ("0 0", "\"0\" at character 1 (path data starts with M or m)"),
        ("M 0 0 A 5 5 0 0 1 10 0", "\"A\" at character 7 (arcs are not supported)"),
        ("M 0 0 X 5 5", "\"X\" at character 7 where a command belongs"),
        ("M 0 0 L 1e999 0 0 4", "\"1e999\" at character 9 (not a finite number)"),
        ("M 600 0 L 0 4 4 4", "\"600\" at character 3 (puts a point at x = 600, beyond ±500 points)"),
        ("M0 0 l400 0 0 5 200 0", "\"200\" at character 17 (puts a point at x = 600, beyond ±500 points)"),
        ("M 0 0 L 1", "the end of the data where a number belongs"),
        (
            "M 0 0 Q 400 0 460 10 T 490 20",
            "\"T\" at character 22 (its mirrored control point is at x = 520, beyond ±500 points)"
        ),
        ("M 0 0 L 4 0 4 4 Z 5", "\"5\" at character 19 where a command belongs"),
        ("M 0 0 L 4 0 4 4,", "the end of the data where a number belongs"),
        ("M 0,,0 L 4 0 4 4", "\",\" at character 5 where a number belongs"),
        ("M,0 0 L 4 0 4 4", "\",\" at character 2 where a number belongs"),
        ("M 0 0 L 4 0 4 4 × 1", "\"×\" at character 17 where a command belongs"),
        ("M 0 0 L 4 0 1e", "\"e\" at character 14 where a number belongs"),
        ("M 0 0 L 2 0 L 4 0 Z", "a shape that covers no area"),
        ("M 0 0 L 4 4", "a shape that covers no area"),
        ("M 0 0" + String(repeating: " l 1 0", count: 100), "more than 100 segments at character 601"),
        ("M 0 0 L 4 0 4 4" + String(repeating: " ", count: 2000), "more than 2000 characters"),
    ]

    @Test("Anything else is refused, saying what was found where", arguments: refused)
    func refusedData(text: String, found: String) {
        #expect(throws: MarkerPathError.self) { try MarkerPathData.parse(text) }
        do { _ = try MarkerPathData.parse(text) } catch { #expect(error.description == found) }
    }

    @Test("Random path data: refused with a message or read into finite points within the bounds, never a trap")
    func randomData() {
        var random = SeededRandom(seed: 28)
        // Mostly what SVG allows; now and then an arc or a number out of bounds.
        let commands: [(String, Int)] = [
            ("L", 2), ("H", 1), ("V", 1), ("C", 6), ("S", 4), ("Q", 4), ("T", 2), ("Z", 0),
        ]
        let numbers = ["0", "7", "-3", "1e1", "-2.5", "+.5", "4.", "12", ".5e-1", "-40"]
        let rare = ["499", "1e308", "nan", "A"]
        let separators = [" ", ",", "", "\n", " , "]
        let junk = Array("MmLlZz ,-.e0159×")
        var read = 0, refused = 0
        for _ in 0..<20_000 {
            var text = "M" + numbers[random.int(numbers.count)] + " " + numbers[random.int(numbers.count)]
            for _ in 0..<random.int(8) {
                let (name, count) = commands[random.int(commands.count)]
                text += " " + (random.int(2) == 0 ? name : name.lowercased())
                for k in 0..<count {
                    let number = random.int(40) == 0 ? rare[random.int(rare.count)] : numbers[random.int(numbers.count)]
                    text += (k == 0 ? "" : separators[random.int(separators.count)]) + number
                }
            }
            // Now and then a character changed, dropped or added anywhere.
            var chars = Array(text)
            for _ in 0..<(random.int(4) == 0 ? 1 + random.int(3) : 0) {
                let at = random.int(chars.count + 1)
                switch random.int(3) {
                case 0 where at < chars.count: chars[at] = junk[random.int(junk.count)]
                case 1 where at < chars.count: chars.remove(at: at)
                default: chars.insert(junk[random.int(junk.count)], at: at)
                }
            }
            do {
                let shape = try MarkerPathData.parse(String(chars))
                read += 1
                let points = shape.contours.flatMap { $0 }
                #expect(
                    points.allSatisfy {
                        abs($0.x) <= MarkerPathData.coordinateLimit && abs($0.y) <= MarkerPathData.coordinateLimit
                    })
                #expect(shape.contours.allSatisfy { $0.count > 2 } && !points.isEmpty)
                let box = shape.bounds!
                #expect(box.width > 0 && box.height > 0)
            } catch {
                refused += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(read > 1000 && refused > 1000, "the generator makes both kinds (\(read) read, \(refused) refused)")
    }
}
