import Core

/// The touch side of `thumbwheel calibrate`: which target to show next, and turning the touches on
/// the targets into a calibration matrix. Pure: the command draws `currentTarget` and feeds frames.
///
/// Each target takes one press: the median of the positions the contact reported while down (a
/// resistive panel's first and last samples are its noisiest), taken when it lifts.
public struct CalibrationSession {
    /// What happened after a frame.
    public enum Progress: Hashable, Sendable {
        /// Still waiting for the touch on `currentTarget`.
        case waiting
        /// The target was recorded; show `currentTarget` next.
        case nextTarget
        /// Every target is done: the matrix to store, and its root-mean-square error in pixels.
        case finished(CalibrationMatrix, rmsPixels: Double)
        /// The samples gave no usable matrix; the session started over (the reason is for people).
        case restarted(String)
    }

    /// The mapper touches were reported through (its current calibration included).
    public let mapper: CoordinateMapper
    /// The targets, in display pixels, in the order they are shown.
    public let targets: [Point]
    private var samples: [CalibrationSample] = []
    /// Set once a matrix has been produced; `restart()` clears it.
    public private(set) var isFinished = false
    /// The contact being followed (device, tracking id) and its positions so far.
    private var following: (device: Int, id: Int)?
    private var positions: [Point] = []

    /// A session over the four corners inset by `margin` (a fraction of each side) and the centre.
    public init(mapper: CoordinateMapper, margin: Double = 0.1) {
        let w = mapper.displaySize.width, h = mapper.displaySize.height
        self.mapper = mapper
        targets = [
            Point(w * margin, h * margin), Point(w * (1 - margin), h * margin),
            Point(w * (1 - margin), h * (1 - margin)), Point(w * margin, h * (1 - margin)), Point(w / 2, h / 2),
        ]
    }

    /// The target to show now (nil once finished).
    public var currentTarget: Point? { !isFinished && samples.count < targets.count ? targets[samples.count] : nil }

    /// Forgets every sample and starts again at the first target.
    public mutating func restart() {
        samples = []; following = nil; positions = []; isFinished = false
    }

    /// Feeds one frame from the hub.
    public mutating func handle(_ frame: TouchFrame) -> Progress {
        var progress = Progress.waiting
        for touch in frame.touches {
            guard currentTarget != nil else { break }
            switch touch.phase {
            case .began where following == nil:
                following = (touch.deviceID, touch.trackingID)
                positions = [touch.position]
            case .moved where isFollowed(touch):
                positions.append(touch.position)
            case .ended where isFollowed(touch):
                positions.append(touch.position)
                progress = record()
            case .cancelled where isFollowed(touch):
                following = nil
                positions = []
            default:
                break
            }
        }
        return progress
    }

    private func isFollowed(_ t: TouchPoint) -> Bool { following.map { $0 == (t.deviceID, t.trackingID) } ?? false }

    private mutating func record() -> Progress {
        following = nil
        let touched = Point(median(positions.map(\.x)), median(positions.map(\.y)))
        positions = []
        guard let target = currentTarget, let sample = mapper.calibrationSample(target: target, touchedAt: touched)
        else {
            return .waiting
        }
        samples.append(sample)
        guard samples.count == targets.count else { return .nextTarget }
        let done = samples
        samples = []
        guard let matrix = CalibrationSolver.solve(done) else {
            return .restarted("the touches lie on one line; touch each target where it is shown")
        }
        let fixed = CoordinateMapper(
            xRange: mapper.xRange, yRange: mapper.yRange, displaySize: mapper.displaySize,
            calibration: matrix, touchRotation: mapper.touchRotation,
            displayRotation: mapper.displayRotation)
        // The error in pixels: where the new matrix puts each recorded touch, against its target.
        let raw = done.map {
            Point(
                $0.reported.x * mapper.xRange.span + Double(mapper.xRange.minimum),
                $0.reported.y * mapper.yRange.span + Double(mapper.yRange.minimum))
        }
        let squared = zip(raw, targets).map { r, t in
            let p = fixed.transform.apply(r)
            return (p.x - t.x) * (p.x - t.x) + (p.y - t.y) * (p.y - t.y)
        }
        let rms = (squared.reduce(0, +) / Double(squared.count)).squareRoot()
        let diagonal =
            (mapper.displaySize.width * mapper.displaySize.width + mapper.displaySize.height * mapper.displaySize.height)
            .squareRoot()
        // A panel that needs more than 5 % of the diagonal of residual error after an affine fix was
        // touched off target (or is not affine at all): do not store that.
        if rms > 0.05 * diagonal {
            return .restarted("the touches are too far from the targets (\(Int(rms)) px off after fitting); try again")
        }
        isFinished = true
        return .finished(matrix, rmsPixels: rms)
    }

    private func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
