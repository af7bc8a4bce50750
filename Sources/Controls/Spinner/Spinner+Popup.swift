import Core

extension Spinner {
    /// The opening spring (RVS-31): 0.25 s, damping ratio 0.8, initial velocity 25.
    public static let openSpring = SpringCurve(dampingRatio: 0.8, initialVelocity: 25, duration: 0.25)
    /// The wheel's closing spring (RVS-32): 0.25 s, damping 1.0, velocity 7.
    public static let closeSpringWheel = SpringCurve(dampingRatio: 1.0, initialVelocity: 7, duration: 0.25)
    /// The picker's closing spring (RVS-32): 0.3 s, damping 1.0, velocity 7.
    public static let closeSpringPicker = SpringCurve(dampingRatio: 1.0, initialVelocity: 7, duration: 0.3)
    /// The scale the popups shrink to (and the picker starts from).
    public static let collapsedScale = 0.001

    /// The host's `isOpen = …` (RVS-6): opens (count ≥ 2 only) or closes (the delegate may veto).
    public func setOpen(_ open: Bool, time: MonotonicTime) {
        runTurn(time)
        if open { self.open(time: time, byTap: false) } else { _ = close(time: time, byTap: false) }
    }

    /// The opening sequence (RVS-31); ignored unless closed with at least two items.
    func open(time: MonotonicTime, byTap: Bool) {
        guard !isOpen, count >= 2 else { return }
        isOpening = true
        let variant: PopupVariant = opensAsSpinner ? .wheel : .picker
        // Pop-in animations, armed now, visible from the next frame.
        popupAnimation = ScalarAnimation(
            from: variant == .wheel ? 0 : Spinner.collapsedScale, to: 1, start: time,
            spring: Spinner.openSpring)
        if replaceCenterImage && centerImageName != nil {
            centerAnimation = ScalarAnimation(from: 0, to: 1, start: time, spring: Spinner.openSpring)
        }
        hapticsLive = isHapticsOn
        if options.playsOpenCloseFeedback { pendingWork.append(.openFeedback) }
        popupVariant = variant
        flywheel.stop()
        updateWheelRotation(time: time, animated: false)
        picker = nil
        if variant == .picker {
            // The list is built at its first row, then scrolls (animated) to the selection (RVS-31 step 4).
            var list = PickerScroller(count: count, rowHeight: pickerRowHeight, position: 0)
            if selectedIndex != 0 { list.scroll(to: selectedIndex, time: time) }
            picker = list
        }
        let item = value
        delegate?.spinner(self, hasOpenedWith: item)  // isOpen still reads false here
        outbox.send(.opened)
        isOpen = true
        isOpening = false
        if byTap { outbox.send(.touchUpInside) }  // already on the turn after the lift
    }

    /// The closing sequence (RVS-32); ignored unless open. Returns false when the delegate vetoed it.
    @discardableResult
    func close(time: MonotonicTime, byTap: Bool) -> Bool {
        guard isOpen else { return false }
        if let d = delegate, !d.spinner(self, willCloseWith: value) { return false }
        flywheel.stop()
        pendingWork.append(
            .closeFollowUp(variant: popupVariant ?? .wheel, playFeedback: options.playsOpenCloseFeedback))
        delegate?.spinner(self, hasClosedWith: value)  // isOpen still reads true here
        outbox.send(.closed)
        isOpen = false
        // The popup's recognisers go with it; a press held on the centre stays.
        if case .center? = touch {} else { touch = nil }
        if byTap { outbox.send(.touchUpInside) }  // already on the turn after the lift
        return true
    }

    /// Runs the work deferred by earlier calls: one "main-loop turn". Work deferred while it runs
    /// waits for the following turn.
    public func runTurn(_ time: MonotonicTime) {
        guard !pendingWork.isEmpty else { return }
        let work = pendingWork
        pendingWork.removeAll()
        for w in work { perform(w, time: time) }
    }

    private func perform(_ work: DeferredWork, time: MonotonicTime) {
        switch work {
        case .selectionEffects(let index, let fromUser, let changedAt):
            // One cue per change, but at most one per 60 Hz tick (RVS-62 port).
            if isOpen && feedbackLive && (lastSelectCue.map { changedAt - $0 >= 1 / Flywheel.tickRate - 1e-9 } ?? true)
            {
                outbox.send(.feedback(.select))
                lastSelectCue = changedAt
            }
            let item = index < count ? items[index] : nil
            delegate?.spinner(self, hasSelected: item)
            outbox.send(.selectionChanged(index: index))
            outbox.send(.valueChanged(value: Double(index), fromUser: fromUser))
        case .centerTap:
            centerTapped(time: time)
        case .openFeedback:
            if feedbackLive { outbox.send(.feedback(.open)) }
        case .closeFollowUp(let variant, let playFeedback):
            if playFeedback && feedbackLive { outbox.send(.feedback(.close)) }
            hapticsLive = false
            guard !isOpen else { return }  // reopened within the same turn: keep the new popup
            let spring = variant == .wheel ? Spinner.closeSpringWheel : Spinner.closeSpringPicker
            let from = popupAnimation?.value(at: time) ?? 1
            popupAnimation = ScalarAnimation(from: from, to: Spinner.collapsedScale, start: time, spring: spring)
        case .closeForConfigurationChange:
            close(time: time, byTap: false)
        }
    }

    /// Whether any feedback channel is live now (sound on, or haptic generators alive and switched on).
    public var feedbackLive: Bool { isSoundOn || (hapticsLive && isHapticsOn) }

    /// Ends a finished close animation: the popup goes, and the centre pops in again when it swaps
    /// images (RVS-32, RVS-68).
    func finishPopupAnimations(time: MonotonicTime) {
        guard !isOpen, popupVariant != nil, let a = popupAnimation, a.to == Spinner.collapsedScale,
            a.isFinished(at: time)
        else { return }
        popupVariant = nil
        popupAnimation = nil
        picker = nil
        if replaceCenterImage && centerImageName != nil {
            centerAnimation = ScalarAnimation(from: 0, to: 1, start: a.start + a.duration, spring: Spinner.openSpring)
        }
    }
}
