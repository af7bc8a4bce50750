import ConfigLoading
import Controls
import Core
import Formats
import Platform
import Widgets

extension KioskRuntime {
    /// Drains every control's events in screen order and hands each value change to the state file,
    /// the socket's subscribers and the hooks. Releases flush the state at once.
    /// `cause`: where a change not made by a finger comes from (the command being done, or the kiosk);
    /// passed down, never kept, so a change an action makes cannot carry the origin of whatever ran
    /// before it. `depth`: how many preset rounds led here (a preset that sets a toggle with actions of
    /// its own is followed, a loop of them is not).
    func deliverEvents(now: MonotonicTime, cause: ChangeOrigin, depth: Int = 0) {
        var actions: [(Element, ElementAction)] = []
        for b in screen.elements { actions += deliver(b, now: now, cause: cause) }
        // Actions run after every event is delivered: a screen switch rebuilds the elements.
        if !actions.isEmpty { perform(actions, now: now, depth: depth) }
    }

    /// Drains one element's events (of the shown screen, or one built off screen for a `set`) and hands
    /// them on, a change a finger did not make as `cause`'s; returns the actions they ask for.
    func deliver(_ b: Element, now: MonotonicTime, cause: ChangeOrigin) -> [(Element, ElementAction)] {
        var actions: [(Element, ElementAction)] = []
        let events = b.drainEvents(time: now)
        guard !events.isEmpty else { return [] }
        if holdsBack(b, events, now: now) { return [] }
        presenter.invalidate()
        var changed = false, fromUser = false, released = false
        for e in events {
            switch e {
            case .valueChanged(_, let user), .secondValueChanged(_, let user):
                changed = true
                fromUser = fromUser || user
            case .rangeChanged(_, _, _, let user):
                changed = true
                fromUser = fromUser || user
            case .selectionChanged:
                changed = true
            case .endedTracking, .rangeEndedTracking: released = true
            case .feedback(let cue):
                // the panel's rumble motor where it has one (FF_RUMBLE); no sound device is driven.
                // The element's own switch (the spinner's haptics, RVS-10) gates it as well as the config's.
                if config.input.haptics && b.allowsFeedback {
                    _ = touches.hub?.rumble(milliseconds: cue == .detent ? 15 : 30)
                }
            default: break
            }
            broadcast(.control(id: b.id, event: e, value: b.value), now: now)
            actions += b.actions(for: e).map { (b, $0) }
        }
        guard let value = b.value else { return actions }
        if changed || released {
            // Changes a finger makes (a drag, a coasting wheel) wait for the debounce so an SD card is
            // not written on every sample; a release or a programmatic change is written in this turn,
            // right after the frame that shows it (KioskRuntime.turn).
            if released || !fromUser {
                services.state.set(b.id, value, dueAt: now)
            } else {
                services.state.set(b.id, value, now: now, urgent: false)
            }
            broadcast(
                .valueChanged(
                    id: b.id, value: value, urgent: released || !fromUser, origin: fromUser ? .finger : cause), now: now
            )
        }
        guard let hooks = b.config.hooks else { return actions }
        let timeout = Double(hooks.timeoutMS) / 1000
        if changed, let argv = hooks.onChange {
            services.hooks.request(
                key: "\(b.id)/change", argv: HookRunner.expand(argv, id: b.id, value: value.hookText),
                minInterval: Double(hooks.minIntervalMS) / 1000, timeout: timeout, now: now)
        }
        if released, let argv = hooks.onRelease {
            services.hooks.request(
                key: "\(b.id)/release", argv: HookRunner.expand(argv, id: b.id, value: value.hookText),
                minInterval: 0, timeout: timeout, now: now)
        }
        return actions
    }
}
