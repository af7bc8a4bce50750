import Core

/// The single-handle interaction (MS-48…65): begin on the handle only, absolute mapping in whole degrees,
/// direction and revolution tracking, the partial-arc gap, and snapping on release or cancel.
extension CircularSlider {
    /// MS-48: the control takes a touch-down on the handle's touch square or on its disc. A touch on the
    /// disc but off the handle is swallowed without tracking [QUIRK].
    public func claims(_ p: Point) -> Bool {
        let g = geometry
        return g.discContains(p) || handleTouchSquare.contains(g.unrotated(p))
    }

    /// MS-50/51: tracking starts only inside the handle square. The value does not change; the handle is
    /// highlighted and `startedTracking` is sent. A running `setValue` animation stops (port decision).
    public func touchBegan(at p: Point, time: MonotonicTime) -> Bool {
        guard interactionState == .idle, handleTouchSquare.contains(geometry.unrotated(p)) else { return false }
        stopAnimation()
        interactionState = .pressed
        outbox.send(.startedTracking(value: currentValue))
        return true
    }

    /// MS-52: one move sample. A sample exactly at the centre has no angle and is ignored (MS-37).
    public func touchMoved(to p: Point, time: MonotonicTime) {
        guard interactionState != .idle, var newAngle = geometry.compassAngle(of: p) else { return }
        let firstSample = interactionState == .pressed
        interactionState = .sliding
        let finger = newAngle
        defer { lastFingerAngle = finger }
        if holdPin(finger: finger) {
            outbox.send(.valueChanged(value: currentValue, fromUser: true))
            return
        }
        let old = angle
        if track.fullCircle {
            newAngle = fullCircleStep(
                from: old, to: newAngle,
                detectCrossing: !firstSample || detectsCrossingOnFirstSample)
            if holdsPinUntilReturn, newAngle != finger, newAngle == 0 || newAngle == 360 {
                pinOvershoot = CircularSlider.signedDelta(from: newAngle, to: finger)
            }
        } else {
            if newAngle > old { setDirection(.clockwise) } else if newAngle < old { setDirection(.counterclockwise) }
            if newAngle > track.maximumAngle { newAngle = gapEnd(for: newAngle, handleWasAt: old) }
        }
        angle = newAngle
        outbox.send(.valueChanged(value: currentValue, fromUser: true))
    }

    /// MS-58 (lift) and MS-59 (cancel, port side: exactly like a lift, snap included).
    public func touchEnded(at p: Point, time: MonotonicTime) { release() }

    /// X-6 / MS-59: a cancel is a release.
    public func touchCancelled(time: MonotonicTime) { release() }

    // MARK: Steps

    /// MS-55/56/57 on a full circle: the direction, the crossing of north (more than 180° between
    /// samples) and, in bounded mode, counting and pinning. Returns the angle to move to.
    private func fullCircleStep(from old: Double, to new: Double, detectCrossing: Bool) -> Double {
        let bounded = maximumRevolutions != -1
        if new > old {
            guard detectCrossing, new - old > 180 else { setDirection(.clockwise); return new }
            // Counter-clockwise crossing of north (5 → 355).
            guard bounded else { setDirection(.counterclockwise); return new }
            if revolutionsCount - 1 < 0 { return 0 }  // pinned at the minimum, no direction update
            revolutionsCount -= 1
            outbox.send(.revolutionsChanged(revolutionsCount))
            setDirection(.counterclockwise)
            return new
        }
        if new < old {
            guard detectCrossing, old - new > 180 else { setDirection(.counterclockwise); return new }
            // Clockwise crossing of north (355 → 5).
            guard bounded else { setDirection(.clockwise); return new }
            if revolutionsCount + 1 > maximumRevolutions { return 360 }  // pinned at the maximum
            revolutionsCount += 1
            outbox.send(.revolutionsChanged(revolutionsCount))
            setDirection(.clockwise)
            return new
        }
        return new
    }

    /// MS-57 option: while pinned, wind the finger's travel past the pin; true while it is still beyond.
    private func holdPin(finger: Double) -> Bool {
        guard holdsPinUntilReturn, var over = pinOvershoot, let last = lastFingerAngle else { return false }
        over += CircularSlider.signedDelta(from: last, to: finger)
        if (angle == 360 && over > 0) || (angle == 0 && over < 0) {
            pinOvershoot = over
            return true
        }
        pinOvershoot = nil
        return false
    }

    /// The shortest signed turn from `a` to `b` in degrees, in (−180, 180], positive clockwise.
    static func signedDelta(from a: Double, to b: Double) -> Double {
        let d = Angle.wrap(b - a, period: 360)
        return d > 180 ? d - 360 : d
    }

    /// MS-53: where a finger in the gap of a partial arc puts the handle. The original splits the gap at
    /// its midpoint with no memory (over-swiping flips max → min); `stickyEnds` holds the nearer end.
    private func gapEnd(for newAngle: Double, handleWasAt old: Double) -> Double {
        let maxAngle = track.maximumAngle
        if stickyEnds { return old >= maxAngle / 2 ? maxAngle : 0 }
        return newAngle > maxAngle + (360 - maxAngle) / 2 ? 0 : maxAngle
    }

    /// MS-55: `directionChanged` only when the direction really changes.
    func setDirection(_ d: SlidingDirection) {
        guard d != slidingDirection else { return }
        slidingDirection = d
        outbox.send(.directionChanged(d.rawValue))
    }

    /// MS-58, in order: snap, `endedTracking`, un-press, sliding off, direction → none.
    private func release() {
        guard interactionState != .idle else { return }
        pinOvershoot = nil
        lastFingerAngle = nil
        snapOnRelease()
        outbox.send(.endedTracking(value: currentValue))
        interactionState = .idle
        setDirection(.none)
    }

    /// MS-60…65: labels first, then markers, with the running best distance carried over (so the result
    /// is the nearest of the union); a tie goes to the larger angle. Each active pass with candidates
    /// applies the best so far and announces it, even when the handle already sits there.
    private func snapOnRelease() {
        let from = angle
        var best: Double?
        var bestDistance = Double.infinity
        let passes = [(track.snapToLabels, track.labels.count), (track.snapToMarkers, track.markerCount)]
        for (enabled, count) in passes where enabled {
            let candidates = track.snapAngles(count: count)
            guard !candidates.isEmpty else { continue }  // MS-64 port side: skip a degenerate pass
            for c in candidates {
                let d = abs(from - c)
                if d <= bestDistance { bestDistance = d; best = c }  // ascending order: ties → larger
            }
            if let b = best { applySnap(b) }
        }
    }
}
