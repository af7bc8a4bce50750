import ConfigLoading
import Core
import Formats
import Platform
import Widgets

extension KioskRuntime {
    /// Sets variable `id` (`set-var`): the adapters hear of it and the labels showing it are redrawn. A refused value
    /// (unknown id, wrong type, not finite, too long) changes nothing.
    func setVariable(_ id: String, _ raw: JSON, now: MonotonicTime) -> Result<KioskResult, KioskCommandError> {
        do {
            let taken = try variables.set(id, raw, now: now)
            if keepsVariable(id) { services.state.setVariable(id, Optional(taken).json, dueAt: now) }
            presenter.invalidate()
            broadcast(.variable(id: id, value: taken), now: now)
            return .success(.variable(id: id, value: Optional(taken).json))
        } catch {
            return .failure(KioskCommandError(error.message))
        }
    }

    /// Whether variable `id` is saved in the state file: one set only through the socket (no MQTT
    /// topic or Home Assistant entity feeds it), so after a restart the panel shows what it showed and
    /// agrees with the retained state MQTT published for it.
    func keepsVariable(_ id: String) -> Bool {
        !(config.mqtt?.bindings.contains { $0.variable == id } ?? false)
            && !(config.homeAssistant?.variables.contains { $0.id == id } ?? false)
    }

    /// Puts the saved variables back at start. Their age is unknown, so one that goes stale
    /// (`stale_after`) comes back already stale: shown, dimmed, until it is set again.
    func restoreVariables(now: MonotonicTime) {
        for (id, saved) in services.state.variables.sorted(by: { $0.key < $1.key }) where keepsVariable(id) {
            guard let declared = variables.board.variable(id)?.declaration else { continue }
            do {
                _ = try variables.set(id, saved, now: now - (declared.staleAfter ?? 0))
            } catch {
                Log.warning("state: saved variable \(id) not restored: \(error.message)")
            }
        }
    }

    /// Points the board's control lookup at this runtime: the shown screen's elements, then the state
    /// file's saved values, then the config's initial values — so a label can show a control of
    /// another screen.
    func attachBoard() {
        variables.board.clockNames = WallClockText.Names.of(locale: config.display.locale)
        clock.enabled = config.templates.values.contains { $0.names.contains(WallClockText.name) }
        // A reload builds a new board: it shows the minute already read, not "—" until the next one.
        variables.board.wallClock = clock.minute
        variables.board.controlValue = { [unowned self] id in
            screen.element(id: id)?.value ?? services.state.values[id] ?? variables.controlDefaults[id]
        }
    }
}

extension KioskRuntime {
    /// Puts the wall time's minute on the board when it changes (`MinuteWake` says when to look).
    func tickClock(now: MonotonicTime) {
        guard let minute = clock.tick(now: now, localSeconds: WallClock.localSeconds) else { return }
        variables.board.wallClock = minute
        presenter.invalidate()
        refreshElements(now: now)
    }
}
