import Core

extension Spinner {
    /// Sets the selection from the host (RVS-52): clamped, not wrapped.
    public func select(_ index: Int, time: MonotonicTime) {
        runTurn(time)
        setIndex(index, fromUser: false, time: time)
    }

    /// Replaces the list (RVS-53): clamps the selection (which may change it, deferred), closes an open
    /// popup (the delegate may veto), and always sends `valueChanged` synchronously.
    public func setItems(_ newItems: [SpinnerItem], time: MonotonicTime) {
        runTurn(time)
        items = newItems
        setIndex(selectedIndex, fromUser: false, time: time)
        updateWheelRotation(time: time, animated: false)  // the sector angle changed (RVS-53 step 2)
        picker?.resize(count: count, rowHeight: pickerRowHeight)
        if isOpen { _ = close(time: time, byTap: false) }
        outbox.send(.valueChanged(value: Double(selectedIndex), fromUser: false))
    }

    /// Changes the variant rule (RVS-7); a change while open closes the popup on the next turn.
    public func setSpinnerMode(_ mode: Int, time: MonotonicTime) {
        runTurn(time)
        let changed = mode != spinnerMode
        spinnerMode = mode
        if changed && isOpen { pendingWork.append(.closeForConfigurationChange) }
    }

    /// Changes the count threshold (RVS-8, ≥ 0); a change while open closes the popup on the next turn.
    public func setSpinnerThreshold(_ threshold: Int, time: MonotonicTime) {
        runTurn(time)
        let t = max(0, threshold)
        let changed = t != spinnerThreshold
        spinnerThreshold = t
        if changed && isOpen { pendingWork.append(.closeForConfigurationChange) }
    }

    /// Starts (or replaces) a flywheel spin with velocity `v0` at `time` (RVS-46/47): the host's "spin
    /// the wheel", and what a flick does. Ignored unless the wheel is open.
    public func spin(velocity v0: Double, time: MonotonicTime) {
        runTurn(time)
        startSpin(velocity: v0, time: time)
    }

    func startSpin(velocity v0: Double, time: MonotonicTime) {
        guard isOpen, popupVariant == .wheel else { return }
        flywheel.start(velocity: v0)
        flywheelClock.reset(at: time)
        flywheelStart = time
        flywheelTicks = 0
    }

    /// Wraps `index` into [0, count) (user steps, pans and spins wrap; the host's sets clamp).
    func wrapped(_ index: Int) -> Int {
        guard count > 0 else { return 0 }
        let r = index % count
        return r < 0 ? r + count : r
    }

    /// The one place the selection changes (RVS-52): clamp, animate the wheel, defer the effects.
    func setIndex(_ requested: Int, fromUser: Bool, time: MonotonicTime) {
        let new = count == 0 ? 0 : min(max(0, requested), count - 1)
        guard new != selectedIndex else { return }
        selectedIndex = new
        updateWheelRotation(time: time, animated: isOpen && popupVariant == .wheel)
        if !fromUser || picker?.state == .idle { picker?.jump(to: new) }
        pendingWork.append(.selectionEffects(index: new, fromUser: fromUser, at: time))
    }

    /// Points the wheel at the selection. Animated (RVS-40): 0.2 s with the default curve, from the
    /// angle shown now, along the shortest path; otherwise immediate.
    func updateWheelRotation(time: MonotonicTime, animated: Bool) {
        let canonical = WheelGeometry.rotation(index: selectedIndex, count: count)
        let shown = Angle(degrees: rotationAnimation?.value(at: time) ?? rotationTarget)
        let target = shown.degrees + WheelGeometry.shortestTurn(from: shown, to: canonical).degrees
        if animated {
            rotationAnimation = ScalarAnimation(
                from: shown.degrees, to: target, start: time,
                duration: Spinner.stepAnimationDuration,
                curve: .timing(.coreAnimationDefault))
        } else {
            rotationAnimation = nil
        }
        rotationTarget = target
    }

    /// The wheel's step animation length (RVS-40).
    public static let stepAnimationDuration = 0.2
}
