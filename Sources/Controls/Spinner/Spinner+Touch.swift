#if canImport(Glibc)
    import Glibc
#endif
import Core

/// The contact a spinner is following, and what it started on.
enum SpinnerTouch {
    /// On the centre (RVS-24, RVS-26); `inside` follows the finger with the platform's tolerance.
    case center(inside: Bool)
    /// On the open wheel (RVS-41…45).
    case disc(DiscTouch)
    /// On the open picker list (RVS-60).
    case picker(GestureArbiter)
}

/// One contact on the open wheel.
struct DiscTouch {
    var arbiter = GestureArbiter()
    /// This touch-down stopped a running spin (RVS-49 port), so its tap or long press does nothing more.
    var stoppedSpin = false
    var panStartAngle = Angle.zero
    var panStartIndex = 0
    var lastPoint = Point.zero
    /// The next auto-repeat step of a held long press (RVS-43 port option).
    var repeatAt: MonotonicTime?
}

extension Spinner {
    /// UIKit's touch-up-inside tolerance around a control (≈70 pt, SEED 7.2).
    public static let touchInsideTolerance = 70.0

    /// The centre, and while open the disc square or the picker frame (RVS-29, RVS-30, RVS-41).
    public func claims(_ p: Point) -> Bool {
        if isOpen {
            switch popupVariant {
            case .wheel?: if discRect.contains(p) { return true }
            case .picker?: if pickerFrame.contains(p) { return true }
            case nil: break
            }
        }
        // The centre sits above the popup. A disabled or empty centre takes no touches (RVS-55,
        // RVS-57), so the disc beneath it gets them (checked above).
        return isEnabled && count > 0 && bounds.contains(p)
    }

    /// Starts a centre press, a disc gesture or a picker drag.
    public func touchBegan(at p: Point, time: MonotonicTime) -> Bool {
        runTurn(time)
        if isEnabled && count > 0 && bounds.contains(p) {
            touch = .center(inside: true)
            isCenterHighlighted = true
            return true
        }
        guard isOpen else { return false }
        if popupVariant == .wheel && discRect.contains(p) {
            var t = DiscTouch()
            if options.stopsSpinOnTouchDown && flywheel.isRunning { flywheel.stop(); t.stoppedSpin = true }
            t.arbiter.begin(at: p, time: time)
            t.lastPoint = p
            touch = .disc(t)
            return true
        }
        if popupVariant == .picker, var list = picker, pickerFrame.contains(p) {
            list.touchDown(y: p.y - pickerFrame.minY, time: time)
            picker = list
            var arbiter = GestureArbiter(longPressDuration: nil)
            arbiter.begin(at: p, time: time)
            touch = .picker(arbiter)
            return true
        }
        return false
    }

    /// One move sample for the contact this spinner follows.
    public func touchMoved(to p: Point, time: MonotonicTime) {
        runTurn(time)
        switch touch {
        case .center?:
            let inside = bounds.outsetBy(Spinner.touchInsideTolerance).contains(p)
            touch = .center(inside: inside)
            isCenterHighlighted = inside
        case .disc(var t)?:
            t.lastPoint = p
            let gestures = t.arbiter.move(to: p, time: time)
            touch = .disc(t)
            handle(gestures, time: time)
        case .picker(var arbiter)?:
            let gestures = arbiter.move(to: p, time: time)
            touch = .picker(arbiter)
            if gestures.contains(where: {
                if case .panBegan = $0 { return true }; if case .panChanged = $0 { return true }; return false
            }) {
                picker?.drag(to: p.y - pickerFrame.minY)
            }
        case nil: break
        }
    }

    /// The lift: a centre tap (handled next turn), a disc gesture end, or a picker release.
    public func touchEnded(at p: Point, time: MonotonicTime) {
        runTurn(time)
        let current = touch
        touch = nil
        switch current {
        case .center?:
            isCenterHighlighted = false
            if bounds.outsetBy(Spinner.touchInsideTolerance).contains(p) { pendingWork.append(.centerTap) }
        case .disc(var t)?:
            let gestures = t.arbiter.end(at: p, time: time)
            touch = .disc(t)
            handle(gestures, time: time)
            touch = nil
        case .picker(var arbiter)?:
            for g in arbiter.end(at: p, time: time) {
                switch g {
                case .tap(let at):
                    let y = at.y - pickerFrame.minY
                    if let row = picker?.row(atY: y, pickerHeight: pickerFrame.height, time: time) {
                        picker?.scroll(to: row, time: time)
                    } else {
                        picker?.release(velocityY: 0, time: time)
                    }
                case .panEnded(let at, let v):
                    picker?.drag(to: at.y - pickerFrame.minY)
                    picker?.release(velocityY: v.dy, time: time)
                default: break
                }
            }
        case nil: break
        }
    }

