import Core
import Testing
@testable import Input

/// True when two points agree to within `tolerance`.
func close(_ p: Point, _ q: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance
}

@Suite("Coordinate mapping and rotation") struct CoordinateMappingTests {
    /// The matrices the libinput documentation (libinput_device_config_calibration_set_matrix) gives
    /// for rotations of 90°, 180° and 270° clockwise.
    static let libinputDocumented: [(QuarterTurn, [Double])] = [
        (.none, [1, 0, 0, 0, 1, 0]),
        (.clockwise90, [0, -1, 1, 1, 0, 0]),
        (.clockwise180, [-1, 0, 1, 0, -1, 1]),
        (.clockwise270, [0, 1, 0, -1, 0, 1]),
    ]

    /// The turns of that table. A property, not a closure in `@Test(arguments:)`: Swift 6.0.3 (Debian 13's)
    /// crashes type-checking a closure there.
    static let documentedTurns = libinputDocumented.map { $0.0 }

    @Test("Each quarter turn uses the matrix libinput documents", arguments: documentedTurns)
    func documentedMatrices(turn: QuarterTurn) {
        let expected = Self.libinputDocumented.first { $0.0 == turn }!.1
        #expect(turn.normalizedMatrix.values == expected)
    }

    @Test("A quarter turn moves the corners clockwise and keeps the unit square", arguments: QuarterTurn.allCases)
    func cornersTurnClockwise(turn: QuarterTurn) {
        // Corners clockwise on screen (+y down): top-left, top-right, bottom-right, bottom-left.
        let corners = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]
        let steps = turn.degrees / 90
        for (i, corner) in corners.enumerated() {
            #expect(close(turn.normalizedMatrix.apply(corner), corners[(i + steps) % 4]))
        }
    }

    @Test("Turns compose by adding; the display's turn is undone for touches")
    func composition() {
        for t in QuarterTurn.allCases {
            for d in QuarterTurn.allCases {
                let composed = CoordinateMapper.rotation(touch: t, display: d)
                #expect(composed.degrees == ((t.degrees - d.degrees) % 360 + 360) % 360)
                // Applying the two matrices one after the other gives the composed matrix.
                let corner = Point(0.25, 0.1)
                let stepwise = d.inverse.normalizedMatrix.apply(t.normalizedMatrix.apply(corner))
                #expect(close(stepwise, composed.normalizedMatrix.apply(corner)))
            }
        }
        // xrandr's "right" (picture turned 90° clockwise) needs the matrix 0 1 0 -1 0 1 for touches.
        #expect(
            CoordinateMapper.rotation(touch: .none, display: .clockwise90).normalizedMatrix.values == [
                0, 1, 0, -1, 0, 1,
            ])
        #expect(QuarterTurn(degrees: -90) == .clockwise270 && QuarterTurn(degrees: 450) == .clockwise90)
        #expect(QuarterTurn(degrees: 45) == nil)
    }

    @Test("Device range maps to display pixels the way libinput scales (max lands in the last pixel)")
    func rangeToPixels() {
        let m = CoordinateMapper(
            xRange: AxisRange(minimum: 0, maximum: 4095), yRange: AxisRange(minimum: 100, maximum: 2099),
            displaySize: Size(800, 480))
        #expect(close(m.map(x: 0, y: 100), Point(0, 0)))
        #expect(close(m.map(x: 2048, y: 1100), Point(400, 240)))
        #expect(close(m.map(x: 4095, y: 2099), Point(4095.0 * 800 / 4096, 1999.0 * 480 / 2000)))
    }

    @Test(
        "With the picture turned 90° clockwise, the panel's top-right corner is the picture's top-left",
        arguments: QuarterTurn.allCases)
    func displayRotation(display: QuarterTurn) {
        // An 800×480 panel; the picture's logical size swaps sides on a quarter turn.
        let quarter = display == .clockwise90 || display == .clockwise270
        let size = quarter ? Size(480, 800) : Size(800, 480)
        let m = CoordinateMapper(
            xRange: AxisRange(minimum: 0, maximum: 799), yRange: AxisRange(minimum: 0, maximum: 479),
            displaySize: size, displayRotation: display)
        // The picture's top-left corner sits on this panel corner (turning the picture clockwise
        // carries its top-left corner clockwise round the panel).
        let panelCorner: (Int32, Int32)
        switch display {
        case .none: panelCorner = (0, 0)
        case .clockwise90: panelCorner = (800, 0)
        case .clockwise180: panelCorner = (800, 480)
        case .clockwise270: panelCorner = (0, 480)
        }
        #expect(close(m.map(x: panelCorner.0, y: panelCorner.1), Point(0, 0), 1e-9))
        // The panel's centre is always the picture's centre.
        #expect(close(m.map(x: 400, y: 240), Point(size.width / 2, size.height / 2)))
    }

    @Test("The calibration matrix works in normalised coordinates, before rotation")
    func calibrationBeforeRotation() {
        // Shift right by a tenth of the width and shrink y by half (libinput semantics).
        let cal = CalibrationMatrix(1, 0, 0.1, 0, 0.5, 0)
        let m = CoordinateMapper(
            xRange: AxisRange(minimum: 0, maximum: 999), yRange: AxisRange(minimum: 0, maximum: 999),
            displaySize: Size(1000, 1000), calibration: cal)
        #expect(close(m.map(x: 200, y: 400), Point(300, 200)))
        let turned = CoordinateMapper(
            xRange: m.xRange, yRange: m.yRange, displaySize: Size(1000, 1000),
            calibration: cal, touchRotation: .clockwise90)
        // (0.2, 0.4) → calibrated (0.3, 0.2) → 90° cw (1 − 0.2, 0.3).
        #expect(close(turned.map(x: 200, y: 400), Point(800, 300)))
        #expect(CalibrationMatrix(values: [1, 2, 3]) == nil)
    }
}

