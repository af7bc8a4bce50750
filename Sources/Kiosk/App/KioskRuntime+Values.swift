import ConfigLoading
import Controls
import Core
import Platform
import Widgets

/// Why a `set` or `get` from outside (socket, MQTT) was refused: said to the client as it is.
struct ControlRequestError: Error, CustomStringConvertible {
    let description: String
}

extension KioskRuntime {
    /// Sets control `id` for the socket and MQTT, wherever it is. On the screen shown, through its element.
    /// On another screen, through that control built off screen from its config and saved value: clamped
    /// and refused exactly as on screen, then saved, published and hooked like any change, and shown as
    /// set when its screen is. A panel's values are the house's state, not only the page in view.
    /// Returns the value the control took. `cause`: who set it, as its change is published (the
    /// command's sender, or the kiosk for an action's preset). `depth`: how many preset rounds led here
    /// (a preset action sets controls this way too).
    func setControl(
        _ id: String, _ value: StoredValue, now: MonotonicTime, cause: ChangeOrigin, depth: Int = 0
    ) throws(ControlRequestError) -> StoredValue {
        if screen.element(id: id) != nil, screen.router.activeControlIDs.contains(id) {
            return try keepWhileHeld(id, value, now: now, cause: cause)
        }
        guard let element = screen.element(id: id) ?? offscreenElement(id, now: now) else { throw unknownControl(id) }
        heldSets.settled(id)
        let taken: StoredValue
        do {
            taken = try element.setValue(value, time: now)
        } catch {
            throw ControlRequestError(description: "\(id): \(error)")
        }
        // Only this element raised events (another's come through the actions it asks for): draining
        // every element of a large panel for each set from a device cost more than the set itself.
        let actions = deliver(element, now: now, cause: cause)
        if !actions.isEmpty { perform(actions, now: now, depth: depth) }
        // A seeker's set raises no event (CS-3), so nothing above saved it; the value is the panel's
        // state all the same: saved at once and published like any programmatic change.
        if services.state.values[id] != taken {
            services.state.set(id, taken, dueAt: now)
            broadcast(.valueChanged(id: id, value: taken, urgent: true, origin: cause), now: now)
        }
        return taken
    }

    /// A set of an element a finger holds: checked and clamped as if applied (on a copy built from its
    /// config), then kept, not applied: the element follows the finger (a value slider's drag is not
    /// ended, NP-14), and the kept value is shown after the lift unless a newer set comes (`HeldSets`).
    private func keepWhileHeld(
        _ id: String, _ value: StoredValue, now: MonotonicTime, cause: ChangeOrigin
    ) throws(ControlRequestError) -> StoredValue {
        guard let copy = offscreenElement(id, now: now) else { throw unknownControl(id) }
        let taken: StoredValue
        do {
            taken = try copy.setValue(value, time: now)
        } catch {
            throw ControlRequestError(description: "\(id): \(error)")
        }
        heldSets.keep(id, taken, cause: cause)
        return taken
    }

    /// Shows the values kept for elements no finger holds any more whose time came, as the command
    /// that sent them would have.
    func showHeldSets(now: MonotonicTime) {
        guard !heldSets.isEmpty else { return }
        for kept in heldSets.follow(held: screen.router.activeControlIDs, now: now) {
            do { _ = try setControl(kept.id, kept.value, now: now, cause: kept.cause) } catch {
                Log.warning("\(kept.id): the value set while a finger held it was not shown: \(error)")
            }
        }
    }

    /// The value of control `id` on any screen: the element's on the screen shown, else the saved one,
    /// else the config's. Nil for an unknown id; throws for a control that holds no value (a button).
    func controlValue(_ id: String, now: MonotonicTime) throws(ControlRequestError) -> StoredValue {
        guard let element = screen.element(id: id) ?? offscreenElement(id, now: now) else { throw unknownControl(id) }
        guard let value = element.value else { throw ControlRequestError(description: "\(id) holds no value") }
        return value
    }

    func unknownControl(_ id: String) -> ControlRequestError {
        ControlRequestError(description: "no control \"\(id)\" on any screen; \"list\" shows the ids of the one shown")
    }

    /// Control `id` of a screen not shown, with the keys set from outside (an entity's options and
    /// range) and then its saved value applied (its events from that drained): a value of the options
    /// an entity gave finds them in place.
    func offscreenElement(_ id: String, now: MonotonicTime) -> Element? {
        let size = presenter.display.canvasSize
        let scale = PanelScale.of(
            config: config.display, canvasSize: size, physicalMM: presenter.display.physicalSizeMM)
        guard
            let element = KioskScreen.offscreenElement(
                id: id, config: config, canvasSize: size, scale: scale,
                time: now, board: variables.board, overrides: properties[id] ?? [:])
        else { return nil }
        if let saved = services.state.values[id] { _ = try? element.setValue(saved, time: now) }
        _ = element.drainEvents(time: now)
        return element
    }
}
