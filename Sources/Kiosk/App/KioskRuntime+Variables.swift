import Core
import Widgets

extension KioskRuntime {
    /// `{"cmd":"set-var","id":"outdoor","value":4.5}` → `{"ok":true,"id":"outdoor","value":4.5}`;
    /// subscribers get `{"event":"variable",…}` and the labels showing it are redrawn. A refused value
    /// (unknown id, wrong type, not finite, too long) changes nothing.
    func setVariable(_ request: JSON, now: MonotonicTime) -> JSON {
        guard let id = request["id"]?.stringValue, let raw = request["value"] else {
            return .object([("error", .string("set-var needs \"id\" (a declared variable) and \"value\""))])
        }
        do {
            let value = try variables.set(id, raw, now: now)
            presenter.invalidate()
            let pairs: [(String, JSON)] = [("id", .string(id)), ("value", Optional(value).json)]
            services.socket?.broadcast(.object([("event", .string("variable"))] + pairs))
            return .object([("ok", .bool(true))] + pairs)
        } catch {
            return .object([("error", .string(error.message))])
        }
    }

    /// Points the board's control lookup at this runtime: the shown screen's elements, then the state
    /// file's saved values, then the config's initial values — so a label can show a control of
    /// another screen.
    func attachBoard() {
        variables.board.controlValue = { [unowned self] id in
            screen.element(id: id)?.value ?? services.state.values[id] ?? variables.controlDefaults[id]
        }
    }
}