@Suite("CalibrationSolver") struct CalibrationSolverTests {
    let truth = CalibrationMatrix(0.97, -0.03, 0.02, 0.04, 1.05, -0.03)

    @Test("Three exact samples give back the matrix that produced them")
    func exact() throws {
        let reported = [Point(0.1, 0.1), Point(0.9, 0.15), Point(0.5, 0.9)]
        // Targets are what the true matrix makes of the reported points.
        let samples = reported.map { CalibrationSample(target: truth.apply($0), reported: $0) }
        let m = try #require(CalibrationSolver.solve(samples))
        for (x, y) in zip(m.values, truth.values) { #expect(abs(x - y) < 1e-9) }
        #expect(CalibrationSolver.rmsError(m, samples) < 1e-12)
    }

    @Test("More samples with noise: least squares stays close and beats the identity")
    func noisy() throws {
        let grid = [
            (0.1, 0.1), (0.5, 0.1), (0.9, 0.1), (0.1, 0.5), (0.5, 0.5), (0.9, 0.5), (0.1, 0.9), (0.5, 0.9), (0.9, 0.9),
        ]
        let noise = [0.002, -0.001, 0.0015, -0.002, 0.0005, 0.001, -0.0015, 0.002, -0.0005]
        let samples = grid.enumerated().map { i, g in
            let p = Point(g.0, g.1)
            let t = truth.apply(p)
            return CalibrationSample(target: Point(t.x + noise[i], t.y - noise[(i + 3) % 9]), reported: p)
        }
        let m = try #require(CalibrationSolver.solve(samples))
        for (x, y) in zip(m.values, truth.values) { #expect(abs(x - y) < 0.01) }
        #expect(CalibrationSolver.rmsError(m, samples) < 0.003)
        #expect(CalibrationSolver.rmsError(m, samples) < CalibrationSolver.rmsError(.identity, samples))
    }

    @Test("Fewer than three samples, or samples on one line, have no answer")
    func degenerate() {
        let line = [0.1, 0.5, 0.9].map { CalibrationSample(target: Point($0, $0), reported: Point($0, $0)) }
        #expect(CalibrationSolver.solve(line) == nil)
        #expect(CalibrationSolver.solve(Array(line.prefix(2))) == nil)
    }

    @Test("Calibrating through a rotated display: the solved matrix puts touches on the targets")
    func throughRotation() throws {
        let xr = AxisRange(minimum: 0, maximum: 4095), yr = AxisRange(minimum: 0, maximum: 4095)
        let size = Size(480, 800)
        let plain = CoordinateMapper(xRange: xr, yRange: yr, displaySize: size, displayRotation: .clockwise90)
        // A panel that reports everything shifted: raw = true raw + (150, −80).
        let targets = [Point(40, 40), Point(440, 60), Point(240, 760), Point(420, 700)]
        let inverse = try #require(plain.transform.inverted)
        let samples = targets.map { t -> CalibrationSample in
            let raw = inverse.apply(t)
            let reported = plain.normalized(x: Int32(raw.x.rounded()) + 150, y: Int32(raw.y.rounded()) - 80)
            return CalibrationSample(target: plain.calibratedTarget(for: t), reported: reported)
        }
        let cal = try #require(CalibrationSolver.solve(samples))
        let fixed = CoordinateMapper(
            xRange: xr, yRange: yr, displaySize: size, calibration: cal, displayRotation: .clockwise90)
        for t in targets {
            let raw = inverse.apply(t)
            // Within a pixel: the raw positions were rounded to whole device units.
            #expect(close(fixed.map(x: Int32(raw.x.rounded()) + 150, y: Int32(raw.y.rounded()) - 80), t, 0.5))
        }
    }

    @Test("Samples taken through an already-calibrated, turned mapper still solve for the true matrix")
    func samplesFromReportedTouches() throws {
        let xr = AxisRange(minimum: 100, maximum: 3999), yr = AxisRange(minimum: 0, maximum: 3999)
        let size = Size(600, 1024)
        // The panel is off: a finger at true normalised point p is reported at skew(p).
        let skew = CalibrationMatrix(1.04, 0.02, -0.03, -0.01, 0.96, 0.05)
        // The hub currently runs with some old calibration and the picture turned 270°.
        let old = CoordinateMapper(
            xRange: xr, yRange: yr, displaySize: size, calibration: CalibrationMatrix(1, 0, 0.01, 0, 1, 0),
            displayRotation: .clockwise270)
        let targets = [Point(60, 60), Point(540, 80), Point(300, 960), Point(520, 900), Point(80, 700)]
        let samples = try targets.map { t -> CalibrationSample in
            let truePoint = old.calibratedTarget(for: t)  // where the finger really is, normalised
            let reportedNormalised = skew.apply(truePoint)
            let raw = Point(
                reportedNormalised.x * xr.span + Double(xr.minimum), reportedNormalised.y * yr.span + Double(yr.minimum)
            )
            let shown = old.transform.apply(raw)  // what the hub reported
            return try #require(old.calibrationSample(target: t, touchedAt: shown))
        }
        let solved = try #require(CalibrationSolver.solve(samples))
        for (x, y) in zip(solved.transform.then(skew.transform).values, Transform.identity.values) {
            #expect(abs(x - y) < 1e-9)
        }
    }
}

extension Transform {
    /// The six coefficients, to compare two transforms number by number.
    var values: [Double] { [a, b, c, d, tx, ty] }
}
