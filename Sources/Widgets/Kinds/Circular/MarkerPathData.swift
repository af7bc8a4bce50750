import Controls
import Core

/// `marker_path`: SVG path data read strictly into a `MarkerShape`, in points.
///
/// It reads what SVG's path grammar writes for the commands M, L, H, V, C, S, Q, T and Z: upper case
/// with absolute coordinates, lower case relative to the current point; numbers as SVG has them
/// (`-1.5`, `.5`, `2e-1`), apart by white space or one comma, or run together where a sign or a
/// second point starts the next; a command's numbers repeated to repeat it (after M: lines). Arcs
/// (A) and anything else are refused with the character where reading stopped, and so are numbers
/// that are not finite and shapes that could not be a marker (too far out, too many segments, no
/// area). Curves become short lines here, finely enough for any scale a panel has, so the shape is
/// plain outlines for Controls to centre and the painter to fill.
enum MarkerPathData {
    /// The commands read, as the reference and messages name them.
    static let commands = "M, L, H, V, C, S, Q, T and Z (lower case: relative)"
    /// The longest path data read, in characters.
    static let maximumCharacters = 2000
    /// The most segments (each M, line and curve counts one).
    static let maximumSegments = 100
    /// How far from the origin a point (an end or a control point) may lie, in points on each axis.
    static let coordinateLimit = 500.0
    /// The greatest distance, in points, between a curve and the lines that stand for it.
    static let flatness = 0.02
    /// The most lines a curve becomes.
    static let maximumCurveSteps = 16
    /// The most corners all of a dial's markers may have together (`marker_count` times the shape's,
    /// curves counted as the lines they become): every marker is filled on its own whenever the dial
    /// is drawn, and this keeps that work near what the default dots cost.
    static let maximumDrawnCorners = 200_000

    /// The shape `text` describes.
    static func parse(_ text: String) throws(MarkerPathError) -> MarkerShape {
        guard text.count <= maximumCharacters else {
            throw MarkerPathError(nil, "more than \(maximumCharacters) characters")
        }
        var reader = PathDataReader(Array(text.utf8))
        return try reader.read()
    }
}

/// Where path data stopped making sense, and why.
struct MarkerPathError: Error, Equatable, CustomStringConvertible {
    /// What was found, phrased to follow "found", with its place.
    var description: String
    init(_ token: String?, at character: Int? = nil, _ why: String) {
        let place = character.map { " at character \($0)" } ?? ""
        description = token.map { "\($0)\(place) \(why)" } ?? why + place
    }
}

/// The reading of one path data string (ASCII by the grammar; any other byte stops it).
private struct PathDataReader {
    let bytes: [UInt8]
    var i = 0
    var contours: [[Point]] = []
    var contour: [Point] = []
    var current = Point.zero, start = Point.zero
    /// The second control point of the last C/S, or the control point of the last Q/T, for S and T.
    var lastCubicControl: Point?, lastQuadControl: Point?
    var segments = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func read() throws(MarkerPathError) -> MarkerShape {
        skipSpace()
        guard i < bytes.count else { throw MarkerPathError(nil, "no commands") }
        var command: UInt8?
        while true {
            skipSpace()
            guard i < bytes.count else { break }
            let at = i
            if Self.isLetter(bytes[i]) {
                let c = bytes[i]
                guard Self.commandLetters.contains(c) else {
                    let why = c | 0x20 == UInt8(ascii: "a") ? "(arcs are not supported)" : "where a command belongs"
                    throw MarkerPathError(token(at: at), at: character(at), why)
                }
                if command == nil && c | 0x20 != UInt8(ascii: "m") {
                    throw MarkerPathError(token(at: at), at: character(at), "(path data starts with M or m)")
                }
                i += 1
                command = c
                if c | 0x20 == UInt8(ascii: "z") { closePath(); continue }
                try step(c, at: at)
                command = c == UInt8(ascii: "M") ? UInt8(ascii: "L") : c == UInt8(ascii: "m") ? UInt8(ascii: "l") : c
            } else {
                // More numbers repeat the command; one comma may stand between the repeats.
                guard let c = command else {
                    throw MarkerPathError(token(at: at), at: character(at), "(path data starts with M or m)")
                }
                guard c | 0x20 != UInt8(ascii: "z"), Self.startsNumber(bytes[i]) || bytes[i] == UInt8(ascii: ",") else {
                    throw MarkerPathError(token(at: at), at: character(at), "where a command belongs")
                }
                if bytes[i] == UInt8(ascii: ",") { i += 1 }
                try step(c, at: at)
            }
        }
        finishContour()
        guard let box = MarkerShape(contours: contours).bounds, box.width > 0, box.height > 0 else {
            throw MarkerPathError(nil, "a shape that covers no area")
        }
        return MarkerShape(contours: contours)
    }

