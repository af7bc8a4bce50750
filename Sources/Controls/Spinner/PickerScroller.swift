#if canImport(Glibc)
    import Glibc
#endif
import Core

/// The picker variant's wheel-style list (RVS-59…61): drag, fling with momentum on the fixed 60 Hz
/// tick, then a snap onto the nearest row. The original uses the platform list's native scrolling,
/// whose model is unpublished; this port fixes one (SEED 7.2) and records it here:
/// * drag: the list follows the finger one row per `rowHeight` points, clamped to the first and last row;
/// * fling: velocity (rows/s) decays by UIScrollView's normal rate 0.998 per ms, applied per 60 Hz tick;
/// * snap: once slower than `snapSpeed` (or at an end), ease out to the nearest row in `snapDuration`;
/// * a tap on a row scrolls to it (ease-in-out, `tapScrollDuration`), then selects it.
/// `position` is the fractional row at the picker's centre line; a settle reports one row.
public struct PickerScroller: Sendable {
    /// The fling velocity factor per 60 Hz tick (0.998 per ms).
    public static let decayPerTick = pow(0.998, 1000 / Flywheel.tickRate)
    /// Rows per second below which a fling snaps.
    public static let snapSpeed = 0.3
    /// Seconds of the ease-out snap onto a row.
    public static let snapDuration = 0.25
    /// Seconds of the ease-in-out scroll to a tapped row.
    public static let tapScrollDuration = 0.3

    /// What the list is doing.
    public enum State: Hashable, Sendable { case idle, dragging, momentum, snapping }

    /// The number of rows.
    public private(set) var count: Int
    /// Row height in points.
    public private(set) var rowHeight: Double
    /// The fractional row at the centre line where the list comes to rest (the snap target while snapping).
    public private(set) var position: Double
    /// The current state.
    public private(set) var state: State = .idle
    /// Rows per second while flinging.
    public private(set) var velocity: Double = 0
    private var dragStartPosition = 0.0
    private var dragStartY = 0.0
    private var snap: ScalarAnimation?
    private var stepper = FixedStepper(tickRate: Flywheel.tickRate)
    /// The fling's start and its ticks so far: tick k happens at start + k/60, whatever the frame rate.
    private var momentumStart: MonotonicTime = 0
    private var momentumTicks = 0

    /// A list of `count` rows resting on row `position`.
    public init(count: Int, rowHeight: Double, position: Int) {
        self.count = count; self.rowHeight = max(1, rowHeight); self.position = Double(position)
    }

    /// The list changed length or the picker was re-framed (RVS-34): motion stops, the position is kept.
    public mutating func resize(count: Int, rowHeight: Double) {
        self.count = count; self.rowHeight = max(1, rowHeight)
        snap = nil; velocity = 0; state = .idle; position = clamped(position.rounded())
    }

    /// True while the list moves by itself.
    public var isMoving: Bool { state == .momentum || state == .snapping }

    /// The fractional position at `time` (the snap is animated; other states are stored).
    public func position(at time: MonotonicTime) -> Double { snap?.value(at: time) ?? position }

    private var maxPosition: Double { Double(max(0, count - 1)) }
    private func clamped(_ p: Double) -> Double { min(maxPosition, max(0, p)) }

    /// A finger touched the list: any motion stops where it is shown now.
    public mutating func touchDown(y: Double, time: MonotonicTime) {
        position = position(at: time)
        snap = nil; velocity = 0
        state = .dragging
        dragStartPosition = position; dragStartY = y
    }

    /// The finger moved to `y` (picker coordinates): moving it down shows earlier rows.
    public mutating func drag(to y: Double) {
        guard state == .dragging else { return }
        position = clamped(dragStartPosition - (y - dragStartY) / rowHeight)
    }

    /// The finger lifted with vertical velocity `vy` (points per second).
    public mutating func release(velocityY vy: Double, time: MonotonicTime) {
        guard state == .dragging else { return }
        velocity = -vy / rowHeight
        if abs(velocity) < Self.snapSpeed {
            beginSnap(time: time)
        } else {
            state = .momentum
            stepper.reset(at: time)
            momentumStart = time
            momentumTicks = 0
        }
    }

    /// Scrolls to `row` (a tap on it); it is selected when the scroll settles.
    public mutating func scroll(to row: Int, time: MonotonicTime) {
        let target = clamped(Double(row))
        snap = ScalarAnimation(
            from: position(at: time), to: target, start: time,
            duration: Self.tapScrollDuration, curve: .timing(.easeInOut))
        position = target
        state = .snapping
    }

    /// Jumps to `row` without animation (opening, or a programmatic selection).
    public mutating func jump(to row: Int) {
        snap = nil; velocity = 0; state = .idle; position = clamped(Double(row))
    }

    /// Runs momentum ticks and the snap up to `time`. Returns the row the list came to rest on, once.
    public mutating func advance(to time: MonotonicTime) -> Int? {
        if state == .momentum {
            var stopped = false
            var v = velocity, pos = position, ticks = momentumTicks
            let lo = 0.0, hi = maxPosition
            // A local copy of the stepper: its closure must not touch `self` while `self` is mutated.
            var ticker = stepper
            ticker.advance(to: time) {
                guard !stopped else { return }
                ticks += 1
                v *= Self.decayPerTick
                let next = pos + v / Flywheel.tickRate
                pos = min(hi, max(lo, next))
                if next != pos || abs(v) < Self.snapSpeed { stopped = true }
            }
            stepper = ticker
            velocity = v; position = pos; momentumTicks = ticks
            // The snap starts at the tick that stopped the fling, not at this frame.
            if stopped { beginSnap(time: momentumStart + Double(ticks) / Flywheel.tickRate) }
        }
        if state == .snapping, let s = snap, s.isFinished(at: time) {
            snap = nil
            state = .idle
            position = s.to
            return Int(position.rounded())
        }
        return nil
    }

    private mutating func beginSnap(time: MonotonicTime) {
        velocity = 0
        let target = clamped(position.rounded())
        snap = ScalarAnimation(
            from: position, to: target, start: time, duration: Self.snapDuration,
            curve: .timing(.easeOut))
        position = target
        state = .snapping
    }

    /// Geometry: the top of row `i`'s rectangle in a picker of height `pickerHeight` at `time`; the
    /// row at `position` is centred vertically.
    public func rowTop(_ i: Int, pickerHeight: Double, time: MonotonicTime) -> Double {
        pickerHeight / 2 + (Double(i) - position(at: time)) * rowHeight - rowHeight / 2
    }

    /// The row under picker-coordinate `y` at `time`, if any.
    public func row(atY y: Double, pickerHeight: Double, time: MonotonicTime) -> Int? {
        let r = Int(((y - pickerHeight / 2) / rowHeight + position(at: time)).rounded())
        return (0..<count).contains(r) ? r : nil
    }
}
