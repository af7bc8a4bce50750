import Core

/// Routes touch frames to controls: hit-tests touch-downs front to back, gives each contact to
/// exactly one control for its lifetime keyed on its tracking id, maps points into the control's
/// local space through the inverse transform, and turns cancels into per-control cancels.
public final class TouchRouter {
    /// Controls in z-order, back to front; the last one is hit-tested first.
    public private(set) var controls: [any TouchControl]
    private var owners: [ContactKey: Owner] = [:]

    private struct ContactKey: Hashable { var device: Int; var trackingID: Int }

    /// A contact's control, its kind found once at touch-down (not cast again for every sample).
    private enum Owner {
        case single(any TouchControl)
        case multi(any MultiTouchControl)

        var control: any TouchControl {
            switch self {
            case .single(let c): c
            case .multi(let c): c
            }
        }
    }

    public init(controls: [any TouchControl] = []) { self.controls = controls }

    /// What the contact that went down on no control did, as its displacement from where it went down:
    /// the runtime makes a page swipe of it (`PageSwipe`).
    public enum SwipeSample: Hashable, Sendable {
        case moved(Vector)
        case ended(Vector)
        case cancelled
    }
    /// Told every sample of the one contact (the first at a time) that went down on no control; nil
    /// turns swipes off.
    public var onSwipe: ((SwipeSample, MonotonicTime) -> Void)?
    /// That contact: which it is and where it went down.
    private var swipeContact: (key: ContactKey, start: Point)?

    /// Ids of controls that take no touch now (their device is unavailable): a touch-down on one is
    /// swallowed. Contacts they already own go on (a finger lifting still ends its drag).
    public var refused: Set<String> = []

    /// Replaces the control list; every contact in flight is cancelled first.
    public func setControls(_ newControls: [any TouchControl], time: MonotonicTime) {
        cancelAll(time: time)
        controls = newControls
    }

    /// Puts `new` where `old` stood (at the first of them), keeping the rest in order; contacts the old
    /// controls owned are cancelled. An element built again (a property changed) keeps its place.
    public func replace(_ old: [any TouchControl], with new: [any TouchControl], time: MonotonicTime) {
        func isOld(_ c: any TouchControl) -> Bool { old.contains { $0 === c } }
        for (key, owner) in owners where isOld(owner.control) {
            owners[key] = nil
            cancel(owner, key: key, time: time)
        }
        let at = controls.firstIndex(where: isOld) ?? controls.count
        controls.removeAll(where: isOld)
        controls.insert(contentsOf: new, at: min(at, controls.count))
    }

    /// Controls that currently own at least one contact.
    public var activeControlIDs: Set<String> { Set(owners.values.map(\.control.id)) }

    /// Delivers one frame. Every touch in it is handled in order, so a press and a release in one
    /// frame still make a tap.
    public func route(_ frame: TouchFrame) {
        for touch in frame.touches { route(touch, time: frame.time) }
    }

    /// Cancels every contact in flight (device unplugged, screen change).
    public func cancelAll(time: MonotonicTime) {
        let all = owners
        owners.removeAll()
        for (key, owner) in all { cancel(owner, key: key, time: time) }
    }

    /// Cancels the contacts that came from one device (that device went away).
    public func cancelDevice(_ deviceID: Int, time: MonotonicTime) {
        if swipeContact?.key.device == deviceID { swipeContact = nil; onSwipe?(.cancelled, time) }
        for (key, owner) in owners where key.device == deviceID {
            owners[key] = nil
            cancel(owner, key: key, time: time)
        }
    }

    /// Cancels one contact (an overlay took it, X-6); its control gets a cancel, not a lift. Later
    /// samples of that contact are ignored until it lifts.
    public func cancelContact(trackingID: Int, deviceID: Int = 0, time: MonotonicTime) {
        let key = ContactKey(device: deviceID, trackingID: trackingID)
        if let owner = owners.removeValue(forKey: key) { cancel(owner, key: key, time: time) }
    }

    private func route(_ touch: TouchPoint, time: MonotonicTime) {
        let key = ContactKey(device: touch.deviceID, trackingID: touch.trackingID)
        switch touch.phase {
        case .began:
            if let old = owners.removeValue(forKey: key) { cancel(old, key: key, time: time) }
            if swipeContact?.key == key { swipeContact = nil; onSwipe?(.cancelled, time) }
            begin(touch, key: key, time: time)
            // A touch no control took may be a page swipe; one a control took never is.
            if owners[key] == nil && !swallowed && swipeContact == nil && onSwipe != nil {
                swipeContact = (key, touch.position)
            }
        case .moved:
            if let swipe = swipeContact, swipe.key == key { onSwipe?(.moved(touch.position - swipe.start), time) }
            guard let owner = owners[key], let p = local(touch.position, in: owner.control) else { return }
            switch owner {
            case .multi(let multi): multi.touchMoved(id: key.trackingID, to: p, time: time)
            case .single(let control): control.touchMoved(to: p, time: time)
            }
        case .ended:
            if let swipe = swipeContact, swipe.key == key {
                swipeContact = nil
                onSwipe?(.ended(touch.position - swipe.start), time)
            }
            guard let owner = owners.removeValue(forKey: key), let p = local(touch.position, in: owner.control) else {
                return
            }
            switch owner {
            case .multi(let multi): multi.touchEnded(id: key.trackingID, at: p, time: time)
            case .single(let control): control.touchEnded(at: p, time: time)
            }
        case .cancelled:
            if swipeContact?.key == key { swipeContact = nil; onSwipe?(.cancelled, time) }
            if let owner = owners.removeValue(forKey: key) { cancel(owner, key: key, time: time) }
        }
    }

    /// Whether the last touch-down was claimed by a control that then did not track it.
    private var swallowed = false

    private func begin(_ touch: TouchPoint, key: ContactKey, time: MonotonicTime) {
        swallowed = false
        for control in controls.reversed() where !control.isHidden {
            guard let p = local(touch.position, in: control), control.claims(p) else { continue }
            swallowed = true
            // An unavailable control swallows the touch and does nothing: no command reaches a device
            // that cannot take it, and the touch does not fall through to what lies beneath.
            if refused.contains(control.id) { return }
            // The claiming control swallows the touch even when it declines to track it.
            if let multi = control as? any MultiTouchControl {
                if multi.touchBegan(id: key.trackingID, at: p, time: time) { owners[key] = .multi(multi) }
            } else if !owners.values.contains(where: { $0.control === control }) {
                // Single-touch controls follow the first contact only.
                if control.touchBegan(at: p, time: time) { owners[key] = .single(control) }
            }
            return
        }
    }

    private func cancel(_ owner: Owner, key: ContactKey, time: MonotonicTime) {
        switch owner {
        case .multi(let multi): multi.touchCancelled(id: key.trackingID, time: time)
        case .single(let control): control.touchCancelled(time: time)
        }
    }

    private func local(_ screen: Point, in control: any TouchControl) -> Point? {
        control.transform.inverted?.apply(screen)
    }
}
