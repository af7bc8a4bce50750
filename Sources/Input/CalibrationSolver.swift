import Core

/// One calibration sample: where a target was shown and where the panel said it was touched, both in
/// normalised coordinates (see `CoordinateMapper.normalized` and `calibratedTarget(for:)`).
public struct CalibrationSample: Hashable, Sendable {
    /// Where the target was shown, normalised and unrotated (`CoordinateMapper.calibratedTarget`).
    public var target: Point
    /// Where the panel reported the touch, normalised to its axis ranges.
    public var reported: Point
    /// Creates a sample.
    public init(target: Point, reported: Point) { self.target = target; self.reported = reported }
}

/// Computes the calibration matrix from touches on known targets (`thumbwheel calibrate`).
public enum CalibrationSolver {
    /// The affine matrix that maps reported points onto their targets with the least squared error,
    /// or nil with fewer than three samples or when they all lie on one line (no unique answer).
    public static func solve(_ samples: [CalibrationSample]) -> CalibrationMatrix? {
        guard samples.count >= 3 else { return nil }
        // Normal equations AᵀA·p = Aᵀt with rows A = [x y 1]; one system per output coordinate,
        // sharing the same AᵀA.
        var ata = [[Double]](repeating: [0, 0, 0], count: 3)
        var atx = [0.0, 0.0, 0.0], aty = [0.0, 0.0, 0.0]
        for s in samples {
            let row = [s.reported.x, s.reported.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { ata[i][j] += row[i] * row[j] }
                atx[i] += row[i] * s.target.x
                aty[i] += row[i] * s.target.y
            }
        }
        guard let abc = solve3(ata, atx), let def = solve3(ata, aty) else { return nil }
        return CalibrationMatrix(abc[0], abc[1], abc[2], def[0], def[1], def[2])
    }

    /// The root-mean-square distance between each target and where `matrix` puts its reported point.
    public static func rmsError(_ matrix: CalibrationMatrix, _ samples: [CalibrationSample]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { acc, s in
            let d = matrix.apply(s.reported).distance(to: s.target)
            return acc + d * d
        }
        return (sum / Double(samples.count)).squareRoot()
    }

    /// Solves a 3×3 system by Cramer's rule; nil when it is (nearly) singular.
    static func solve3(_ m: [[Double]], _ v: [Double]) -> [Double]? {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        let scale = m.flatMap { $0 }.map(abs).max() ?? 0
        // Relative threshold: collinear points leave a determinant that is rounding noise.
        guard d.isFinite, abs(d) > 1e-12 * scale * scale * scale, scale > 0 else { return nil }
        return (0..<3).map { col in
            var replaced = m
            for row in 0..<3 { replaced[row][col] = v[row] }
            return det(replaced) / d
        }
    }
}