    static let commandLetters = Set("MmLlHhVvCcSsQqTtZz".utf8)

    /// One command with its numbers, the current point moving on.
    private mutating func step(_ c: UInt8, at: Int) throws(MarkerPathError) {
        segments += 1
        if segments > MarkerPathData.maximumSegments {
            throw MarkerPathError(nil, at: character(at), "more than \(MarkerPathData.maximumSegments) segments")
        }
        let relative = c >= UInt8(ascii: "a")
        let origin = relative ? current : Point.zero
        var cubicControl: Point?, quadControl: Point?
        switch c | 0x20 {
        case UInt8(ascii: "m"):
            finishContour()
            current = try point(from: origin, first: true)
            start = current
            contour = [current]
        case UInt8(ascii: "l"):
            line(to: try point(from: origin, first: true))
        case UInt8(ascii: "h"):
            line(to: Point(try coordinate(first: true, offset: origin.x, axis: "x"), current.y))
        case UInt8(ascii: "v"):
            line(to: Point(current.x, try coordinate(first: true, offset: origin.y, axis: "y")))
        case UInt8(ascii: "c"), UInt8(ascii: "s"):
            let c1: Point
            if c | 0x20 == UInt8(ascii: "c") {
                c1 = try point(from: origin, first: true)
            } else {
                c1 = try reflected(lastCubicControl, at: at)
            }
            let c2 = try point(from: origin, first: c | 0x20 == UInt8(ascii: "s"))
            let end = try point(from: origin, first: false)
            cubic(c1, c2, end)
            cubicControl = c2
        case UInt8(ascii: "q"), UInt8(ascii: "t"):
            let control =
                c | 0x20 == UInt8(ascii: "q")
                ? try point(from: origin, first: true) : try reflected(lastQuadControl, at: at)
            let end = try point(from: origin, first: c | 0x20 == UInt8(ascii: "t"))
            quad(control, end)
            quadControl = control
        default:
            break
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    /// The current point mirrored through `control`, or the current point without one (SVG's S and T).
    /// It must lie within the limit as written points do: a curve stays inside its control points.
    private func reflected(_ control: Point?, at: Int) throws(MarkerPathError) -> Point {
        guard let control else { return current }
        let p = Point(2 * current.x - control.x, 2 * current.y - control.y)
        let limit = MarkerPathData.coordinateLimit
        for (axis, v) in [("x", p.x), ("y", p.y)] where abs(v) > limit {
            throw MarkerPathError(
                token(at: at), at: character(at),
                "(its mirrored control point is at \(axis) = \(NumberFormat.plain(v)), beyond ±\(NumberFormat.plain(limit)) points)"
            )
        }
        return p
    }

    private mutating func closePath() {
        finishContour()
        current = start
        lastCubicControl = nil; lastQuadControl = nil
    }

    /// Keeps the outline being drawn if it can cover area (three corners or more).
    private mutating func finishContour() {
        if contour.count > 2 { contours.append(contour) }
        contour = []
    }

    private mutating func line(to p: Point) {
        // After Z, drawing goes on from the closed outline's start, as a new outline.
        if contour.isEmpty { contour = [current] }
        contour.append(p)
        current = p
    }

    private mutating func quad(_ c: Point, _ p: Point) {
        let p0 = current
        let n = Self.steps(Self.length(p0.x - 2 * c.x + p.x, p0.y - 2 * c.y + p.y) / 4)
        for k in 1...n {
            let t = Double(k) / Double(n), u = 1 - t
            line(to: Point(u * u * p0.x + 2 * u * t * c.x + t * t * p.x, u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
        }
    }

    private mutating func cubic(_ c1: Point, _ c2: Point, _ p: Point) {
        let p0 = current
        let bend = max(
            Self.length(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y),
            Self.length(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y))
        let n = Self.steps(bend * 0.75)
        for k in 1...n {
            let t = Double(k) / Double(n), u = 1 - t
            let b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t
            line(to: Point(b0 * p0.x + b1 * c1.x + b2 * c2.x + b3 * p.x, b0 * p0.y + b1 * c1.y + b2 * c2.y + b3 * p.y))
        }
    }

    private static func length(_ dx: Double, _ dy: Double) -> Double { (dx * dx + dy * dy).squareRoot() }

    /// Equal steps that keep a curve whose chord error is `error`/n² within the flatness.
    private static func steps(_ error: Double) -> Int {
        max(1, min(MarkerPathData.maximumCurveSteps, Int((error / MarkerPathData.flatness).squareRoot().rounded(.up))))
    }

    // MARK: Numbers

    private mutating func point(from origin: Point, first: Bool) throws(MarkerPathError) -> Point {
        let x = try coordinate(first: first, offset: origin.x, axis: "x")
        let y = try coordinate(first: false, offset: origin.y, axis: "y")
        return Point(x, y)
    }

    /// The next number plus `offset`, within the coordinate limit; all but a command's first number may
    /// follow a comma.
    private mutating func coordinate(first: Bool, offset: Double, axis: String) throws(MarkerPathError) -> Double {
        skipSpace()
        if !first, i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace() }
        let at = i
        guard let value = number() else {
            guard at < bytes.count else { throw MarkerPathError("the end of the data", "where a number belongs") }
            throw MarkerPathError(token(at: at), at: character(at), "where a number belongs")
        }
        guard value.isFinite else { throw MarkerPathError(token(at: at), at: character(at), "(not a finite number)") }
        let v = value + offset
        let limit = MarkerPathData.coordinateLimit
        guard abs(v) <= limit else {
            throw MarkerPathError(
                token(at: at), at: character(at),
                "(puts a point at \(axis) = \(NumberFormat.plain(v)), beyond ±\(NumberFormat.plain(limit)) points)")
        }
        return v
    }

    /// A number by SVG's grammar at `i` (sign, digits, point, digits, exponent), or nil.
    private mutating func number() -> Double? {
        let begin = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var digits = skipDigits()
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1; digits += skipDigits() }
        guard digits > 0 else { i = begin; return nil }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            // An exponent only with digits after it; otherwise the "e" is left to be refused.
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
            if j < bytes.count, Self.isDigit(bytes[j]) { i = j; _ = skipDigits() }
        }
        return Double(String(decoding: bytes[begin..<i], as: UTF8.self))
    }

    private mutating func skipDigits() -> Int {
        let begin = i
        while i < bytes.count, Self.isDigit(bytes[i]) { i += 1 }
        return i - begin
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(bytes[i]) { i += 1 }
    }

    // MARK: Messages

    /// What stands at `at`, quoted: a word, the characters a number is written with, or one character.
    private func token(at: Int) -> String {
        let run: (UInt8) -> Bool =
            Self.isLetter(bytes[at])
            ? Self.isLetter
            : Self.startsNumber(bytes[at])
                ? { Self.startsNumber($0) || $0 | 0x20 == UInt8(ascii: "e") } : { _ in false }
        var end = at + 1
        while end < bytes.count, end - at < 20, run(bytes[end]) { end += 1 }
        // Whole characters: never cut a UTF-8 sequence.
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "\"" + String(decoding: bytes[at..<end], as: UTF8.self) + "\""
    }

    /// The 1-based character number of byte `at` (a character's first byte).
    private func character(_ at: Int) -> Int { String(decoding: bytes[..<at], as: UTF8.self).count + 1 }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    static func startsNumber(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }
}