    /// A cancel: no tap, no step, no fling.
    public func touchCancelled(time: MonotonicTime) {
        runTurn(time)
        let current = touch
        touch = nil
        isCenterHighlighted = false
        switch current {
        case .picker?: picker?.release(velocityY: 0, time: time)  // settle where it is, no fling
        default: break  // a cancelled pan or long press makes no further step and no flick
        }
    }

    /// RVS-26: a tap (touch-up inside) on the centre, handled on the loop turn after the lift
    /// (RVS-64: lift → next turn → build → `hasOpened` → `isOpen` → `touchUpInside`).
    func centerTapped(time: MonotonicTime) {
        if flywheel.isRunning { flywheel.stop(); return }  // only stops the spin; no event (RVS-65)
        if count >= 2 {
            if isOpen { close(time: time, byTap: true) } else { open(time: time, byTap: true) }
        } else if count == 1, let item = items.first {
            outbox.send(.touchUpInside)
            delegate?.spinner(self, singleValueSelected: item)
            outbox.send(.singleValueSelected(index: 0))
        }
    }

    /// The disc's recognisers' callbacks (RVS-42…46).
    func handle(_ gestures: [DiscGesture], time: MonotonicTime) {
        for g in gestures {
            guard case .disc(var t)? = touch else { return }
            switch g {
            case .tap(let at):
                if !t.stoppedSpin { discDecision(at: at, time: time) } else if flywheel.isRunning { flywheel.stop() }
            case .longPressBegan(let at):
                switch options.longPressStepping {
                case .everyCallback: discDecision(at: at, time: time)
                case .once(let interval):
                    if flywheel.isRunning {
                        flywheel.stop()
                    } else if !t.stoppedSpin {
                        discDecision(at: at, time: time)
                    }
                    if let i = interval, i > 0 { t.repeatAt = time + i }
                }
            case .longPressChanged(let at), .longPressEnded(let at):
                if case .everyCallback = options.longPressStepping { discDecision(at: at, time: time) }
            case .panBegan(let at):
                t.panStartAngle = (at - discCenter).angle
                t.panStartIndex = selectedIndex
                stepBy(at.x < bounds.midX ? -1 : 1, time: time)  // the kick, not folded into s0
            case .panChanged(let at):
                followPan(t, at: at, time: time)
            case .panEnded(let at, let v):
                followPan(t, at: at, time: time)
                let u = Flywheel.tangentialSpeed(vx: v.dx, vy: v.dy, theta: (at - discCenter).angle)
                if let v0 = Flywheel.flickVelocity(tangentialSpeed: u) {
                    startSpin(velocity: v0, time: time)
                }
            case .cancelled:
                t.repeatAt = nil
            }
            if case .disc? = touch { touch = .disc(t) }
        }
    }

    /// RVS-42's decision, also run by the long press: stop a spin, or close from the centre rectangle,
    /// or step by the half the finger is in.
    func discDecision(at p: Point, time: MonotonicTime) {
        if flywheel.isRunning { flywheel.stop(); return }
        if bounds.contains(p) { close(time: time, byTap: false); return }
        stepBy(p.x < bounds.midX ? -1 : 1, time: time)
    }

    /// One user step, wrapping (RVS-42).
    func stepBy(_ delta: Int, time: MonotonicTime) {
        setIndex(wrapped(selectedIndex + delta), fromUser: true, time: time)
    }

    /// RVS-45: one item per 360°/n of finger rotation about the centre, absolute from the pan start.
    func followPan(_ t: DiscTouch, at p: Point, time: MonotonicTime) {
        let theta = (p - discCenter).angle
        let k = ((theta.radians - t.panStartAngle.radians) * Double(count) / (2 * Double.pi))
            .rounded(.toNearestOrAwayFromZero)
        setIndex(wrapped(t.panStartIndex + Int(k)), fromUser: true, time: time)
    }

    /// Long-press auto-repeat and a due long-press recognition, on a loop turn without touch input.
    func advanceTouch(to time: MonotonicTime) {
        guard case .disc(var t)? = touch else { return }
        let gestures = t.arbiter.advance(to: time)
        touch = .disc(t)
        handle(gestures, time: time)
        guard case .disc(var held)? = touch, case .once(let interval?) = options.longPressStepping,
            interval > 0, var next = held.repeatAt
        else { return }
        while next <= time {
            stepBy(held.lastPoint.x < bounds.midX ? -1 : 1, time: next)
            next += interval
        }
        held.repeatAt = next
        touch = .disc(held)
    }
}
