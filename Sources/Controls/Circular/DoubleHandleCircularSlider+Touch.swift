import Core

/// Touch handling of the range slider (MS-76…79): the nearer handle wins a touch-down, each finger moves
/// only its handle, illegal positions are rejected (the handle sticks), and the released handle snaps.
extension DoubleHandleCircularSlider {
    /// The tracking id used when the slider is driven through the single-touch entry points.
    static let singleTouchID = Int.min

    /// MS-48: the handle squares and the disc; off-handle touches on the disc are swallowed.
    public func claims(_ p: Point) -> Bool {
        let g = geometry
        let u = g.unrotated(p)
        return g.discContains(p) || firstHandleTouchSquare.contains(u) || secondHandleTouchSquare.contains(u)
    }

    /// MS-76: of the free handles whose squares hold the point, the one whose centre is nearer wins; an
    /// exact tie goes to the second. A handle already held by another finger is not free.
    public func touchBegan(id: Int, at p: Point, time: MonotonicTime) -> Bool {
        guard owners[id] == nil else { return false }
        let u = geometry.unrotated(p)
        let inFirst = !isFirstHandlePressed && firstHandleTouchSquare.contains(u)
        let inSecond = !isSecondHandlePressed && secondHandleTouchSquare.contains(u)
        let isFirst: Bool
        switch (inFirst, inSecond) {
        case (true, true): isFirst = u.distance(to: firstHandleCenter) < u.distance(to: secondHandleCenter)
        case (true, false): isFirst = true
        case (false, true): isFirst = false
        case (false, false): return false
        }
        owners[id] = isFirst
        outbox.send(.rangeStartedTracking(first: currentValue, second: secondCurrentValue, isFirstHandle: isFirst))
        return true
    }

    /// MS-77/78: move the finger's handle if the new angle is legal; announce every sample with
    /// `fromUser: true` (port side).
    public func touchMoved(id: Int, to p: Point, time: MonotonicTime) {
        guard let isFirst = owners[id], let newAngle = geometry.compassAngle(of: p) else { return }
        if isLegal(newAngle, forFirst: isFirst) {
            if isFirst { angle = newAngle } else { secondAngle = newAngle }
        }
        announce(isFirstHandle: isFirst, fromUser: true)
    }

    /// MS-79 (port order): snap the released handle, then `rangeEndedTracking`, then un-press it. The
    /// other finger, if any, keeps its handle.
    public func touchEnded(id: Int, at p: Point, time: MonotonicTime) { release(id: id) }

    /// a cancel is a release.
    public func touchCancelled(id: Int, time: MonotonicTime) { release(id: id) }

    /// Single-touch entry points (a router always uses the multi-touch ones): one pseudo contact.
    public func touchBegan(at p: Point, time: MonotonicTime) -> Bool {
        touchBegan(id: Self.singleTouchID, at: p, time: time)
    }
    /// Moves the pseudo contact's handle.
    public func touchMoved(to p: Point, time: MonotonicTime) { touchMoved(id: Self.singleTouchID, to: p, time: time) }
    /// Releases the pseudo contact's handle.
    public func touchEnded(at p: Point, time: MonotonicTime) { touchEnded(id: Self.singleTouchID, at: p, time: time) }
    /// Cancels the pseudo contact (as a release).
    public func touchCancelled(time: MonotonicTime) { touchCancelled(id: Self.singleTouchID, time: time) }

    // MARK: Rules

    /// MS-77. On a partial arc the first handle may not pass the second and the second stays within
    /// [first, maximumAngle]. On any arc the arc distance between the candidate and the other handle must
    /// be at least `effectiveMinimumHandlesDistance + secondHandleDiameter` (the second handle's diameter
    /// whichever handle moves). The distance is measured along the chord between the top-left corners of
    /// the two handles' squares. On a full circle only the destination is checked [QUIRK].
    public func isLegal(_ candidate: Double, forFirst: Bool) -> Bool {
        if !track.fullCircle {
            if forFirst && candidate > secondAngle { return false }
            if !forFirst && (candidate > track.maximumAngle || candidate < angle) { return false }
        }
        let g = geometry
        let moving = g.handleRect(angle: candidate, diameter: forFirst ? firstHandleDiameter : secondHandleDiameter)
        let other =
            forFirst
            ? g.handleRect(angle: secondAngle, diameter: secondHandleDiameter)
            : g.handleRect(angle: angle, diameter: firstHandleDiameter)
        let distance = g.arcDistance(chordFrom: moving.origin, to: other.origin)
        return distance >= effectiveMinimumHandlesDistance + secondHandleDiameter
    }

    private func release(id: Int) {
        guard let isFirst = owners[id] else { return }
        snap(isFirst: isFirst)
        outbox.send(.rangeEndedTracking(first: currentValue, second: secondCurrentValue, isFirstHandle: isFirst))
        owners[id] = nil
    }

    /// MS-79 step 2: a label pass, then a marker pass over labels ∪ markers. In each pass the candidates
    /// are ordered by distance from the pre-snap angle (equal distances collapse to the lower angle) and
    /// the nearest one that passes the MS-77 checks is applied and announced; if none does, the handle
    /// stays. Degenerate candidate sets are skipped (MS-64).
    private func snap(isFirst: Bool) {
        let from = isFirst ? angle : secondAngle
        let labels = track.snapToLabels ? track.snapAngles(count: track.labels.count) : []
        var passes: [[Double]] = []
        if track.snapToLabels { passes.append(labels) }
        if track.snapToMarkers { passes.append(labels + track.snapAngles(count: track.markerCount)) }
        for candidates in passes where !candidates.isEmpty {
            var byDistance: [Double: Double] = [:]
            for c in candidates {
                let d = abs(from - c)
                if let kept = byDistance[d], kept <= c { continue }
                byDistance[d] = c
            }
            for d in byDistance.keys.sorted() {
                let c = byDistance[d]!
                let target = (track.fullCircle && c == 360) ? 0 : c
                guard isLegal(target, forFirst: isFirst) else { continue }
                if isFirst { angle = target } else { secondAngle = target }
                announce(isFirstHandle: nil, fromUser: false)
                break
            }
        }
    }
}
