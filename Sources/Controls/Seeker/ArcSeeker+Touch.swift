import Core

/// The seeker's interaction and animations (CS-11…19): begin on the enlarged thumb, absolute following on
/// the arc, snapping to the nearer end in the gap with tracking continuing, and the value reported when
/// the scale-back animation ends.
extension ArcSeeker {
    /// How long the press and release scale animations take (CS-12, CS-16).
    public static let scaleDuration: Double = 0.2
    /// The thumb scale while held (CS-12).
    public static let pressedScale: Double = 1.2

    /// the seeker takes touches on its bounds (as a UIKit control does) and on the begin square, which
    /// may reach outside them. Touches off the thumb are swallowed without tracking.
    public func claims(_ p: Point) -> Bool { bounds.contains(p) || touchSquare.contains(p) }

    /// CS-11/12: tracking starts only inside the begin square; the thumb grows to 1.2× over 0.2 s, ease-in,
    /// from its current scale. A running `moveToAngle` stops where the model is (port decision).
    public func touchBegan(at p: Point, time: MonotonicTime) -> Bool {
        guard !isTracking, touchSquare.contains(p) else { return false }
        move = nil
        shownPathAngle = nil
        isTracking = true
        inGap = false
        animateScale(to: ArcSeeker.pressedScale, timing: .easeIn, at: time)
        return true
    }

    /// CS-13…15: every sample in order. On the arc the thumb jumps under the finger (no event unless
    /// `continuous`); in the gap it snaps to the closest end, scales back and schedules the value event.
    /// Tracking continues either way.
    public func touchMoved(to p: Point, time: MonotonicTime) {
        guard isTracking, let a = angle(of: p) else { return }
        if isOnArc(a) {
            currentAngle = a
            inGap = false
            if continuous { outbox.send(.valueChanged(value: currentAngle, fromUser: true)) }
            return
        }
        currentAngle = closestEnd(to: a)
        animateScale(to: 1, timing: .easeOut, at: time)
        if eventPerGapSample || !inGap { dueEvents.append(time + ArcSeeker.scaleDuration) }
        inGap = true
    }

    /// CS-16: the thumb scales back over 0.2 s (ease-out); the value is reported when that ends.
    public func touchEnded(at p: Point, time: MonotonicTime) { release(at: time) }

    /// CS-17 (port side): a cancel is a release.
    public func touchCancelled(time: MonotonicTime) { release(at: time) }

    private func release(at time: MonotonicTime) {
        guard isTracking else { return }
        isTracking = false
        animateScale(to: 1, timing: .easeOut, at: time)
        dueEvents.append(time + ArcSeeker.scaleDuration)
    }

    /// The scale at `time`, following the animation in flight.
    public func thumbScale(at time: MonotonicTime) -> Double { scaleTween?.value(at: time) ?? thumbScale }

    private func animateScale(to target: Double, timing: CubicBezierCurve, at time: MonotonicTime) {
        let from = thumbScale(at: time)
        scaleTween = ScalarAnimation(
            from: from, to: target, start: time, duration: ArcSeeker.scaleDuration,
            curve: .timing(timing))
    }

    /// CS-19: the thumb's centre travels clockwise along the arc's radius from `startAngle` (or, with
    /// `fromCurrent`, from `currentAngle`) to `angle`, linearly over `duration` seconds from `time`; at
    /// the end `currentAngle = angle`. No event.
    public func moveToAngle(_ angle: Double, duration: Double, at time: MonotonicTime, fromCurrent: Bool = false) {
        guard angle.isFinite else { return }
        guard duration > 0 else { currentAngle = angle; move = nil; shownPathAngle = nil; return }
        let from = fromCurrent ? currentAngle : startAngle
        let sweep = Angle.wrap(angle - from, period: 360)
        let path = ScalarAnimation(
            from: from, to: from + sweep, start: time, duration: duration, curve: .timing(.linear))
        move = (path, angle)
        shownPathAngle = from
    }

    /// Whether a `moveToAngle` is in flight.
    public var isMoving: Bool { move != nil }

    /// Runs the scale and path animations to `time` and raises the value events that fell due, reading
    /// `currentAngle` at that moment. Returns true while anything is still pending.
    public func advance(to time: MonotonicTime) -> Bool {
        if let tween = scaleTween {
            thumbScale = tween.value(at: time)
            if tween.isFinished(at: time) { scaleTween = nil }
        }
        if let m = move {
            shownPathAngle = m.tween.value(at: time)
            if m.tween.isFinished(at: time) {
                move = nil
                shownPathAngle = nil
                currentAngle = m.target
            }
        }
        while let due = dueEvents.first, due <= time {
            dueEvents.removeFirst()
            outbox.send(.valueChanged(value: currentAngle, fromUser: true))
        }
        return scaleTween != nil || move != nil || !dueEvents.isEmpty
    }
}
